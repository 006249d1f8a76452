import { addressParts, defaultAreaCode, emailCandidates, localPart } from './location-address.js';

function first(parts: ReturnType<typeof addressParts>, count: number): string[] {
  const out: string[] = [];
  for (const address of emailCandidates(parts, 'mail.pm.local')) {
    out.push(address);
    if (out.length === count) break;
  }
  return out;
}

describe('location e-mail address candidates', () => {
  it('reads street, city and state from a US address', () => {
    expect(addressParts('12 Elm Street, Springfield, IL 62701')).toEqual({ street: '12 Elm Street', city: 'Springfield', state: 'IL', zip: '62701' });
    expect(addressParts('350 5th Ave, New York, New York 10118, USA')).toEqual({ street: '350 5th Ave', city: 'New York', state: 'NY', zip: '10118' });
    expect(addressParts('9 Oak Rd, Austin TX 78701')).toEqual({ street: '9 Oak Rd', city: 'Austin', state: 'TX', zip: '78701' });
    expect(addressParts('9 Oak Rd', 'Texas')).toEqual({ street: '9 Oak Rd', city: null, state: 'TX', zip: null });
  });

  it('tries the street part, then + state, then + city, then numbered', () => {
    expect(first(addressParts('12 Elm Street, Springfield, IL 62701'), 5)).toEqual([
      '12.elm.street@mail.pm.local',
      '12.elm.street.il@mail.pm.local',
      '12.elm.street.springfield@mail.pm.local',
      '12.elm.street.2@mail.pm.local',
      '12.elm.street.3@mail.pm.local',
    ]);
    expect(first(addressParts('7 Main St'), 2)).toEqual(['7.main.st@mail.pm.local', '7.main.st.2@mail.pm.local']);
  });

  it('keeps lower-case letters and digits only', () => {
    expect(localPart("1600 Pennsylvania Ave. N.W. #3 (O'Hare)")).toBe('1600.pennsylvania.ave.n.w.3.o.hare');
    expect(localPart('Café Row')).toBe('cafe.row');
  });
});

describe('a location\'s default area code', () => {
  const at = (addressText: string, phone: string | null = null, state: string | null = null) => defaultAreaCode({ addressText, phone, metadata: { state } });

  it('is the one serving its ZIP code, not the state\'s main one', async () => {
    expect(await at('1450 Harbor View Drive, San Diego, CA 92101')).toBe('619');
    expect(await at('1600 Amphitheatre Pkwy, Mountain View, CA 94043-1351')).toBe('650');
  });

  it('is the one of the number the location has, so a change keeps it', async () => {
    expect(await at('1450 Harbor View Drive, San Diego, CA 92101', '+18585550100')).toBe('858');
  });

  it('falls back to the city, then the state, then nothing', async () => {
    expect(await at('12 Broadway, Oakland, CA')).toBe('510');
    expect(await at('1 Main Street, Missoula, MT 59801')).toBe('406');
    expect(await at('9 Oak Rd', null, 'Texas')).toBe('713');
    expect(await at('Somewhere far away')).toBeNull();
  });
});
