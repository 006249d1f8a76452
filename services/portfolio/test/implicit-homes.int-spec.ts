import { jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import {
  BuildingCreated,
  CreateBuilding,
  CreatePropertyLocation,
  CreateTenant,
  envelopeSchemaOf,
  GetOnboardingProgress,
  InviteTenants,
  ListBuildings,
  ListLocationUnits,
  SetUserPropertyByAddress,
  UnitCreated,
  UpdatePropertyLocation,
  type EventOf,
  type PropertyType,
} from '@pm/contracts';
import { runMigrations, serviceOrmConfig } from '@pm/nest-kit';
import { createTestSchema, waitFor } from '@pm/testing';
import { ImplicitHomesMigration, implicitHomeStatements } from '../src/migrations/20261206000001-implicit-homes.migration.js';
import { portfolioMigrations } from '../src/migrations/index.js';
import { portfolioService } from '../src/service.js';
import { startPortfolio, type PortfolioHarness, type TestUser } from './support/portfolio-harness.js';

jest.setTimeout(60_000);

/**
 * A single-family-like location (spec 000 §3.1) holds one building and one unit of its own from the moment it exists,
 * so tenants, the phone number, lease uploads and invitations work at once without a building step; multi-unit and
 * commercial locations get none. Existing locations get theirs from the migration.
 */
let harness: PortfolioHarness;

beforeAll(async () => {
  harness = await startPortfolio();
});
afterAll(async () => harness?.close());

const address = '4127 Sycamore Lane, Austin, TX 78745';
const outboxData = async (subject: string, locationId: string) =>
  (await harness.db.query<{ data: Record<string, unknown> }>(
    `select envelope->'data' as data from "${harness.schema}"."outbox" where subject = $1 and envelope->'data'->>'locationId' = $2 order by id`,
    [subject, locationId],
  )).rows.map((row) => row.data);

async function createLocation(user: TestUser, type: PropertyType | null, extra: Record<string, unknown> = {}) {
  return harness.call(
    CreatePropertyLocation,
    { name: '', address_text: address, type, ...(type === 'MULTI_UNIT' ? { declared_units_count: 4 } : {}), is_rental_property: true, ...extra },
    user.authorization,
  );
}

describe('creating a location', () => {
  it.each(['SINGLE_FAMILY_HOME', 'TOWNHOUSE', 'CONDO', 'ACCESSORY_DWELLING_UNIT', 'OTHER'] as const)(
    'gives a %s its building and unit, named after the location, announced in the same transaction',
    async (type) => {
      const owner = await harness.registeredUser({ accountType: 'property_manager' });
      const location = await createLocation(owner, type);
      const buildings = await harness.call(ListBuildings, { location_id: location.id }, owner.authorization);
      expect(buildings).toEqual([expect.objectContaining({ name: '4127 Sycamore Lane', address_text: address, property_location_id: location.id, units_count: 1 })]);
      const units = await harness.call(ListLocationUnits, { locationId: location.id }, owner.authorization);
      expect(units).toEqual([expect.objectContaining({ name: '4127 Sycamore Lane', building_id: buildings[0]!.id })]);
      const scope = { locationId: location.id, accountId: owner.userId, ownerUserId: owner.userId };
      expect(await outboxData(BuildingCreated.subject, location.id)).toEqual([{ ...scope, buildingId: buildings[0]!.id, name: '4127 Sycamore Lane' }]);
      expect(await outboxData(UnitCreated.subject, location.id)).toEqual([{ ...scope, unitId: units[0]!.id, buildingId: buildings[0]!.id, name: '4127 Sycamore Lane' }]);
    },
  );

  it.each(['MULTI_UNIT', 'COMMERCIAL'] as const)('gives a %s location none: its manager adds buildings', async (type) => {
    const owner = await harness.registeredUser({ accountType: 'property_manager' });
    const location = await createLocation(owner, type);
    expect(await harness.call(ListBuildings, { location_id: location.id }, owner.authorization)).toEqual([]);
    expect(await harness.call(ListLocationUnits, { locationId: location.id }, owner.authorization)).toEqual([]);
    expect(await outboxData(BuildingCreated.subject, location.id)).toEqual([]);
  });

  it('gives a property-owner location without a type one too, and a home set by address', async () => {
    const owner = await harness.registeredUser({ campaign: 'property_owner' });
    const untyped = await createLocation(owner, null);
    expect(await harness.call(ListLocationUnits, { locationId: untyped.id }, owner.authorization)).toHaveLength(1);
    const resident = await harness.registeredUser();
    const home = await harness.call(SetUserPropertyByAddress, { street: '12 Elm Street', city: 'Springfield', state: 'IL', zip: '62701' }, resident.authorization);
    expect(await harness.call(ListLocationUnits, { locationId: home.id }, resident.authorization)).toEqual([expect.objectContaining({ name: '12 Elm Street' })]);
  });

  it('lets the owner add a tenant and invite them at once, and moves onboarding past the building and unit', async () => {
    const owner = await harness.registeredUser({ accountType: 'property_manager' });
    const location = await createLocation(owner, 'SINGLE_FAMILY_HOME', { name: 'Sycamore House' });
    const [unit] = await harness.call(ListLocationUnits, { locationId: location.id }, owner.authorization);
    expect(unit!.name).toBe('Sycamore House');
    const tenant = await harness.call(
      CreateTenant,
      { full_name: 'Michael Carter', unit_id: unit!.id, location_id: location.id, contacts: [{ type: 'email', value: `michael-${randomUUID()}@example.com` }] },
      owner.authorization,
    );
    // No "No building found for this location": the invitation goes out with the implicit building's template.
    expect(await harness.call(InviteTenants, { tenantIds: [tenant.id], subject: 'Welcome', body: 'Join us: {{invite_link}}', location_id: location.id }, owner.authorization)).toEqual({
      invited: 1,
      skipped: 0,
    });
    const progress = () => harness.call(GetOnboardingProgress, { id: owner.userId }, owner.authorization);
    await waitFor(async () => (await progress()).hasTenantsWithOnboardingEmailSent && (await progress()).hasUnit, { timeout: 15_000, description: 'the progress flags' });
    expect(await progress()).toMatchObject({ hasPropertyLocation: true, hasBuilding: true, hasUnit: true, firstUnitId: unit!.id, hasTenant: true, firstTenantId: tenant.id });
  });
});

describe('changing the type', () => {
  it('turning multi-unit into single-family adds the building and unit only where the location has none', async () => {
    const owner = await harness.registeredUser({ accountType: 'property_manager' });
    const empty = await createLocation(owner, 'MULTI_UNIT');
    await harness.call(UpdatePropertyLocation, { id: empty.id, name: empty.name, address_text: address, type: 'CONDO' }, owner.authorization);
    expect(await harness.call(ListBuildings, { location_id: empty.id }, owner.authorization)).toEqual([expect.objectContaining({ name: '4127 Sycamore Lane', units_count: 1 })]);
    // Editing it again (same type, or back and forth) makes nothing twice.
    await harness.call(UpdatePropertyLocation, { id: empty.id, name: 'Renamed', address_text: address, type: 'TOWNHOUSE' }, owner.authorization);
    expect(await harness.call(ListLocationUnits, { locationId: empty.id }, owner.authorization)).toHaveLength(1);

    const built = await createLocation(owner, 'MULTI_UNIT');
    const own = await harness.call(CreateBuilding, { name: 'Main house', property_location_id: built.id, address_text: address }, owner.authorization);
    await harness.call(UpdatePropertyLocation, { id: built.id, name: built.name, address_text: address, type: 'SINGLE_FAMILY_HOME' }, owner.authorization);
    // The owner's building stays the only one; the unit the location lacked goes into it.
    expect(await harness.call(ListBuildings, { location_id: built.id }, owner.authorization)).toEqual([expect.objectContaining({ id: own.id, units_count: 1 })]);
  });

  it('turning single-family into multi-unit keeps the building, its unit and its tenants, now an ordinary building', async () => {
    const owner = await harness.registeredUser({ accountType: 'property_manager' });
    const home = await createLocation(owner, 'SINGLE_FAMILY_HOME');
    const [unit] = await harness.call(ListLocationUnits, { locationId: home.id }, owner.authorization);
    await harness.call(CreateTenant, { full_name: 'Jennifer Carter', unit_id: unit!.id, location_id: home.id, contacts: [] }, owner.authorization);
    await harness.call(UpdatePropertyLocation, { id: home.id, name: home.name, address_text: address, type: 'MULTI_UNIT', declared_units_count: 2 }, owner.authorization);
    expect(await harness.call(ListBuildings, { location_id: home.id }, owner.authorization)).toEqual([expect.objectContaining({ id: unit!.building_id, units_count: 1 })]);
    expect(await harness.call(ListLocationUnits, { locationId: home.id }, owner.authorization)).toEqual([expect.objectContaining({ id: unit!.id, tenants_count: 1 })]);
  });
});

describe('the migration for existing locations', () => {
  it('gives each single-family-like location what it lacks, announces it, and changes nothing when run again', async () => {
    const { schema, dropSchema } = await createTestSchema('portfolio_implicit_homes');
    try {
      const definition = portfolioService();
      const orm = (migrations: typeof portfolioMigrations) =>
        serviceOrmConfig({ databaseUrl: process.env.DATABASE_URL!, schema, entities: definition.entities, migrations });
      const before = portfolioMigrations.indexOf(ImplicitHomesMigration);
      await runMigrations(orm(portfolioMigrations.slice(0, before)));

      const q = (sql: string, params: unknown[] = []) => harness.db.query(sql, params);
      const ids = { bare: randomUUID(), untyped: randomUUID(), withBuilding: randomUUID(), complete: randomUUID(), multi: randomUUID() };
      const location = (id: string, name: string, type: string | null) =>
        q(
          `insert into "${schema}".property_location (id, account_id, owner_user_id, name, address_text, type, is_rental_property, metadata, created_at, updated_at)
           values ($1, 'usr_account', 'usr_owner', $2, $3, $4, true, '{}', now(), now())`,
          [id, name, `${name}, Austin, TX 78745`, type],
        );
      await location(ids.bare, '4127 Sycamore Lane', 'SINGLE_FAMILY_HOME');
      await location(ids.untyped, '9 Oak Court', null);
      await location(ids.withBuilding, '15 Pine Road', 'CONDO');
      await location(ids.complete, '2 Birch Way', 'TOWNHOUSE');
      await location(ids.multi, 'Harbor View', 'MULTI_UNIT');
      const building = (locationId: string, name: string) =>
        q(`insert into "${schema}".building (id, account_id, property_location_id, name, address_text, created_at, updated_at)
           values ($1, 'usr_account', $2, $3, 'somewhere', now(), now())`, [randomUUID(), locationId, name]);
      await building(ids.withBuilding, 'Tower');
      await building(ids.complete, 'House');
      await q(`insert into "${schema}".unit (id, account_id, property_location_id, building_id, name, created_at, updated_at)
               select $1, 'usr_account', $2, b.id, 'Main', now(), now() from "${schema}".building b where b.property_location_id = $2`, [randomUUID(), ids.complete]);

      await runMigrations(orm(portfolioMigrations.slice(0, before + 1)));

      const state = async () =>
        (await q(
          `select l.id, (select jsonb_agg(jsonb_build_array(b.name, b.address_text) order by b.id) from "${schema}".building b where b.property_location_id = l.id) as buildings,
                  (select jsonb_agg(jsonb_build_array(u.name, (select b.name from "${schema}".building b where b.id = u.building_id)) order by u.id)
                     from "${schema}".unit u where u.property_location_id = l.id) as units
             from "${schema}".property_location l order by l.id`,
        )).rows.reduce<Record<string, unknown>>((all, row: { id: string; buildings: unknown; units: unknown }) => ({ ...all, [row.id]: { buildings: row.buildings, units: row.units } }), {});
      const expected = {
        [ids.bare]: { buildings: [['4127 Sycamore Lane', '4127 Sycamore Lane, Austin, TX 78745']], units: [['4127 Sycamore Lane', '4127 Sycamore Lane']] },
        [ids.untyped]: { buildings: [['9 Oak Court', '9 Oak Court, Austin, TX 78745']], units: [['9 Oak Court', '9 Oak Court']] },
        // a building of its own: only the unit it lacked, in that building
        [ids.withBuilding]: { buildings: [['Tower', 'somewhere']], units: [['15 Pine Road', 'Tower']] },
        [ids.complete]: { buildings: [['House', 'somewhere']], units: [['Main', 'House']] },
        [ids.multi]: { buildings: null, units: null },
      };
      expect(await state()).toEqual(expected);

      const events = async () =>
        (await q(`select subject, envelope from "${schema}".outbox where subject in ($1, $2) order by subject, envelope->'data'->>'locationId'`, [
          BuildingCreated.subject,
          UnitCreated.subject,
        ])).rows as { subject: string; envelope: unknown }[];
      const announced = await events();
      const buildings = announced.filter((row) => row.subject === BuildingCreated.subject).map((row) => envelopeSchemaOf(BuildingCreated).parse(row.envelope) as EventOf<typeof BuildingCreated>);
      const units = announced.filter((row) => row.subject === UnitCreated.subject).map((row) => envelopeSchemaOf(UnitCreated).parse(row.envelope) as EventOf<typeof UnitCreated>);
      const scope = (locationId: string) => ({ locationId, accountId: 'usr_account', ownerUserId: 'usr_owner' });
      expect(buildings.map((event) => event.data).sort((a, b) => a.locationId.localeCompare(b.locationId))).toEqual(
        [ids.bare, ids.untyped].sort().map((locationId) => expect.objectContaining({ ...scope(locationId), name: locationId === ids.bare ? '4127 Sycamore Lane' : '9 Oak Court' })),
      );
      expect(units.map((event) => event.data.locationId).sort()).toEqual([ids.bare, ids.untyped, ids.withBuilding].sort());
      // Each event names the rows it announces.
      const rows = (await q(`select id::text, building_id::text from "${schema}".unit`)).rows as { id: string; building_id: string }[];
      for (const event of units) expect(rows).toContainEqual({ id: event.data.unitId, building_id: event.data.buildingId });
      expect(new Set([...buildings, ...units].map((event) => event.id)).size).toBe(5);

      for (const statement of implicitHomeStatements(schema)) await q(statement);
      expect(await state()).toEqual(expected);
      expect(await events()).toHaveLength(announced.length);
    } finally {
      await dropSchema();
    }
  });
});
