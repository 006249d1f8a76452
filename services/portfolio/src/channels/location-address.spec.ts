import { addressParts, emailCandidates, localPart } from './location-address.js';

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
    expect(addressParts('12 Elm Street, Springfield, IL 62701')).toEqual({ street: '12 Elm Street', city: 'Springfield', state: 'IL' });
    expect(addressParts('350 5th Ave, New York, New York 10118, USA')).toEqual({ street: '350 5th Ave', city: 'New York', state: 'NY' });
    expect(addressParts('9 Oak Rd, Austin TX 78701')).toEqual({ street: '9 Oak Rd', city: 'Austin', state: 'TX' });
    expect(addressParts('9 Oak Rd', 'Texas')).toEqual({ street: '9 Oak Rd', city: null, state: 'TX' });
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
