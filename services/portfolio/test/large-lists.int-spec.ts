import { CreateBuilding, CreatePropertyLocation, CreateUnit, DeleteTenant, ListLocationTenants, type Tenant } from '@pm/contracts';
import { failure, startPortfolio, type PortfolioHarness } from './support/portfolio-harness.js';

import { jest } from '@jest/globals';

jest.setTimeout(120_000);

let harness: PortfolioHarness;

beforeAll(async () => {
  harness = await startPortfolio();
});

afterAll(async () => {
  await harness?.close();
});

/** A location with `count` tenants inserted in one statement (names `Tenant <n>`), and its owner. */
async function locationWithTenants(count: number) {
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
     from "${harness.schema}".unit u cross join generate_series(1, $2::int) g where u.id = $1`,
    [unit.id, count],
  );
  return { owner, location };
}

describe('large lists come in pages', () => {
  it('reads a location of 3,000 tenants page by page: every tenant once, in order, each page well under 1 MB', async () => {
    const { owner, location } = await locationWithTenants(3000);
    const seen: Tenant[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await harness.call(ListLocationTenants, { locationId: location.id, limit: 200, ...(cursor ? { cursor } : {}) }, owner.authorization);
      expect(page.total).toBe(3000);
      expect(Buffer.byteLength(JSON.stringify(page))).toBeLessThan(256 * 1024);
      seen.push(...page.items);
      cursor = page.next_cursor ?? undefined;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(15);
    expect(new Set(seen.map((tenant) => tenant.id)).size).toBe(3000);
    expect(seen.map((tenant) => tenant.id)).toEqual([...seen.map((tenant) => tenant.id)].sort());
    expect(seen[0]).toMatchObject({ unitName: 'Block', buildingName: 'Tower', metadata: { lease_end: '2027-06-30', rent_amount_cents: 150000 } });
  });

  it('answers 50 by default, and keeps its place when tenants before the cursor leave', async () => {
    const { owner, location } = await locationWithTenants(120);
    const first = await harness.call(ListLocationTenants, { locationId: location.id }, owner.authorization);
    expect(first.items).toHaveLength(50);
    expect(first.next_cursor).toEqual(expect.any(String));
    await harness.call(DeleteTenant, { id: first.items[0]!.id }, owner.authorization);
    const second = await harness.call(ListLocationTenants, { locationId: location.id, cursor: first.next_cursor! }, owner.authorization);
    expect(second.total).toBe(119);
    expect(second.items[0]!.id > first.items[49]!.id).toBe(true);
    expect(second.items).toHaveLength(50);
  });

  it('pages past tenants by archive time, newest first, without skipping or repeating a tenant', async () => {
    const { owner, location } = await locationWithTenants(7);
    const active = await harness.call(ListLocationTenants, { locationId: location.id }, owner.authorization);
    // Two archived in the same millisecond: the id decides their order, and the cursor must not lose one of them.
    await harness.db.query(`update "${harness.schema}".tenant set is_archived = true, archived_at = '2026-11-20T10:00:00.123Z' where property_location_id = $1`, [location.id]);
    const ids: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await harness.call(ListLocationTenants, { locationId: location.id, archived: true, limit: 3, ...(cursor ? { cursor } : {}) }, owner.authorization);
      ids.push(...page.items.map((tenant) => tenant.id));
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    expect(ids).toEqual(active.items.map((tenant) => tenant.id).sort());
  });

  it('searches by name, unit, e-mail or phone digits, counting and paging only the matches', async () => {
    const { owner, location } = await locationWithTenants(130);
    // "Tenant 1", "Tenant 10".."Tenant 19", "Tenant 100".."Tenant 130": 1 + 10 + 31 names contain "tenant 1".
    const ids: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await harness.call(ListLocationTenants, { locationId: location.id, search: 'TENANT 1', limit: 20, ...(cursor ? { cursor } : {}) }, owner.authorization);
      expect(page.total).toBe(42);
      ids.push(...page.items.map((tenant) => tenant.id));
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    expect(new Set(ids).size).toBe(42);

    const byEmail = await harness.call(ListLocationTenants, { locationId: location.id, search: 'tenant77@' }, owner.authorization);
    expect(byEmail.items.map((tenant) => tenant.full_name)).toEqual(['Tenant 77']);
    // A phone is found by its digits, however the search writes it; the unit's name finds every tenant in it.
    expect((await harness.call(ListLocationTenants, { locationId: location.id, search: '(555) 010', limit: 1 }, owner.authorization)).total).toBe(130);
    expect((await harness.call(ListLocationTenants, { locationId: location.id, search: 'block', limit: 1 }, owner.authorization)).total).toBe(130);
    // LIKE's wildcards are text to look for, not patterns; a blank search is no search.
    expect((await harness.call(ListLocationTenants, { locationId: location.id, search: '%' }, owner.authorization)).total).toBe(0);
    expect((await harness.call(ListLocationTenants, { locationId: location.id, search: '_' }, owner.authorization)).total).toBe(0);
    expect((await harness.call(ListLocationTenants, { locationId: location.id, search: '   ', limit: 1 }, owner.authorization)).total).toBe(130);
    expect((await failure(harness.call(ListLocationTenants, { locationId: location.id, search: 'x'.repeat(201) }, owner.authorization))).body).toMatchObject({
      status: 400,
      message: 'Search must be at most 200 characters',
    });
  });

  it.each([
    ['not base64', '!!!'],
    ['not ours', Buffer.from('["../../etc"]').toString('base64url')],
    ['an id that is not a UUID', Buffer.from('["zzz"]').toString('base64url')],
    ['the wrong length', Buffer.from('["a","b","c"]').toString('base64url')],
  ])('refuses a cursor that is %s with 400 "Invalid cursor"', async (_case, cursor) => {
    const { owner, location } = await locationWithTenants(1);
    expect((await failure(harness.call(ListLocationTenants, { locationId: location.id, cursor }, owner.authorization))).body).toMatchObject({ status: 400, message: 'Invalid cursor' });
  });

  it.each([0, 201, 1.5])('refuses limit %s with 400', async (limit) => {
    const { owner, location } = await locationWithTenants(1);
    expect((await failure(harness.call(ListLocationTenants, { locationId: location.id, limit }, owner.authorization))).body).toMatchObject({
      status: 400,
      message: 'Limit must be a whole number from 1 to 200',
    });
  });
});
