import { jest } from '@jest/globals';
import { headers as natsHeaders } from '@nats-io/nats-core';
import {
  CreateBuilding,
  CreatePropertyLocation,
  CreateTenant,
  CreateUnit,
  GetTenant,
  ListBuildings,
  ListPropertyLocations,
  ListUnitTenants,
  UpdateTenantMetadata,
  type RpcContract,
} from '@pm/contracts';
import { Headers } from '@pm/messaging';
import { failure, startPortfolio, type PortfolioHarness } from './support/portfolio-harness.js';

jest.setTimeout(30_000);

/*
 * The contracts' limits, sent straight to the service over NATS (not through RpcClient, which would refuse them
 * before they leave): each is a 400 with its message, never a 500, and nothing is stored.
 */

let harness: PortfolioHarness;

beforeAll(async () => {
  harness = await startPortfolio();
});

afterAll(async () => {
  await harness?.close();
});

/** The service's own answer to a payload the typed client would not send. */
async function raw(contract: RpcContract, payload: unknown, authorization: string): Promise<{ ok: boolean; error?: { status: number; message: string } }> {
  const headers = natsHeaders();
  headers.set(Headers.authorization, authorization);
  const reply = await harness.nc.request(contract.subject, JSON.stringify(payload), { timeout: 10_000, headers });
  return reply.json();
}

async function place() {
  const user = await harness.registeredUser();
  const location = await harness.call(CreatePropertyLocation, { address_text: '12 Elm Street, Springfield, IL 62701', type: 'MULTI_UNIT', declared_units_count: 6 }, user.authorization);
  const building = await harness.call(CreateBuilding, { name: 'Building A', property_location_id: location.id, address_text: location.address_text }, user.authorization);
  const unit = await harness.call(CreateUnit, { name: 'Unit 1A', building_id: building.id }, user.authorization);
  return { user, location, building, unit };
}

describe('request limits', () => {
  it('refuses a rent of 1e20 cents with 400 and keeps the stored rent', async () => {
    const p = await place();
    const tenant = await harness.call(CreateTenant, { full_name: 'Jordan Lee', unit_id: p.unit.id, location_id: p.location.id }, p.user.authorization);
    await harness.call(UpdateTenantMetadata, { id: tenant.id, rent_amount_cents: 150_000 }, p.user.authorization);

    expect(await raw(UpdateTenantMetadata, { id: tenant.id, rent_amount_cents: 1e20 }, p.user.authorization)).toMatchObject({
      ok: false,
      error: { status: 400, message: 'Rent must be at most $1,000,000' },
    });
    expect((await failure(harness.call(UpdateTenantMetadata, { id: tenant.id, rent_amount_cents: 100_000_001 }, p.user.authorization))).body).toMatchObject({
      status: 400,
      message: 'Rent must be at most $1,000,000',
    });
    expect((await harness.call(GetTenant, { id: tenant.id }, p.user.authorization)).metadata.rent_amount_cents).toBe(150_000);
    const stored = await harness.db.query(`select metadata->>'rent_amount_cents' as rent from "${harness.schema}"."tenant" where id = $1`, [tenant.id]);
    expect(stored.rows[0].rent).toBe('150000');
  });

  it('refuses a 100,000-character name with 400 and stores nothing', async () => {
    const p = await place();
    const name = 'x'.repeat(100_000);
    expect(await raw(CreateTenant, { full_name: name, unit_id: p.unit.id, location_id: p.location.id }, p.user.authorization)).toMatchObject({
      ok: false,
      error: { status: 400, message: 'Full name must be at most 200 characters' },
    });
    expect(await raw(CreateBuilding, { name, property_location_id: p.location.id, address_text: 'x' }, p.user.authorization)).toMatchObject({
      ok: false,
      error: { status: 400, message: 'Building name must be at most 200 characters' },
    });
    expect((await harness.call(ListUnitTenants, { unit_id: p.unit.id }, p.user.authorization)).items).toEqual([]);
    expect(await harness.call(ListBuildings, { location_id: p.location.id }, p.user.authorization)).toHaveLength(1);
  });

  it.each([
    ['a NUL', 'Jordan\u0000Lee'],
    ['an escape sequence', 'Jordan\u001b[31mLee'],
    ['a right-to-left override', 'Jordan\u202eeeL'],
    ['a zero-width space', 'Jordan\u200bLee'],
  ])('refuses a name with %s with 400 (never a 500) and stores nothing', async (_case, fullName) => {
    const p = await place();
    expect(await raw(CreateTenant, { full_name: fullName, unit_id: p.unit.id, location_id: p.location.id }, p.user.authorization)).toMatchObject({
      ok: false,
      error: { status: 400, message: 'Full name contains characters that are not allowed' },
    });
    expect(await raw(CreateUnit, { name: fullName, building_id: p.building.id }, p.user.authorization)).toMatchObject({
      ok: false,
      error: { status: 400, message: 'Unit name contains characters that are not allowed' },
    });
    expect((await harness.call(ListUnitTenants, { unit_id: p.unit.id }, p.user.authorization)).items).toEqual([]);
  });

  it('refuses more than 10,000 declared units', async () => {
    const user = await harness.registeredUser();
    expect(await raw(CreatePropertyLocation, { address_text: '1 Main St, Boston, MA 02134', type: 'MULTI_UNIT', declared_units_count: 1e9 }, user.authorization)).toMatchObject({
      ok: false,
      error: { status: 400, message: 'Units Count must be at most 10,000' },
    });
  });

  it('says what is wrong with a units count of -1 or 2.5 instead of calling it missing', async () => {
    const user = await harness.registeredUser();
    for (const count of [-1, 0, 2.5]) {
      expect(await raw(CreatePropertyLocation, { address_text: '1 Main St, Boston, MA 02134', type: 'MULTI_UNIT', declared_units_count: count }, user.authorization)).toMatchObject({
        ok: false,
        error: { status: 400, message: 'Units Count must be a whole number of at least 1' },
      });
    }
  });

  it('refuses location metadata with 5,000 keys, a 100,000-character value or a nested object, and stores nothing', async () => {
    const user = await harness.registeredUser();
    const address = { address_text: '1 Main St, Boston, MA 02134', type: 'SINGLE_FAMILY_HOME' as const };
    const cases: [Record<string, unknown>, string][] = [
      [Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`key${i}`, 'x'])), 'Metadata can have at most 50 keys'],
      [{ note: 'x'.repeat(100_000) }, 'Metadata values must be text of at most 1,000 characters, a number, true, false or null'],
      [{ nested: { deeper: { still: 'x' } } }, 'Metadata values must be text of at most 1,000 characters, a number, true, false or null'],
      [{ ['k'.repeat(101)]: 'x' }, 'Metadata keys must be 1 to 100 characters, without control characters'],
    ];
    for (const [metadata, message] of cases) {
      expect(await raw(CreatePropertyLocation, { ...address, metadata }, user.authorization)).toMatchObject({ ok: false, error: { status: 400, message } });
    }
    expect(await harness.call(ListPropertyLocations, {}, user.authorization)).toEqual([]);
    const kept = await harness.call(CreatePropertyLocation, { ...address, metadata: { usage: 'rental', floor_area_sqft: 1200 } }, user.authorization);
    expect(kept.metadata).toEqual({ usage: 'rental', floor_area_sqft: 1200 });
  });
});
