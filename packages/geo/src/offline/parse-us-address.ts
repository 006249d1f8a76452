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
const zipAtEnd = /(?:^|[\s,])(\d{5})(?:-\d{4})?$/;
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

  const first = parts[0];
  if (!first || !streetStart.test(first)) return result;

  if (parts.length === 1) return parseSingleLine(first, result, stateNames);

  result.street = first;
  let rest = parts.slice(1);
  // "…, DC 20500" / "…, 20500": the ZIP ends the text.
  const tail = rest.at(-1)!;
  const zip = zipAtEnd.exec(tail);
  if (zip) {
    result.zip = zip[1]!;
    const before = tail.slice(0, zip.index).trim();
    rest = before ? [...rest.slice(0, -1), before] : rest.slice(0, -1);
  }
  if (rest.length === 0) return result;
  if (rest.length === 1) {
    // One part after the street: "Washington DC", "Washington", "Wash".
    const words = rest[0]!.split(' ');
    const state = words.length > 1 ? trailingState(words, stateNames) : null;
    if (state) {
      result.state = state.code;
      result.city = words.slice(0, words.length - state.length).join(' ');
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

/** No commas: "1600 Pennsylvania Ave NW Washington DC 20500". The city is found later, against the ZIP data. */
function parseSingleLine(line: string, result: ParsedUsAddress, stateNames: StateNames): ParsedUsAddress {
  let words = line.split(' ');
  const zip = /^(\d{5})(?:-\d{4})?$/.exec(words.at(-1) ?? '');
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
