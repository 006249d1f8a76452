import { OfflineAddressSearch } from './offline-address-search.js';

const search = new OfflineAddressSearch();

describe('offline address search (real ZIP data)', () => {
  it('places a full address by its ZIP, at the ZIP centroid', async () => {
    const [first, ...others] = await search.suggest('1600 Pennsylvania Ave NW, Washington, DC 20500');
    expect(others).toEqual([]);
    expect(first).toEqual({
      id: 'offline:20500:1600-pennsylvania-ave-nw',
      label: '1600 Pennsylvania Ave NW, Washington, DC 20500',
      street: '1600 Pennsylvania Ave NW',
      city: 'Washington',
      state: 'DC',
      zipcode: '20500',
      country: 'US',
      lat: 38.8946,
      lng: -77.0355,
      precision: 'zipcode',
    });
  });

  it('reads the same address typed in lower case without commas', async () => {
    const [first] = await search.suggest('1600 pennsylvania ave nw washington dc 20500');
    expect(first?.label).toBe('1600 Pennsylvania Ave NW, Washington, DC 20500');
  });

  it('geocodes one full address, ignoring a trailing USA', async () => {
    expect(await search.geocode('1600 Pennsylvania Ave NW, Washington, DC 20500, USA')).toMatchObject({ zipcode: '20500', state: 'DC' });
  });

  it('completes a city still being typed, whole-name matches first, at most 5', async () => {
    const suggestions = await search.suggest('1600 Pennsylvania Ave NW, Washingt');
    expect(suggestions).toHaveLength(5);
    expect(suggestions.every((s) => s.city.toUpperCase().startsWith('WASHINGT') && s.street === '1600 Pennsylvania Ave NW')).toBe(true);
    expect(suggestions[0]!.city).toBe('Washington');
  });

  it('completes a state still being typed', async () => {
    const suggestions = await search.suggest('1600 Pennsylvania Ave NW, Washington, D');
    expect(suggestions.map((s) => s.state).sort()).toEqual(expect.arrayContaining(['DC']));
    expect(suggestions.every((s) => s.state.startsWith('D'))).toBe(true);
  });

  it('offers the ZIP codes of a known city and state when no ZIP is given', async () => {
    const suggestions = await search.suggest('12 Elm Street, Springfield, IL');
    expect(suggestions).toHaveLength(5);
    expect(suggestions.every((s) => s.city === 'Springfield' && s.state === 'IL' && /^62\d{3}$/.test(s.zipcode))).toBe(true);
    expect(new Set(suggestions.map((s) => s.id)).size).toBe(5);
  });

  it('gives nothing for a ZIP that contradicts the state', async () => {
    expect(await search.suggest('1 Main St, Boston, NY 02134')).toEqual([]);
    expect(await search.suggest('1 Main St, Boston, MA 02134')).toHaveLength(1);
  });

  it('cannot place a city still being typed as one point', async () => {
    expect(await search.geocode('1600 Pennsylvania Ave NW, Washingt')).toBeNull();
  });

  it('gives nothing for a text without a house number (the UI then asks for a full address)', async () => {
    expect(await search.suggest('Amphitheatre Parkway')).toEqual([]);
    expect(await search.geocode('Nowhere at all')).toBeNull();
  });

  it.each(['10 Downing Street, London SW1A 2AA, United Kingdom', '24 Sussex Drive, Ottawa, ON K1M 1M4', '1 Rue de Rivoli, Paris, France'])(
    'is US only: %s gives nothing',
    async (query) => {
      expect(await search.suggest(query)).toEqual([]);
    },
  );

  it.each(['', '1', '12', '  1 '])('asks nothing below 3 characters (%j)', async (query) => {
    expect(await search.suggest(query)).toEqual([]);
    expect(await search.geocode(query)).toBeNull();
  });
});

/** Issue 9: how people actually type an address, from a number and a street on. */
describe('offline address search for partial input (issue 9)', () => {
  const labels = async (query: string) => (await search.suggest(query)).map((s) => s.label);

  it.each(['1600 Amphitheatre', '1600 Amphitheatre Pkwy'])('offers the typed street in the largest cities for %j, without placing it', async (query) => {
    const suggestions = await search.suggest(query);
    expect(suggestions).toHaveLength(5);
    expect(suggestions.every((s) => s.street === query && s.precision === 'zipcode')).toBe(true);
    // Real places: each is a ZIP the data knows, at its centroid; the cities with the most ZIP codes come first.
    expect(suggestions[0]).toMatchObject({ city: 'Washington', state: 'DC', zipcode: '20001' });
    expect(suggestions.map((s) => `${s.city}, ${s.state}`)).toEqual(expect.arrayContaining(['Houston, TX', 'New York, NY']));
    expect(suggestions.some((s) => ['AA', 'AE', 'AP'].includes(s.state))).toBe(false);
    expect(await search.geocode(query)).toBeNull();
  });

  it.each([
    ['1600 Amphitheatre Pkwy, Mountain View, CA 94043'],
    ['1600 Amphitheatre Pkwy Mountain View CA 94043'],
    ['1600 Amphitheatre Pkwy 94043'],
    ['1600 Amphitheatre Pkwy, 94043'],
    ['1600 Amphitheatre Pkwy, 94043 Mountain View'],
    ['1600 amphitheatre pkwy ca 94043'],
  ])('places %j by its ZIP', async (query) => {
    const [first, ...others] = await search.suggest(query);
    expect(others).toEqual([]);
    expect(first).toMatchObject({ street: '1600 Amphitheatre Pkwy', city: 'Mountain View', state: 'CA', zipcode: '94043', lat: 37.4056, lng: -122.0775 });
    expect(await search.geocode(query)).toMatchObject({ zipcode: '94043' });
  });

  it.each(['1600 Amphitheatre Pkwy Mountain View CA', '1600 Amphitheatre Parkway, Mountain View, California', '1600 Amphitheatre Pkwy, Mountain View CA'])(
    'offers the ZIP codes of the city and state in %j',
    async (query) => {
      const suggestions = await search.suggest(query);
      expect(suggestions.length).toBeGreaterThan(1);
      expect(suggestions.every((s) => s.city === 'Mountain View' && s.state === 'CA' && /^940\d\d$/.test(s.zipcode))).toBe(true);
      expect(suggestions[0]!.street).toMatch(/^1600 Amphitheatre (Pkwy|Parkway)$/);
    },
  );

  it.each(['1600 Amphitheatre Pkwy, Mountain View', '1600 Amphitheatre Pkwy Mountain View', '1600 Amphitheatre Pkwy Mountain Vi'])(
    'ranks the largest Mountain View first for %j, one suggestion per state',
    async (query) => {
      const suggestions = await search.suggest(query);
      expect(suggestions).toHaveLength(5);
      expect(suggestions[0]).toMatchObject({ street: '1600 Amphitheatre Pkwy', city: 'Mountain View', state: 'CA' });
      expect(new Set(suggestions.map((s) => s.state)).size).toBe(5);
      expect(suggestions.every((s) => s.city === 'Mountain View')).toBe(true);
    },
  );

  it('offers the largest cities of a state given without a city', async () => {
    const suggestions = await search.suggest('1600 Amphitheatre Pkwy, CA');
    expect(suggestions).toHaveLength(5);
    expect(suggestions.every((s) => s.state === 'CA' && s.street === '1600 Amphitheatre Pkwy')).toBe(true);
    expect(suggestions.map((s) => s.city)).toEqual(expect.arrayContaining(['Los Angeles', 'San Francisco']));
    expect(await search.geocode('1600 Amphitheatre Pkwy, CA')).toBeNull();
  });

  it.each([
    ['350 5th Ave New York NY', '350 5th Ave', 'New York', 'NY'],
    ['12 Elm St. Springfield IL', '12 Elm St.', 'Springfield', 'IL'],
    ['500 Main Street Apt 4B Austin TX', '500 Main Street Apt 4B', 'Austin', 'TX'],
    ['1600 Pennsylvania Avenue NW Washington DC', '1600 Pennsylvania Avenue NW', 'Washington', 'DC'],
    ['200 Peachtree Rd, Atlanta, Georgia', '200 Peachtree Rd', 'Atlanta', 'GA'],
  ])('reads %j without commas or with a full state name', async (query, street, city, state) => {
    const suggestions = await search.suggest(query);
    expect(suggestions.length).toBeGreaterThan(0);
    expect(suggestions.every((s) => s.street === street && s.city === city && s.state === state)).toBe(true);
  });

  it('finds the city at the end of a street without a suffix ("12 Elm Springfield")', async () => {
    const suggestions = await labels('12 Elm Springfield');
    expect(suggestions).toHaveLength(5);
    expect(suggestions.every((label) => label.startsWith('12 Elm, Springfield, '))).toBe(true);
  });
});
