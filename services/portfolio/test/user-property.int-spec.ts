import { jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import {
  CreateBuilding,
  CreatePropertyLocation,
  CreateTenant,
  CreateUnit,
  DeleteTenant,
  GetUserProperty,
  GetUserResidence,
  ListPropertyLocations,
  SetUserPropertyByAddress,
} from '@pm/contracts';
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

/**
 * Where the caller lives, for Terri: a managed location is named only for a registered caller who is a current tenant
 * there (their verified e-mail on the tenant record) and whose home is that tenant's address.
 */
describe('user residence', () => {
  const harbor = { street: '1460 Harbor View Dr', city: 'San Diego', state: 'CA', zip: '92101' };

  async function managedLocationWithTenant(tenantEmail: string) {
    const manager = await harness.registeredUser({ accountType: 'property_manager' });
    const location = await harness.call(
      CreatePropertyLocation,
      { name: 'Harbor View Apartments', address_text: '1450 Harbor View Drive, San Diego, CA 92101', type: 'MULTI_UNIT', declared_units_count: 40, is_rental_property: true, metadata: { usage: 'rental' } },
      manager.authorization,
    );
    const building = await harness.call(CreateBuilding, { name: 'Building B', property_location_id: location.id, address_text: '1460 Harbor View Drive, San Diego, CA 92101' }, manager.authorization);
    const unit = await harness.call(CreateUnit, { name: 'B-204', building_id: building.id }, manager.authorization);
    const tenant = await harness.call(CreateTenant, { full_name: 'Maya Chen', unit_id: unit.id, contacts: [{ type: 'email', value: tenantEmail }] }, manager.authorization);
    return { manager, location, tenant };
  }

  it("names the managed location for a registered tenant at their home address (the building's address), case-insensitively", async () => {
    const resident = await harness.registeredUser({ accountType: null, email: `maya.${randomUUID()}@example.com` });
    const { location } = await managedLocationWithTenant(resident.email.toUpperCase());
    expect(await harness.call(GetUserResidence, {}, resident.authorization)).toEqual({ property: null, residence: null });

    const home = await harness.call(SetUserPropertyByAddress, harbor, resident.authorization);
    expect(await harness.call(GetUserResidence, {}, resident.authorization)).toEqual({
      property: home,
      residence: { location_id: location.id, name: 'Harbor View Apartments', address_text: '1450 Harbor View Drive, San Diego, CA 92101', unit_name: 'B-204' },
    });
  });

  it('names no managed location for someone who only typed its address, an anonymous visitor, a tenant elsewhere or a past tenant', async () => {
    const email = `maya.${randomUUID()}@example.com`;
    const { manager, tenant } = await managedLocationWithTenant(email);

    const stranger = await harness.registeredUser({ accountType: null });
    await harness.call(SetUserPropertyByAddress, harbor, stranger.authorization);
    expect((await harness.call(GetUserResidence, {}, stranger.authorization)).residence).toBeNull();

    const anonymous = `Bearer ${await harness.token(`usr_${randomUUID()}`, { is_anonymous: true, email })}`;
    await harness.call(SetUserPropertyByAddress, harbor, anonymous);
    expect((await harness.call(GetUserResidence, {}, anonymous)).residence).toBeNull();

    const elsewhere = await harness.registeredUser({ accountType: null, email });
    await harness.call(SetUserPropertyByAddress, { street: '9 Oak Avenue', city: 'Peoria', state: 'IL', zip: '61602' }, elsewhere.authorization);
    expect((await harness.call(GetUserResidence, {}, elsewhere.authorization)).residence).toBeNull();

    await harness.call(SetUserPropertyByAddress, harbor, elsewhere.authorization);
    expect((await harness.call(GetUserResidence, {}, elsewhere.authorization)).residence).not.toBeNull();
    await harness.call(DeleteTenant, { id: tenant.id }, manager.authorization);
    expect((await harness.call(GetUserResidence, {}, elsewhere.authorization)).residence).toBeNull();
  });
});
