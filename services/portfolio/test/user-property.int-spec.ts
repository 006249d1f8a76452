import { jest } from '@jest/globals';
import { GetUserProperty, ListPropertyLocations, SetUserPropertyByAddress } from '@pm/contracts';
import { failure, startPortfolio, type PortfolioHarness } from './support/portfolio-harness.js';

jest.setTimeout(120_000);

/** The Terri chat's "user property" (spec 000 §7): the caller's own home, set from an address, read back. */

let harness: PortfolioHarness;

beforeAll(async () => {
  harness = await startPortfolio();
});

afterAll(async () => {
  await harness?.close();
});

const address = { street: '12 Elm Street', city: 'Springfield', state: 'il', zip: '62701' };

describe('user property', () => {
  it('is not found before an address is given, then is the home created from it', async () => {
    const user = await harness.registeredUser({ accountType: 'home_owner' });
    expect((await failure(harness.call(GetUserProperty, {}, user.authorization))).body).toMatchObject({ status: 404, message: 'Property not found' });

    const home = await harness.call(SetUserPropertyByAddress, address, user.authorization);
    expect(home).toEqual({ id: expect.any(String), street: '12 Elm Street', city: 'Springfield', state: 'IL', county: null, zipcode: '62701', country: 'US' });
    expect(await harness.call(GetUserProperty, {}, user.authorization)).toEqual(home);

    const [location] = await harness.call(ListPropertyLocations, {}, user.authorization);
    expect(location).toMatchObject({ id: home.id, name: '12 Elm Street', address_text: '12 Elm Street, Springfield, IL 62701', type: 'SINGLE_FAMILY_HOME' });
  });

  it('finds the same home again for the same street and ZIP, whatever the case and spacing, and a new one elsewhere', async () => {
    const user = await harness.registeredUser({ accountType: 'home_owner' });
    const first = await harness.call(SetUserPropertyByAddress, address, user.authorization);
    const again = await harness.call(SetUserPropertyByAddress, { ...address, street: '12  ELM street' }, user.authorization);
    expect(again.id).toBe(first.id);
    expect(await harness.call(ListPropertyLocations, {}, user.authorization)).toHaveLength(1);

    const moved = await harness.call(SetUserPropertyByAddress, { street: '9 Oak Avenue', city: 'Peoria', state: 'IL', zip: '61602' }, user.authorization);
    expect(moved.id).not.toBe(first.id);
    expect(await harness.call(GetUserProperty, {}, user.authorization)).toEqual(moved);
  });

  it.each([
    [{ ...address, street: '  ' }, 'Street is required'],
    [{ ...address, city: undefined }, 'City is required'],
    [{ ...address, state: 'Illinois' }, 'State must be a two-letter US state code'],
    [{ ...address, zip: '6270' }, 'ZIP code must be 5 digits'],
    [{ ...address, street: '12 Elm\u0000 Street' }, 'Street contains characters that are not allowed'],
    [{ ...address, street: '12 Elm \u202eteertS' }, 'Street contains characters that are not allowed'],
    [{ ...address, city: 'x'.repeat(101) }, 'City must be at most 100 characters'],
  ])('refuses %j with "%s" and stores nothing', async (request, message) => {
    const user = await harness.registeredUser({ accountType: 'home_owner' });
    expect((await failure(harness.call(SetUserPropertyByAddress, request as never, user.authorization))).body).toMatchObject({ status: 400, message });
    expect(await harness.call(ListPropertyLocations, {}, user.authorization)).toEqual([]);
  });

  it("never shows one user another user's home", async () => {
    const owner = await harness.registeredUser({ accountType: 'home_owner' });
    const other = await harness.registeredUser({ accountType: 'home_owner' });
    const home = await harness.call(SetUserPropertyByAddress, address, owner.authorization);
    expect((await failure(harness.call(GetUserProperty, {}, other.authorization))).body).toMatchObject({ status: 404 });
    const theirs = await harness.call(SetUserPropertyByAddress, address, other.authorization);
    expect(theirs.id).not.toBe(home.id);
  });
});
