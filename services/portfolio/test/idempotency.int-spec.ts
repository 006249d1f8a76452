import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import { CreateBuilding, CreatePropertyLocation, CreateTenant, CreateUnit, UpdateTenant, type RequestInputOf, type Tenant } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { IdempotencyKeysPruner } from '@pm/nest-kit';
import { waitFor } from '@pm/testing';
import pg from 'pg';
import { failure, startPortfolio, type PortfolioHarness, type TestUser } from './support/portfolio-harness.js';

/**
 * Idempotency-Key on creating calls (issue 9, API finding 10), against the real portfolio service: a retry after a
 * lost answer gets the first answer and creates nothing more, per caller, for 24 hours.
 */

jest.setTimeout(60_000);

let harness: PortfolioHarness;

beforeAll(async () => {
  harness = await startPortfolio();
});

afterAll(async () => {
  await harness?.close();
});

interface Place {
  user: TestUser;
  locationId: string;
  unitId: string;
}

async function place(): Promise<Place> {
  const user = await harness.registeredUser();
  const location = await harness.call(
    CreatePropertyLocation,
    { address_text: '12 Elm Street, Springfield, IL 62701', type: 'MULTI_UNIT', declared_units_count: 6, is_rental_property: true },
    user.authorization,
  );
  const building = await harness.call(CreateBuilding, { name: 'Building A', property_location_id: location.id, address_text: '12 Elm Street' }, user.authorization);
  const unit = await harness.call(CreateUnit, { name: 'Unit 1A', building_id: building.id }, user.authorization);
  return { user, locationId: location.id, unitId: unit.id };
}

function tenantOf(p: Place, fullName = 'Jordan Lee'): RequestInputOf<typeof CreateTenant> {
  return { full_name: fullName, unit_id: p.unitId, location_id: p.locationId, contacts: [{ type: 'email', value: 'jordan@example.com' }] };
}

function createTenant(p: Place, request: RequestInputOf<typeof CreateTenant>, idempotencyKey?: string): Promise<Tenant> {
  return harness.client.request(CreateTenant, request, { authorization: p.user.authorization, idempotencyKey });
}

async function tenantsIn(p: Place): Promise<number> {
  const { rows } = await harness.db.query<{ n: string }>(`select count(*) as n from "${harness.schema}"."tenant" where "unit_id" = $1`, [p.unitId]);
  return Number(rows[0]!.n);
}

async function tenantEventsFor(p: Place): Promise<number> {
  const { rows } = await harness.db.query<{ n: string }>(
    `select count(*) as n from "${harness.schema}"."outbox" where "subject" = 'pm.portfolio.tenant.created.v1' and "envelope"->'data'->>'unitId' = $1`,
    [p.unitId],
  );
  return Number(rows[0]!.n);
}

describe('Idempotency-Key on POST tenant', () => {
  it('answers a retry with the first answer and creates one tenant', async () => {
    const p = await place();
    const key = randomUUID();
    const first = await createTenant(p, tenantOf(p), key);
    // The same request again, its fields in another order, as a client that rebuilt it would send it.
    const { contacts, full_name, location_id, unit_id } = tenantOf(p);
    const retry = await createTenant(p, { contacts, unit_id, location_id, full_name }, key);
    expect(retry).toEqual(first);
    expect(await tenantsIn(p)).toBe(1);
    expect(await tenantEventsFor(p)).toBe(1);
  });

  it('creates again without a key, as before', async () => {
    const p = await place();
    await createTenant(p, tenantOf(p));
    await createTenant(p, tenantOf(p));
    expect(await tenantsIn(p)).toBe(2);
  });

  it('answers 422 to the same key with a different request, and creates nothing', async () => {
    const p = await place();
    const key = randomUUID();
    await createTenant(p, tenantOf(p, 'Jordan Lee'), key);
    const refused = await failure(createTenant(p, tenantOf(p, 'Casey Park'), key));
    expect(refused.status).toBe(422);
    expect(refused.message).toBe('This Idempotency-Key was already used for a different request.');
    expect(await tenantsIn(p)).toBe(1);
  });

  it('keeps keys per caller: another user with the same key creates their own tenant', async () => {
    const mine = await place();
    const theirs = await place();
    const key = `order-${randomUUID()}`;
    const first = await createTenant(mine, tenantOf(mine), key);
    const second = await createTenant(theirs, tenantOf(theirs), key);
    expect(second.id).not.toBe(first.id);
    expect(second.unit_id).toBe(theirs.unitId);
    expect(await tenantsIn(mine)).toBe(1);
    expect(await tenantsIn(theirs)).toBe(1);
  });

  it('answers 409 to a retry while the first request is still running, then the first answer', async () => {
    const p = await place();
    const key = randomUUID();
    // Hold the tenant table so the first request stops inside its transaction, after it took the key.
    const blocker = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query(`lock table "${harness.schema}"."tenant" in exclusive mode`);
      const first = createTenant(p, tenantOf(p), key);
      await waitFor(
        async () => (await harness.db.query(`select 1 from pg_locks where locktype = 'advisory' and granted`)).rowCount,
        { timeout: 10_000, description: 'the first request holds its idempotency key' },
      );
      const concurrent = await failure(createTenant(p, tenantOf(p), key));
      expect(concurrent.status).toBe(409);
      expect(concurrent.message).toBe('A request with this Idempotency-Key is still being processed. Retry it later.');
      await blocker.query('rollback');
      const created = await first;
      expect(await createTenant(p, tenantOf(p), key)).toEqual(created);
    } finally {
      await blocker.end();
    }
    expect(await tenantsIn(p)).toBe(1);
  });

  it('creates one tenant when the same request is sent five times at once', async () => {
    const p = await place();
    const key = randomUUID();
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => createTenant(p, tenantOf(p), key)));
    const created = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.id] : []));
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ status: 409 });
    expect(new Set(created).size).toBe(1);
    expect(await tenantsIn(p)).toBe(1);
  });

  it('stores nothing for a failed request, so the retry may succeed', async () => {
    const p = await place();
    const key = randomUUID();
    const missing = await failure(createTenant(p, { ...tenantOf(p), unit_id: randomUUID() }, key));
    expect(missing.status).toBe(404);
    await createTenant(p, tenantOf(p), key);
    expect(await tenantsIn(p)).toBe(1);
  });

  it('refuses a malformed key with 400 and creates nothing', async () => {
    const p = await place();
    for (const key of ['', 'has space', 'x'.repeat(256), 'naïve']) {
      const refused = await failure(createTenant(p, tenantOf(p), key));
      expect(refused).toBeInstanceOf(RpcFailure);
      expect(refused.status).toBe(400);
      expect(refused.message).toMatch(/^Idempotency-Key /);
    }
    expect(await createTenant(p, tenantOf(p), 'x'.repeat(255))).toMatchObject({ full_name: 'Jordan Lee' });
    expect(await tenantsIn(p)).toBe(1);
  });

  it('ignores a key on a call that does not create', async () => {
    const p = await place();
    const tenant = await createTenant(p, tenantOf(p));
    const key = randomUUID();
    await harness.client.request(UpdateTenant, { id: tenant.id, full_name: 'Jordan Lee-Park', contacts: [] }, { authorization: p.user.authorization, idempotencyKey: key });
    const renamed = await harness.client.request(UpdateTenant, { id: tenant.id, full_name: 'Jordan Park', contacts: [] }, { authorization: p.user.authorization, idempotencyKey: key });
    expect(renamed.full_name).toBe('Jordan Park');
  });

  it('forgets a key after 24 hours: the retry creates again, and the pruner deletes it', async () => {
    const p = await place();
    const key = randomUUID();
    await createTenant(p, tenantOf(p), key);
    const dayAgo = `now() - interval '24 hours 1 minute'`;
    await harness.db.query(`update "${harness.schema}"."idempotency_key" set "created_at" = ${dayAgo} where "caller" = $1 and "key" = $2`, [p.user.userId, key]);
    await createTenant(p, tenantOf(p), key);
    expect(await tenantsIn(p)).toBe(2);

    await harness.db.query(`update "${harness.schema}"."idempotency_key" set "created_at" = ${dayAgo} where "caller" = $1 and "key" = $2`, [p.user.userId, key]);
    const fresh = randomUUID();
    await createTenant(p, tenantOf(p, 'Casey Park'), fresh);
    expect(await harness.app.get(IdempotencyKeysPruner, { strict: false }).pruneOnce()).toBeGreaterThanOrEqual(1);
    const { rows } = await harness.db.query<{ key: string }>(`select "key" from "${harness.schema}"."idempotency_key" where "caller" = $1`, [p.user.userId]);
    expect(rows.map((row) => row.key)).toEqual([fresh]);
  });
});
