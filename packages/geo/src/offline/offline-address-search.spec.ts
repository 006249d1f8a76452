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

  it('gives nothing for a street alone (the UI then asks for a full address)', async () => {
    expect(await search.suggest('1600 Pennsylvania Ave')).toEqual([]);
    expect(await search.geocode('1600 Pennsylvania Ave NW, Washingt')).toBeNull();
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
