/** The spellings of street suffixes and directions people mix ("St" / "Street", "SE" / "Southeast"). */
const abbreviations: Record<string, string> = {
  street: 'st', avenue: 'ave', av: 'ave', boulevard: 'blvd', drive: 'dr', road: 'rd', lane: 'ln', court: 'ct',
  place: 'pl', parkway: 'pkwy', terrace: 'ter', circle: 'cir', highway: 'hwy', square: 'sq', trail: 'trl',
  north: 'n', south: 's', east: 'e', west: 'w', northeast: 'ne', northwest: 'nw', southeast: 'se', southwest: 'sw',
};

function streetKey(street: string): string {
  return street
    .toLowerCase()
    .replace(/[.,#]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => abbreviations[word] ?? word)
    .join(' ');
}

/**
 * Whether a location's address text ("1450 Harbor View Drive, San Diego, CA 92101") is the home typed as street and
 * ZIP: the same street (number, name, suffix in either spelling) before the first comma, and the same 5-digit ZIP.
 */
export function sameStreetAddress(addressText: string, street: string, zipcode: string): boolean {
  const [first = ''] = addressText.split(',');
  const zips = addressText.match(/\b\d{5}(?=(-\d{4})?\s*$)/);
  return streetKey(first) === streetKey(street) && zips?.[0] === zipcode.slice(0, 5);
}
