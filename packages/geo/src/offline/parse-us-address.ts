/**
 * What a typed (possibly half-typed) US street address says, before any lookup: "1600 Pennsylvania Ave NW,
 * Washington, DC 20500" → street, city, state, zip. The last part the user is still typing is kept as a prefix
 * (`cityPrefix` / `statePrefix`) so autocomplete can match it.
 */
export interface ParsedUsAddress {
  /** House number and street name ("1600 Pennsylvania Ave NW"); null when the text does not start with a number. */
  street: string | null;
  city: string | null;
  /** True when the city part is still being typed (it is the last thing in the text). */
  cityIsPrefix: boolean;
  /** Two-letter code, when a state was recognised. */
  state: string | null;
  /** A partial state being typed ("D" of "DC"), upper-cased. */
  statePrefix: string | null;
  zip: string | null;
  /** The text names another country, or has a non-US postal code. */
  foreign: boolean;
}

/** Two-letter code by upper-cased full name, including DC and the territories the ZIP data covers. */
export type StateNames = ReadonlyMap<string, string>;

const usCountry = /^(u\.?s\.?a?\.?|united states( of america)?|america)$/i;
const foreignCountry =
  /^(canada|mexico|uk|u\.k\.|united kingdom|great britain|england|scotland|wales|ireland|france|germany|spain|italy|portugal|netherlands|belgium|switzerland|austria|australia|new zealand|india|china|japan|brazil|argentina|south africa)$/i;
// Canadian (K1A 0B1) and British (SW1A 2AA) postal codes.
const foreignPostcode = /\b([A-Z]\d[A-Z] ?\d[A-Z]\d|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})\b/i;
const zipWord = /^(\d{5})(?:-\d{4})?$/;
const streetStart = /^\d+[A-Za-z]?(?:-\d+[A-Za-z]?)?\s+\S/;

export function parseUsAddress(input: string, stateNames: StateNames): ParsedUsAddress {
  const result: ParsedUsAddress = {
    street: null,
    city: null,
    cityIsPrefix: false,
    state: null,
    statePrefix: null,
    zip: null,
    foreign: false,
  };
  let parts = input
    .replace(/\s+/g, ' ')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const last = parts.at(-1);
  if (last && foreignCountry.test(last)) return { ...result, foreign: true };
  if (last && parts.length > 1 && usCountry.test(last)) parts = parts.slice(0, -1);
  if (parts.some((part, i) => i > 0 && foreignPostcode.test(part) && !/\d{5}/.test(part))) return { ...result, foreign: true };

  const typedFirst = parts[0];
  if (!typedFirst || !streetStart.test(typedFirst)) return result;
  // "1600 Amphitheatre Pkwy Mountain View CA": a street suffix ends the street, as a comma would have.
  const [first, ...placeWords] = splitAfterStreet(typedFirst);
  if (placeWords.length > 0) parts = [first!, placeWords.join(' '), ...parts.slice(1)];
  else parts = [first!, ...parts.slice(1)];

  if (parts.length === 1) return parseSingleLine(first!, result, stateNames);

  result.street = first!;
  const rest = takeZip(parts.slice(1), result);
  if (rest.length === 0) return result;
  if (rest.length === 1) {
    // One part after the street: "Washington DC", "Washington", "Wash", "CA".
    const words = rest[0]!.split(' ');
    const state = words.length > 1 ? trailingState(words, stateNames) : null;
    if (state) {
      result.state = state.code;
      result.city = words.slice(0, words.length - state.length).join(' ');
    } else if (/^[A-Za-z]{2}$/.test(rest[0]!) && stateCode(rest[0]!, stateNames)) {
      result.state = stateCode(rest[0]!, stateNames);
    } else {
      result.city = rest[0]!;
      result.cityIsPrefix = !result.zip;
    }
    return result;
  }
  // "City, State" (possibly more parts, e.g. a unit line: the last two are city and state).
  const stateText = rest.at(-1)!;
  result.city = rest.at(-2)!;
  const code = stateCode(stateText, stateNames);
  if (code) result.state = code;
  else if (!result.zip) result.statePrefix = stateText.toUpperCase();
  if (rest.length > 2) result.street = [first, ...rest.slice(0, -2)].join(', ');
  return result;
}

/** A five-digit ZIP may come anywhere after the street ("…, 94043 Mountain View" as well as "…, CA 94043"). */
function takeZip(parts: string[], result: ParsedUsAddress): string[] {
  const rest: string[] = [];
  for (const part of parts) {
    const words = part.split(' ');
    const at = result.zip ? -1 : words.findIndex((word) => zipWord.test(word));
    if (at >= 0) {
      result.zip = zipWord.exec(words[at]!)![1]!;
      words.splice(at, 1);
    }
    if (words.length > 0) rest.push(words.join(' '));
  }
  return rest;
}

/**
 * USPS street suffixes in both spellings people type (Publication 28, the common ones). Words that are as often
 * names as suffixes ("Park", "Hill", "Point") are left out: ending a street there would cut "Park Ave" short.
 */
const streetSuffixes = new Set(
  (
    'ST STREET AVE AVENUE AV BLVD BOULEVARD RD ROAD DR DRIVE LN LANE CT COURT PL PLACE PKWY PARKWAY PKY WAY TER ' +
    'TERRACE CIR CIRCLE HWY HIGHWAY SQ SQUARE TRL TRAIL LOOP PIKE PLZ PLAZA ALY ALLEY EXPY EXPRESSWAY FWY FREEWAY ' +
    'TPKE TURNPIKE CRES CRESCENT XING CROSSING CV COVE BND BEND'
  ).split(' '),
);
const unitWords = new Set(['APT', 'APARTMENT', 'UNIT', 'STE', 'SUITE', 'FL', 'FLOOR', 'RM', 'ROOM', 'BLDG']);

/**
 * "1600 Amphitheatre Pkwy NW Apt 4 Mountain View" → ["1600 Amphitheatre Pkwy NW Apt 4", "Mountain", "View"]: the
 * street runs to its first suffix after the name (with a direction and a unit that follow it); the words after it
 * are the place. Without a suffix the whole text stays the street, and the place is found later against the data.
 */
function splitAfterStreet(text: string): string[] {
  const words = text.split(' ');
  const suffixAt = words.findIndex((word, i) => i >= 2 && streetSuffixes.has(word.replace(/\.$/, '').toUpperCase()));
  if (suffixAt < 0) return [text];
  let end = suffixAt + 1;
  if (end < words.length && directions.has(words[end]!.replace(/\./g, '').toUpperCase())) end++;
  while (end < words.length) {
    const word = words[end]!.toUpperCase();
    if (word.startsWith('#')) end += word.length > 1 ? 1 : 2;
    else if (unitWords.has(word.replace(/\.$/, '')) && end + 1 < words.length) end += 2;
    else break;
  }
  return [words.slice(0, end).join(' '), ...words.slice(end)];
}

/** No commas: "1600 Pennsylvania Ave NW Washington DC 20500". The city is found later, against the ZIP data. */
function parseSingleLine(line: string, result: ParsedUsAddress, stateNames: StateNames): ParsedUsAddress {
  let words = line.split(' ');
  const zip = zipWord.exec(words.at(-1) ?? '');
  if (zip && words.length > 2) {
    result.zip = zip[1]!;
    words = words.slice(0, -1);
  }
  const state = words.length > 2 ? trailingState(words, stateNames) : null;
  if (state) {
    result.state = state.code;
    words = words.slice(0, words.length - state.length);
  }
  result.street = words.join(' ');
  return result;
}

function trailingState(words: string[], stateNames: StateNames): { code: string; length: number } | null {
  for (const length of [3, 2, 1]) {
    if (words.length <= length) continue;
    const code = stateCode(words.slice(-length).join(' '), stateNames);
    if (code) return { code, length };
  }
  return null;
}

function stateCode(text: string, stateNames: StateNames): string | null {
  const upper = text.replace(/\./g, '').trim().toUpperCase();
  if (/^[A-Z]{2}$/.test(upper) && [...stateNames.values()].includes(upper)) return upper;
  return stateNames.get(upper) ?? null;
}

const directions = new Set(['N', 'S', 'E', 'W', 'NE', 'NW', 'SE', 'SW']);

/** "1600 pennsylvania ave nw" → "1600 Pennsylvania Ave NW"; text the user already cased is kept as typed. */
export function tidyStreet(street: string): string {
  if (street !== street.toLowerCase()) return street;
  return street
    .split(' ')
    .map((word) => (directions.has(word.toUpperCase()) ? word.toUpperCase() : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(' ');
}
