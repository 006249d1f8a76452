/**
 * Portfolio benchmark (`npm run bench`): starts the whole platform in its e2e profile (throw-away data), signs in as
 * the demo account, creates 10 property locations through the API and seeds them in PostgreSQL with 500 buildings,
 * 5,000 units and 10,000 tenants in all (50 buildings, 500 units and 1,000 tenants per location), then measures through
 * the BFF, with the same closed-loop load:
 *   - the tenant list of one location (GET tenant/location/{id}: 1,000 tenants),
 *   - the building list of one location (GET building/all: 50 buildings),
 *   - the dashboard (the calls its page makes at once: locations, onboarding progress, expiring leases for 60 days),
 * next to a bare PostgreSQL primary-key select of one tenant measured in the same run, the floor any request that
 * reads the database stands on. It prints a table; nothing is asserted (figures belong in the README, not in tests).
 */
import { randomInt } from 'node:crypto';
import pg from 'pg';
import { cachePaths } from '../cache-paths.ts';
import { startE2ePlatform, stopE2ePlatform } from '../e2e-platform.ts';
import { loadSecrets } from '../secrets.ts';
import { formatResults, measure, type LoadOptions, type LoadResult } from './load.ts';

const LOCATIONS = 10;
const BUILDINGS_PER_LOCATION = 50;
const UNITS_PER_BUILDING = 10;
const TENANTS_PER_UNIT = 2;
const load: LoadOptions = {
  concurrency: Number(process.env['BENCH_CONCURRENCY'] ?? 8),
  requests: Number(process.env['BENCH_REQUESTS'] ?? 400),
  warmup: Number(process.env['BENCH_WARMUP'] ?? 40),
};

const platform = await startE2ePlatform();
const db = new pg.Pool({ connectionString: platform.databaseUrl, max: load.concurrency });
try {
  const api = `${platform.baseUrl}/api`;
  const token = await signIn(api);
  const authorization = { authorization: `Bearer ${token.accessToken}` };
  const json = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${api}/${path}`, { ...init, headers: { 'content-type': 'application/json', ...authorization, ...init.headers } });
    if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<unknown>;
  };

  print(`seeding ${LOCATIONS} locations, ${LOCATIONS * BUILDINGS_PER_LOCATION} buildings, ${LOCATIONS * BUILDINGS_PER_LOCATION * UNITS_PER_BUILDING} units, ${LOCATIONS * BUILDINGS_PER_LOCATION * UNITS_PER_BUILDING * TENANTS_PER_UNIT} tenants…`);
  const locationIds: string[] = [];
  for (let i = 0; i < LOCATIONS; i++) {
    const location = (await json('property-location', {
      method: 'POST',
      body: JSON.stringify({ name: `Bench ${i + 1}`, address_text: `${100 + i} Market Street, Springfield, IL 62701`, type: 'MULTI_UNIT', declared_units_count: 500, is_rental_property: true }),
    })) as { id: string };
    locationIds.push(location.id);
  }
  await seed(db, locationIds);
  const tenantIds = (await db.query<{ id: string }>('select id from portfolio.tenant')).rows.map((row) => row.id);

  const location = locationIds[0]!;
  const ok = async (path: string) => {
    const response = await fetch(`${api}/${path}`, { headers: authorization });
    await response.arrayBuffer();
    return response.ok;
  };
  const results: LoadResult[] = [];
  results.push(
    await measure('PostgreSQL primary-key select (baseline)', async () => {
      const { rowCount } = await db.query('select * from portfolio.tenant where id = $1', [tenantIds[randomInt(tenantIds.length)]]);
      return rowCount === 1;
    }, load),
  );
  results.push(await measure('GET tenant/location/{id} (1,000 tenants)', () => ok(`tenant/location/${location}`), load));
  results.push(await measure('GET building/all?location_id (50 buildings)', () => ok(`building/all?location_id=${location}`), load));
  results.push(
    await measure('dashboard (locations + progress + expiring leases)', async () => {
      const answers = await Promise.all([
        ok('property-location/all'),
        ok(`property-manager/onboarding/${token.userId}/progress`),
        ok(`todo/location/${location}/expiring-leases?days=60`),
      ]);
      return answers.every(Boolean);
    }, load),
  );
  print(`\nconcurrency ${load.concurrency}, ${load.requests} measured requests per target after ${load.warmup} warm-up, on ${process.arch} with ${(await import('node:os')).cpus().length} cores\n`);
  print(formatResults(results));
} finally {
  await db.end();
  await stopE2ePlatform(platform);
}

function print(text: string): void {
  process.stdout.write(`${text}\n`);
}

async function signIn(api: string): Promise<{ accessToken: string; userId: string }> {
  const password = process.env['DEMO_ACCOUNT_PASSWORD'] ?? loadSecrets(cachePaths().secretsFile).demoPassword;
  const response = await fetch(`${api}/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@pm.local', password }),
  });
  if (!response.ok) throw new Error(`signing in as the demo account: ${response.status} ${await response.text()}`);
  const session = (await response.json()) as { access_token: string; user: { id: string } };
  return { accessToken: session.access_token, userId: session.user.id };
}

/**
 * Rows as the service would write them (same account and location columns), in set-based inserts. Lease ends are
 * spread over the next two years so the dashboard's 60-day window holds about a twelfth of them.
 */
async function seed(pool: pg.Pool, locations: readonly string[]): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(
      `insert into portfolio.building (id, account_id, property_location_id, name, address_text, created_at, updated_at)
       select gen_random_uuid(), l.account_id, l.id, 'Building ' || b, b || ' ' || l.address_text, now(), now()
       from portfolio.property_location l cross join generate_series(1, $2::int) b where l.id = any($1::uuid[])`,
      [locations, BUILDINGS_PER_LOCATION],
    );
    await client.query(
      `insert into portfolio.unit (id, account_id, property_location_id, building_id, name, created_at, updated_at)
       select gen_random_uuid(), b.account_id, b.property_location_id, b.id, 'Unit ' || u, now(), now()
       from portfolio.building b cross join generate_series(1, $2::int) u where b.property_location_id = any($1::uuid[])`,
      [locations, UNITS_PER_BUILDING],
    );
    await client.query(
      `insert into portfolio.tenant (id, account_id, property_location_id, building_id, unit_id, full_name, contacts, is_primary,
         is_archived, metadata, lease_end_date, created_at, updated_at)
       select gen_random_uuid(), u.account_id, u.property_location_id, u.building_id, u.id, 'Tenant ' || u.name || '-' || t,
         jsonb_build_array(jsonb_build_object('type', 'email', 'value', 'tenant' || t || '.' || replace(u.id::text, '-', '') || '@example.com')),
         t = 1, false, jsonb_build_object('lease_end', e.lease_end::text, 'rent_amount_cents', 150000), e.lease_end, now(), now()
       from portfolio.unit u cross join generate_series(1, $2::int) t
       cross join lateral (select (current_date + (random() * 730)::int) as lease_end) e
       where u.property_location_id = any($1::uuid[])`,
      [locations, TENANTS_PER_UNIT],
    );
    await client.query('commit');
    await client.query('analyze portfolio.building; analyze portfolio.unit; analyze portfolio.tenant');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}
