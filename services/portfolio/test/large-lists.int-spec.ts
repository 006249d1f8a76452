import { CreateBuilding, CreatePropertyLocation, CreateUnit, ListLocationTenants } from '@pm/contracts';
import { startPortfolio, type PortfolioHarness } from './support/portfolio-harness.js';

import { jest } from '@jest/globals';

jest.setTimeout(60_000);

let harness: PortfolioHarness;

beforeAll(async () => {
  harness = await startPortfolio();
});

afterAll(async () => {
  await harness?.close();
});

describe('large lists', () => {
  it('lists a location of 3,000 tenants in one reply (more than NATS\'s 1 MB default payload)', async () => {
    const owner = await harness.registeredUser();
    const location = await harness.call(CreatePropertyLocation, { address_text: '1 Tower Road, Chicago, IL 60601', type: 'MULTI_UNIT', declared_units_count: 1500 }, owner.authorization);
    const building = await harness.call(CreateBuilding, { name: 'Tower', property_location_id: location.id, address_text: location.address_text }, owner.authorization);
    const unit = await harness.call(CreateUnit, { name: 'Block', building_id: building.id }, owner.authorization);
    await harness.db.query(
      `insert into "${harness.schema}".tenant (id, account_id, property_location_id, building_id, unit_id, full_name, contacts, is_primary,
         is_archived, metadata, created_at, updated_at)
       select gen_random_uuid(), u.account_id, u.property_location_id, u.building_id, u.id, 'Tenant ' || g,
         jsonb_build_array(jsonb_build_object('type', 'email', 'value', 'tenant' || g || '@example.com'), jsonb_build_object('type', 'phone', 'value', '5550100000')),
         false, false, jsonb_build_object('lease_end', '2027-06-30', 'rent_amount_cents', 150000), now(), now()
       from "${harness.schema}".unit u cross join generate_series(1, 3000) g where u.id = $1`,
      [unit.id],
    );
    const tenants = await harness.call(ListLocationTenants, { locationId: location.id }, owner.authorization);
    expect(tenants).toHaveLength(3000);
    expect(Buffer.byteLength(JSON.stringify(tenants))).toBeGreaterThan(1024 * 1024);
    expect(tenants[0]).toMatchObject({ unitName: 'Block', buildingName: 'Tower', metadata: { lease_end: '2027-06-30', rent_amount_cents: 150000 } });
  });
});
