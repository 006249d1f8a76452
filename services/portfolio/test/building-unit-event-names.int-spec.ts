import { jest } from '@jest/globals';
import { BuildingCreated, CreateBuilding, CreatePropertyLocation, CreateUnit, UnitCreated } from '@pm/contracts';
import { startPortfolio, type PortfolioHarness } from './support/portfolio-harness.js';

jest.setTimeout(60_000);

/**
 * BuildingCreated and UnitCreated carry the name as created (the vault's and other contexts' directories copy it
 * from there: buildings and units are not renamed), recorded in portfolio's outbox with the creation.
 */
let harness: PortfolioHarness;

beforeAll(async () => {
  harness = await startPortfolio();
});
afterAll(async () => harness?.close());

it('records the building\'s and the unit\'s names in their creation events', async () => {
  const user = await harness.registeredUser({ accountType: 'property_manager' });
  const location = await harness.call(CreatePropertyLocation, { name: '12 Elm Street', address_text: '12 Elm Street, Springfield, IL 62701', type: 'MULTI_UNIT', declared_units_count: 6, is_rental_property: true }, user.authorization);
  const building = await harness.call(CreateBuilding, { name: ' Building A ', property_location_id: location.id, address_text: '12 Elm Street' }, user.authorization);
  const unit = await harness.call(CreateUnit, { name: 'Unit 1A', building_id: building.id }, user.authorization);
  const data = async (subject: string, field: string, id: string) =>
    (await harness.db.query<{ data: Record<string, unknown> }>(`select envelope->'data' as data from "${harness.schema}"."outbox" where subject = $1 and envelope->'data'->>$2 = $3`, [subject, field, id])).rows[0]?.data;
  expect(await data(BuildingCreated.subject, 'buildingId', building.id)).toMatchObject({ buildingId: building.id, name: 'Building A', locationId: location.id });
  expect(await data(UnitCreated.subject, 'unitId', unit.id)).toMatchObject({ unitId: unit.id, name: 'Unit 1A', buildingId: building.id });
});
