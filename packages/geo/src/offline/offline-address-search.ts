import zipcodes, { type ZipCode } from 'zipcodes';
import { isSearchable, MAX_SUGGESTIONS, type AddressSearch } from '../address-search.js';
import type { AddressSuggestion } from '../address-suggestion.js';
import { parseUsAddress, tidyStreet, type ParsedUsAddress, type StateNames } from './parse-us-address.js';

interface CityEntry {
  city: string;
  state: string;
  /** Upper-cased city name, for matching. */
  key: string;
  zips: ZipCode[];
}

/** Military "states" (APO/FPO): real ZIPs, but never where a rental property is. */
const militaryStates = new Set(['AA', 'AE', 'AP']);

/** What the offline search found, and whether the text named any place at all. */
interface Resolved {
  suggestions: AddressSuggestion[];
  /** The text named no city or ZIP: the suggestions are the largest cities (of the state, if named), a guess to narrow. */
  guessed: boolean;
}

/**
 * The local default: no network, no account. It cannot know which streets exist (no street index ships with a
 * licence and size that fit), so it takes the street as typed and places it at a ZIP centroid from the `zipcodes`
 * data set:
 * - a ZIP resolves city and state (a contradicting state gives nothing);
 * - a city and state without a ZIP offer that city's ZIP codes (the user picks theirs);
 * - a city (or its beginning) offers the matching cities, whole names first, then the larger ones;
 * - a state alone offers its largest cities; a street alone the country's largest.
 * "Larger" is the number of ZIP codes a city has, the only size the data holds. A text without a house number
 * gives nothing, which is what makes the UI show its "full address" hint.
 */
export class OfflineAddressSearch implements AddressSearch {
  private readonly stateNames: StateNames;
  private readonly cities: CityEntry[];
  private readonly citiesByKey = new Map<string, CityEntry[]>();
  /** Every city, the ones with the most ZIP codes first. */
  private readonly largestCities: CityEntry[];

  constructor() {
    this.stateNames = new Map(Object.entries(zipcodes.states.abbr).map(([code, name]) => [name.toUpperCase(), code.toUpperCase()]));
    const byCityState = new Map<string, CityEntry>();
    for (const code of Object.values(zipcodes.codes)) {
      if (code.country !== 'US' || militaryStates.has(code.state)) continue;
      const key = code.city.toUpperCase();
      const id = `${key}|${code.state}`;
      let entry = byCityState.get(id);
      if (!entry) {
        entry = { city: code.city, state: code.state, key, zips: [] };
        byCityState.set(id, entry);
      }
      entry.zips.push(code);
    }
    this.cities = [...byCityState.values()].sort((a, b) => a.key.localeCompare(b.key) || a.state.localeCompare(b.state));
    for (const entry of this.cities) {
      entry.zips.sort((a, b) => a.zip.localeCompare(b.zip));
      const list = this.citiesByKey.get(entry.key) ?? [];
      list.push(entry);
      this.citiesByKey.set(entry.key, list);
    }
    this.largestCities = [...this.cities].sort(bySize);
  }

  async suggest(query: string): Promise<AddressSuggestion[]> {
    if (!isSearchable(query)) return [];
    return this.resolve(parseUsAddress(query, this.stateNames)).suggestions.slice(0, MAX_SUGGESTIONS);
  }

  async geocode(address: string): Promise<AddressSuggestion | null> {
    if (!isSearchable(address)) return null;
    const parsed = parseUsAddress(address, this.stateNames);
    // A single point needs a place that is not still being typed, and one the text names.
    if (parsed.cityIsPrefix || parsed.statePrefix) return null;
    const { suggestions, guessed } = this.resolve(parsed);
    return guessed ? null : (suggestions[0] ?? null);
  }

  private resolve(parsed: ParsedUsAddress): Resolved {
    const found = (suggestions: AddressSuggestion[]): Resolved => ({ suggestions, guessed: false });
    if (parsed.foreign || !parsed.street) return found([]);
    if (parsed.zip) {
      const code = zipcodes.lookup(parsed.zip);
      if (!code || code.country !== 'US') return found([]);
      if (parsed.state && parsed.state !== code.state) return found([]);
      if (parsed.statePrefix && !code.state.startsWith(parsed.statePrefix)) return found([]);
      return found([this.suggestion(this.streetWithoutCity(parsed, code.city), code)]);
    }
    if (parsed.city === null) {
      // One line without ZIP: the longest run of trailing street words that is a city (of the state, if given).
      const split = this.splitCity(parsed.street, parsed.state);
      if (split.length === 1) return found(split[0]!.entry.zips.map((code) => this.suggestion(split[0]!.street, code)));
      if (split.length > 1) return found(split.map(({ street, entry }) => this.suggestion(street, entry.zips[0]!)));
      const largest = this.largestCities.filter((entry) => !parsed.state || entry.state === parsed.state);
      return { suggestions: largest.slice(0, MAX_SUGGESTIONS).map((entry) => this.suggestion(parsed.street!, entry.zips[0]!)), guessed: true };
    }
    const key = parsed.city.toUpperCase();
    const stateMatches = (state: string) =>
      parsed.state ? state === parsed.state : parsed.statePrefix ? state.startsWith(parsed.statePrefix) : true;
    const exact = (this.citiesByKey.get(key) ?? []).filter((entry) => stateMatches(entry.state));
    if (exact.length === 1 && (parsed.state || !parsed.cityIsPrefix)) {
      return found(exact[0]!.zips.map((code) => this.suggestion(parsed.street!, code)));
    }
    const matching = parsed.cityIsPrefix || parsed.statePrefix || exact.length === 0
      ? this.cities.filter((entry) => entry.key.startsWith(key) && stateMatches(entry.state))
      : exact;
    if (matching.length === 0 && !parsed.state && !parsed.statePrefix) {
      // "…, California": a state typed where a city would be, and no city has that name.
      const state = this.stateNames.get(key);
      if (state) return this.resolve({ ...parsed, city: null, cityIsPrefix: false, state });
    }
    // Whole-name matches first ("Washington" before "Washington Court House"), then the larger cities.
    const ordered = [...matching].sort((a, b) => Number(b.key === key) - Number(a.key === key) || bySize(a, b));
    return found(ordered.map((entry) => this.suggestion(parsed.street!, entry.zips[0]!)));
  }

  /** Every reading of the street's trailing words as a city, largest first, for the longest run that is one. */
  private splitCity(street: string, state: string | null): { street: string; entry: CityEntry }[] {
    const words = street.split(' ');
    for (let take = Math.min(4, words.length - 2); take >= 1; take--) {
      const key = words.slice(-take).join(' ').toUpperCase();
      const entries = (this.citiesByKey.get(key) ?? []).filter((e) => !state || e.state === state).sort(bySize);
      if (entries.length > 0) return entries.map((entry) => ({ street: words.slice(0, -take).join(' '), entry }));
    }
    return [];
  }

  private streetWithoutCity(parsed: ParsedUsAddress, city: string): string {
    const street = parsed.street!;
    // "1600 Pennsylvania Ave NW Washington DC 20500" typed without commas: the city trails the street.
    if (parsed.city === null && street.toUpperCase().endsWith(` ${city.toUpperCase()}`)) {
      return street.slice(0, street.length - city.length - 1);
    }
    return street;
  }

  private suggestion(rawStreet: string, code: ZipCode): AddressSuggestion {
    const street = tidyStreet(rawStreet.trim());
    return {
      id: `offline:${code.zip}:${street.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
      label: `${street}, ${code.city}, ${code.state} ${code.zip}`,
      street,
      city: code.city,
      state: code.state,
      zipcode: code.zip,
      country: 'US',
      lat: code.latitude,
      lng: code.longitude,
      precision: 'zipcode',
    };
  }
}

function bySize(a: CityEntry, b: CityEntry): number {
  return b.zips.length - a.zips.length || a.key.localeCompare(b.key) || a.state.localeCompare(b.state);
}
