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

/**
 * The local default: no network, no account. It cannot know which streets exist, so it takes the street as typed
 * and places it by ZIP (the ZIP's centroid as lat/lng) or by city and state from the `zipcodes` data set:
 * - a ZIP resolves city and state (a contradicting state gives nothing);
 * - a city and state without a ZIP offer that city's ZIP codes (the user picks theirs);
 * - a city still being typed offers the matching cities (each with its first ZIP).
 * A text without a house number gives nothing, which is what makes the UI show its "full address" hint.
 */
export class OfflineAddressSearch implements AddressSearch {
  private readonly stateNames: StateNames;
  private readonly cities: CityEntry[];
  private readonly citiesByKey = new Map<string, CityEntry[]>();

  constructor() {
    this.stateNames = new Map(Object.entries(zipcodes.states.abbr).map(([code, name]) => [name.toUpperCase(), code.toUpperCase()]));
    const byCityState = new Map<string, CityEntry>();
    for (const code of Object.values(zipcodes.codes)) {
      if (code.country !== 'US') continue;
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
  }

  async suggest(query: string): Promise<AddressSuggestion[]> {
    if (!isSearchable(query)) return [];
    return this.resolve(parseUsAddress(query, this.stateNames)).slice(0, MAX_SUGGESTIONS);
  }

  async geocode(address: string): Promise<AddressSuggestion | null> {
    if (!isSearchable(address)) return null;
    const parsed = parseUsAddress(address, this.stateNames);
    // A single point needs a place that is not still being typed.
    if (parsed.cityIsPrefix || parsed.statePrefix) return null;
    return this.resolve(parsed)[0] ?? null;
  }

  private resolve(parsed: ParsedUsAddress): AddressSuggestion[] {
    if (parsed.foreign || !parsed.street) return [];
    if (parsed.zip) {
      const code = zipcodes.lookup(parsed.zip);
      if (!code || code.country !== 'US') return [];
      if (parsed.state && parsed.state !== code.state) return [];
      if (parsed.statePrefix && !code.state.startsWith(parsed.statePrefix)) return [];
      return [this.suggestion(this.streetWithoutCity(parsed, code.city), code)];
    }
    if (parsed.city === null && parsed.state) {
      // One line without ZIP: the longest run of trailing street words that is a city of the state.
      const split = this.splitCity(parsed.street, parsed.state);
      if (!split) return [];
      return split.entry.zips.map((code) => this.suggestion(split.street, code));
    }
    if (!parsed.city) return [];
    const key = parsed.city.toUpperCase();
    const stateMatches = (state: string) =>
      parsed.state ? state === parsed.state : parsed.statePrefix ? state.startsWith(parsed.statePrefix) : true;
    const exact = (this.citiesByKey.get(key) ?? []).filter((entry) => stateMatches(entry.state));
    if (exact.length === 1 && (parsed.state || !parsed.cityIsPrefix)) {
      return exact[0]!.zips.map((code) => this.suggestion(parsed.street!, code));
    }
    const matching = parsed.cityIsPrefix || parsed.statePrefix || exact.length === 0
      ? this.cities.filter((entry) => entry.key.startsWith(key) && stateMatches(entry.state))
      : exact;
    // Whole-name matches first ("Washington" before "Washington Court House").
    const ordered = [...matching.filter((e) => e.key === key), ...matching.filter((e) => e.key !== key)];
    return ordered.map((entry) => this.suggestion(parsed.street!, entry.zips[0]!));
  }

  private splitCity(street: string, state: string): { street: string; entry: CityEntry } | null {
    const words = street.split(' ');
    for (let take = Math.min(4, words.length - 2); take >= 1; take--) {
      const key = words.slice(-take).join(' ').toUpperCase();
      const entry = this.citiesByKey.get(key)?.find((e) => e.state === state);
      if (entry) return { street: words.slice(0, -take).join(' '), entry };
    }
    return null;
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
    };
  }
}
