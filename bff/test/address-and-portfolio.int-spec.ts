import type { INestApplication } from '@nestjs/common';
import { startTestTokenIssuer, type TestTokenIssuer } from '@pm/testing';
import { startTestBff } from './support/start-test-bff.js';

let app: INestApplication;
let baseUrl: string;
let tokens: TestTokenIssuer;

beforeAll(async () => {
  tokens = await startTestTokenIssuer();
  // No MAPBOX_ACCESS_TOKEN in the test environment: the offline search answers, as on a developer machine.
  delete process.env.MAPBOX_ACCESS_TOKEN;
  ({ app, baseUrl } = await startTestBff(tokens));
});

afterAll(async () => {
  await app?.close();
  await tokens?.close();
});

const get = (path: string, authorization?: string) => fetch(`${baseUrl}/api/${path}`, { headers: authorization ? { authorization } : {} });

describe('BFF address search (offline provider)', () => {
  it('suggests a full US address with its ZIP centroid', async () => {
    const response = await get(`address/suggestions?q=${encodeURIComponent('1600 Pennsylvania Ave NW, Washington, DC 20500')}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      suggestions: [
        {
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
        },
      ],
    });
  });

  it('gives at most 5 suggestions, none under 3 characters and none outside the US', async () => {
    const partial = (await (await get(`address/suggestions?q=${encodeURIComponent('12 Elm Street, Springf')}`)).json()) as { suggestions: unknown[] };
    expect(partial.suggestions).toHaveLength(5);
    expect(await (await get('address/suggestions?q=12')).json()).toEqual({ suggestions: [] });
    expect(await (await get('address/suggestions')).json()).toEqual({ suggestions: [] });
    expect(await (await get(`address/suggestions?q=${encodeURIComponent('10 Downing Street, London SW1A 2AA, United Kingdom')}`)).json()).toEqual({ suggestions: [] });
  });

  it('geocodes one address, 404 when it cannot be placed', async () => {
    const found = await get(`address/geocode?q=${encodeURIComponent('1 Main St, Boston, MA 02134')}`);
    expect(found.status).toBe(200);
    expect(await found.json()).toMatchObject({ city: 'Allston', state: 'MA', zipcode: '02134', lat: 42.3535, lng: -71.1329 });
    const missing = await get(`address/geocode?q=${encodeURIComponent('Nowhere at all')}`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ statusCode: 404, message: 'Address not found' });
  });
});

describe('BFF address search for partial input (issue 9)', () => {
  type Suggestions = { suggestions: { label: string; street: string; city: string; state: string; zipcode: string; lat: number; lng: number }[] };
  const suggest = async (q: string) => {
    const response = await get(`address/suggestions?q=${encodeURIComponent(q)}`);
    expect(response.status).toBe(200);
    return (await response.json()) as Suggestions;
  };

  it.each(['1600 Amphitheatre', '1600 Amphitheatre Pkwy'])('suggests the street alone (%j) in real cities, and does not geocode it', async (q) => {
    const { suggestions } = await suggest(q);
    expect(suggestions).toHaveLength(5);
    expect(suggestions.every((s) => s.street === q && /^\d{5}$/.test(s.zipcode))).toBe(true);
    expect((await get(`address/geocode?q=${encodeURIComponent(q)}`)).status).toBe(404);
  });

  it('places a street, city and ZIP typed without commas at the ZIP centroid', async () => {
    const { suggestions } = await suggest('1600 Amphitheatre Pkwy Mountain View 94043');
    expect(suggestions).toEqual([
      expect.objectContaining({ label: '1600 Amphitheatre Pkwy, Mountain View, CA 94043', lat: 37.4056, lng: -122.0775, precision: 'zipcode' }),
    ]);
    const geocoded = await get(`address/geocode?q=${encodeURIComponent('1600 Amphitheatre Parkway, Mountain View, CA')}`);
    expect(geocoded.status).toBe(200);
    expect(await geocoded.json()).toMatchObject({ street: '1600 Amphitheatre Parkway', city: 'Mountain View', state: 'CA' });
  });

  it('completes the city after the street, the largest match first', async () => {
    const { suggestions } = await suggest('1600 Amphitheatre Pkwy Mountain Vi');
    expect(suggestions).toHaveLength(5);
    expect(suggestions[0]).toMatchObject({ street: '1600 Amphitheatre Pkwy', city: 'Mountain View', state: 'CA' });
  });
});

describe('BFF portfolio routes: the session token is checked before any service is asked', () => {
  const token = (exp: string | number = '5m') => tokens.sign('user-1', {}, { exp });

  it.each(['property-location/all', 'property-location/0193', 'property-manager/onboarding/user-1/progress', 'property-manager/navbar-flags/0193'])(
    'refuses %s without a token, with a tampered one and with an expired one',
    async (path) => {
      expect((await get(path)).status).toBe(401);
      const [h, , s] = (await token()).split('.');
      const forged = Buffer.from(JSON.stringify({ sub: 'admin', iss: 'pm-identity-test', aud: 'pm-platform-test', exp: 9_999_999_999 })).toString('base64url');
      expect((await get(path, `Bearer ${h}.${forged}.${s}`)).status).toBe(401);
      const expired = await get(path, `Bearer ${await token(Math.floor(Date.now() / 1000) - 120)}`);
      expect(expired.status).toBe(401);
      expect(await expired.json()).toMatchObject({ message: 'Your session has expired. Please sign in again.' });
    },
  );

  it('refuses writes without a token', async () => {
    const response = await fetch(`${baseUrl}/api/property-location`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ address_text: '12 Elm Street' }),
    });
    expect(response.status).toBe(401);
  });
});
