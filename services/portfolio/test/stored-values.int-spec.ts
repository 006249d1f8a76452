import { jest } from '@jest/globals';
import { CreateBuilding, CreatePropertyLocation, CreateTenant, CreateUnit, GetTenant, ListLocationTenants, ListUnitTenants, UpdateTenantMetadata } from '@pm/contracts';
import { startPortfolio, type PortfolioHarness } from './support/portfolio-harness.js';

jest.setTimeout(30_000);

/*
 * Values already in the database that today's request limits would refuse (stored before the limits, or by hand):
 * one such row must not make the lists it is in unreadable, and its owner must still find it to set it right.
 */

let harness: PortfolioHarness;

beforeAll(async () => {
  harness = await startPortfolio();
});

afterAll(async () => {
  await harness?.close();
});

async function place() {
  const user = await harness.registeredUser();
  const location = await harness.call(CreatePropertyLocation, { address_text: '12 Elm Street, Springfield, IL 62701', type: 'MULTI_UNIT', declared_units_count: 6 }, user.authorization);
  const building = await harness.call(CreateBuilding, { name: 'Building A', property_location_id: location.id, address_text: location.address_text }, user.authorization);
  const unit = await harness.call(CreateUnit, { name: 'Unit 1A', building_id: building.id }, user.authorization);
  const tenant = (fullName: string) =>
    harness.call(CreateTenant, { full_name: fullName, unit_id: unit.id, location_id: location.id, contacts: [{ type: 'email', value: 'a@example.com' }] }, user.authorization);
  return { user, location, unit, tenant };
}

describe('a stored value that breaks its reply schema', () => {
  it('leaves the tenant lists readable: the bad value is cleared, the tenant still listed, so the owner can fix it', async () => {
    const p = await place();
    const good = await p.tenant('Jordan Lee');
    const bad = await p.tenant('Sam Rivera');
    await harness.call(UpdateTenantMetadata, { id: good.id, rent_amount_cents: 150_000 }, p.user.authorization);
    await harness.db.query(
      `update "${harness.schema}".tenant set metadata = metadata || '{"rent_amount_cents": 1e20, "lease_end": "someday"}'::jsonb where id = $1`,
      [bad.id],
    );

    const page = await harness.call(ListLocationTenants, { locationId: p.location.id }, p.user.authorization);
    expect(page.items.map((tenant) => [tenant.full_name, tenant.metadata.rent_amount_cents, tenant.metadata.lease_end])).toEqual([
      ['Jordan Lee', 150_000, null],
      ['Sam Rivera', null, null],
    ]);
    expect((await harness.call(ListUnitTenants, { unit_id: p.unit.id }, p.user.authorization)).items).toHaveLength(2);
    expect((await harness.call(GetTenant, { id: bad.id }, p.user.authorization)).metadata.rent_amount_cents).toBeNull();

    // Fixed through the ordinary call: the row reads whole again.
    await harness.call(UpdateTenantMetadata, { id: bad.id, rent_amount_cents: 120_000, lease_end: '2027-06-30' }, p.user.authorization);
    expect((await harness.call(GetTenant, { id: bad.id }, p.user.authorization)).metadata).toMatchObject({ rent_amount_cents: 120_000, lease_end: '2027-06-30' });
  });

  it('leaves out only the broken entry of a nested list (a contact), not the tenant', async () => {
    const p = await place();
    const tenant = await p.tenant('Jordan Lee');
    await harness.db.query(`update "${harness.schema}".tenant set contacts = contacts || '[{"type": "fax", "value": 5}]'::jsonb where id = $1`, [tenant.id]);

    const page = await harness.call(ListLocationTenants, { locationId: p.location.id }, p.user.authorization);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]!.contacts).toEqual([{ type: 'email', value: 'a@example.com' }]);
  });
});
