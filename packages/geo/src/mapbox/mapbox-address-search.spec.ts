import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAddressSearch } from '../geo-config.js';
import { OfflineAddressSearch } from '../offline/offline-address-search.js';
import { MapboxAddressSearch } from './mapbox-address-search.js';

// A local HTTP server answering like Mapbox's Geocoding v6 (a recorded-shape response), so the adapter's real
// fetch, query string and parsing run.
const feature = (country: string, zip: string) => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [-77.036547, 38.897675] },
  properties: {
    mapbox_id: `dXJuOm1ieGFkcjo${zip}`,
    feature_type: 'address',
    name: '1600 Pennsylvania Avenue Northwest',
    full_address: `1600 Pennsylvania Avenue Northwest, Washington, District of Columbia ${zip}, United States`,
    context: {
      address: { name: '1600 Pennsylvania Avenue Northwest', address_number: '1600', street_name: 'pennsylvania avenue northwest' },
      postcode: { name: zip },
      place: { name: 'Washington' },
      district: { name: 'District of Columbia' },
      region: { name: 'District of Columbia', region_code: 'DC' },
      country: { name: 'United States', country_code: country },
    },
  },
});

let server: Server;
let baseUrl: string;
const requests: URL[] = [];

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    const url = new URL(req.url!, 'http://localhost');
    requests.push(url);
    if (url.searchParams.get('access_token') !== 'pk.test') {
      res.statusCode = 401;
      res.end('{"message":"Not Authorized - Invalid Token"}');
      return;
    }
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ type: 'FeatureCollection', features: [feature('us', '20500'), feature('ca', 'K1A 0B1'), { broken: true }] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('Mapbox address search', () => {
  it('asks with the parameters of the spec and maps US features from their context', async () => {
    const search = new MapboxAddressSearch({ accessToken: 'pk.test', baseUrl });
    const suggestions = await search.suggest('1600 Pennsylvania');
    const asked = requests.at(-1)!;
    expect(asked.pathname).toBe('/search/geocode/v6/forward');
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      q: '1600 Pennsylvania',
      access_token: 'pk.test',
      autocomplete: 'true',
      country: 'US',
      format: 'geojson',
      language: 'en-US',
      limit: '5',
      types: 'address',
    });
    expect(suggestions).toEqual([
      {
        id: 'dXJuOm1ieGFkcjo20500',
        label: '1600 Pennsylvania Avenue Northwest, Washington, District of Columbia 20500, United States',
        street: '1600 Pennsylvania Avenue Northwest',
        city: 'Washington',
        state: 'DC',
        zipcode: '20500',
        county: 'District of Columbia',
        country: 'US',
        lat: 38.897675,
        lng: -77.036547,
      },
    ]);
  });

  it('geocodes one address without autocomplete, and asks nothing below 3 characters', async () => {
    const search = new MapboxAddressSearch({ accessToken: 'pk.test', baseUrl });
    const before = requests.length;
    expect(await search.suggest('16')).toEqual([]);
    expect(requests.length).toBe(before);
    expect(await search.geocode('1600 Pennsylvania Ave NW, Washington, DC 20500')).toMatchObject({ zipcode: '20500' });
    expect(requests.at(-1)!.searchParams.get('autocomplete')).toBe('false');
    expect(requests.at(-1)!.searchParams.get('limit')).toBe('1');
  });

  it('fails loudly when the provider refuses the token', async () => {
    await expect(new MapboxAddressSearch({ accessToken: 'wrong', baseUrl }).suggest('1600 Penn')).rejects.toThrow('Mapbox geocoding answered 401');
  });
});

describe('createAddressSearch', () => {
  it('uses Mapbox when a token is configured, the offline search otherwise', () => {
    expect(createAddressSearch({ MAPBOX_ACCESS_TOKEN: 'pk.x' })).toBeInstanceOf(MapboxAddressSearch);
    expect(createAddressSearch({})).toBeInstanceOf(OfflineAddressSearch);
  });
});
