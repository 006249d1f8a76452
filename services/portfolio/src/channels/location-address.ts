import { areaCodeForCity, areaCodeForState, areaCodeForZip, usStateCode } from '@pm/telephony';

export interface AddressParts {
  street: string;
  city: string | null;
  /** Two-letter code. */
  state: string | null;
  /** The five-digit ZIP code, when the address ends with one. */
  zip: string | null;
}

/**
 * "12 Elm Street, Springfield, IL 62701" → street "12 Elm Street", city "Springfield", state "IL", zip "62701". A state in the
 * address wins over `metadata.state`, which is the fallback.
 */
export function addressParts(addressText: string, metadataState?: string | null): AddressParts {
  const parts = addressText.split(',').map((p) => p.trim()).filter(Boolean);
  const street = parts[0] ?? '';
  let city: string | null = null;
  let state: string | null = null;
  const rest = parts.slice(1).filter((p) => !/^(usa?|united states( of america)?)$/i.test(p));
  const last = rest.at(-1);
  const zip = last ? (/(?:^|\s)(\d{5})(-\d{4})?$/.exec(last)?.[1] ?? null) : null;
  if (last) {
    const withoutZip = last.replace(/\s*\d{5}(-\d{4})?$/, '').trim();
    const words = withoutZip.split(/\s+/);
    // "IL", "Illinois", "New York", or "Springfield IL" when city and state share a part.
    for (let take = Math.min(3, words.length); take >= 1 && !state; take--) {
      const code = usStateCode(words.slice(-take).join(' '));
      if (code) {
        state = code;
        const before = words.slice(0, -take).join(' ');
        if (before) city = before;
      }
    }
    if (!state && rest.length === 1 && withoutZip) city = withoutZip;
    if (rest.length >= 2 && !city) city = rest.at(-2) ?? null;
  }
  return { street, city, state: state ?? usStateCode(metadataState), zip };
}

/**
 * The area code a location's number should have unless the manager asks for another: the one of the number it has
 * (a change keeps the area code tenants know), else the one serving its ZIP code, else its city's, else its state's
 * main one; null when the address names no US place.
 */
export async function defaultAreaCode(location: { phone?: string | null; addressText: string; metadata?: { state?: string | null } | null }): Promise<string | null> {
  const own = /^\+1([2-9]\d{2})\d{7}$/.exec(location.phone ?? '')?.[1];
  if (own) return own;
  const parts = addressParts(location.addressText, location.metadata?.state ?? null);
  return areaCodeForZip(parts.zip) ?? (await areaCodeForCity(parts.city, parts.state)) ?? areaCodeForState(parts.state);
}

/** Lower-case letters and digits joined by dots: "12 Elm Street" → "12.elm.street". */
export function localPart(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .join('.');
}

/**
 * The addresses to try, best first (contract: street part, then + state, then + city, then numbered):
 * 12.elm.street@, 12.elm.street.il@, 12.elm.street.springfield@, 12.elm.street.2@, 12.elm.street.3@, ...
 */
export function* emailCandidates(parts: AddressParts, domain: string): Generator<string> {
  const base = localPart(parts.street) || 'property';
  const seen = new Set<string>();
  const offer = (local: string) => {
    const address = `${local}@${domain}`;
    if (seen.has(address)) return null;
    seen.add(address);
    return address;
  };
  for (const local of [base, parts.state ? `${base}.${localPart(parts.state)}` : null, parts.city ? `${base}.${localPart(parts.city)}` : null]) {
    const address = local ? offer(local) : null;
    if (address) yield address;
  }
  for (let n = 2; ; n++) {
    const address = offer(`${base}.${n}`);
    if (address) yield address;
  }
}
