/**
 * Portfolio benchmark (`npm run bench`): starts the whole platform in its e2e profile (throw-away data), signs in as
 * the demo account, creates 10 property locations through the API and seeds them in PostgreSQL with 500 buildings,
 * 5,000 units and 10,000 tenants in all (50 buildings, 500 units and 1,000 tenants per location), then measures through
 * the BFF, with the same closed-loop load:
 *   - a small read (GET building/{id}),
 *   - the building list of one location (GET building/all: 50 buildings),
 *   - the dashboard (the calls its page makes at once: locations, onboarding progress, expiring leases for 60 days),
 *   - a 50-row tenant page (GET tenant/location/{id}?limit=50),
 *   - the largest tenant page (GET tenant/location/{id}?limit=200),
 * each next to a bare NATS request/reply of the very bytes that target puts on NATS (captured from one real request and
 * answered by a canned responder process), and a bare PostgreSQL primary-key select, the floors any request stands on.
 * It prints latency, the ratio to bare NATS and issue 8's goals, and CPU per request by process; nothing is asserted
 * (figures belong in the README, not in tests). `BENCH_CPU_PROFILE=<dir>` also writes the apps' CPU profiles there.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { connect, type MsgHdrs, type NatsConnection } from '@nats-io/transport-node';
import pg from 'pg';
import { cachePaths } from '../cache-paths.ts';
import { cpuProfileEnv } from './cpu-profile.ts';
import { startE2ePlatform, stopE2ePlatform } from '../e2e-platform.ts';
import { readInstance } from '../instance-record.ts';
import { loadSecrets } from '../secrets.ts';
import type { CannedResponderSetup } from './canned-responder.ts';
import { formatResults, formatTable, LoopbackClient, measure, type LoadOptions, type LoadResult } from './load.ts';
import { cpuMsBetween, cpuMsByGroup } from './process-cpu.ts';

const LOCATIONS = 10;
const BUILDINGS_PER_LOCATION = 50;
const UNITS_PER_BUILDING = 10;
const TENANTS_PER_UNIT = 2;
/** The platform's processes whose CPU the bench reports (the orchestrator's names for them). */
const CPU_GROUPS = ['bff', 'portfolio', 'postgres', 'nats'];
const load: LoadOptions = {
  concurrency: Number(process.env['BENCH_CONCURRENCY'] ?? 8),
  requests: Number(process.env['BENCH_REQUESTS'] ?? 400),
  warmup: Number(process.env['BENCH_WARMUP'] ?? 40),
};

// BENCH_CPU_PROFILE=<dir>: every app writes its CPU profile there when the platform stops (see cpu-profile.ts).
const platform = await startE2ePlatform(cpuProfileEnv());
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
  const building = (await db.query<{ id: string }>('select id from portfolio.building where property_location_id = $1 limit 1', [location])).rows[0]!.id;
  const tenantPage = `tenant/location/${location}?limit=50`;
  const targets: Target[] = [
    { name: 'GET building/{id} (small read)', paths: [`building/${building}`], goal: { ratioP50: 3 } },
    { name: 'GET building/all?location_id (50 buildings)', paths: [`building/all?location_id=${location}`], goal: { p95: 25 } },
    {
      name: 'dashboard (locations + progress + expiring leases)',
      paths: ['property-location/all', `property-manager/onboarding/${token.userId}/progress`, `todo/location/${location}/expiring-leases?days=60`],
      goal: { p95: 25 },
    },
    { name: 'GET tenant/location/{id}?limit=50 (a 50-row page of 1,000)', paths: [tenantPage], goal: { p95: 25 } },
    { name: 'GET tenant/location/{id}?limit=200 (the largest page)', paths: [`tenant/location/${location}?limit=200`] },
  ];

  // Each worker sends a target's calls at once (the dashboard's three), each on a connection of its own.
  const loopback = new LoopbackClient(load.concurrency * Math.max(...targets.map((target) => target.paths.length)));
  const ok = async (path: string) => {
    const status = await loopback.get(new URL(`${api}/${path}`), authorization);
    return status >= 200 && status < 300;
  };

  const nats = await connect({ servers: platform.natsUrl, name: 'bench' });
  const responder = fork(join(import.meta.dirname, 'canned-responder.ts'), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  try {
    // Each target's NATS traffic, captured from one real request, becomes its bare baseline: the same request bytes
    // and headers to a responder that answers the same reply bytes at once.
    const captured = new Map<Target, CapturedCall[]>();
    for (const target of targets) {
      const calls = await captureRpcCalls(nats, () => Promise.all(target.paths.map(ok)));
      if (calls.length !== target.paths.length) throw new Error(`${target.name}: expected ${target.paths.length} NATS requests, saw ${calls.length}`);
      captured.set(target, calls);
    }
    const canned = targets.flatMap((target, t) => captured.get(target)!.map((call, c) => ({ subject: `bench.canned.${t}.${c}`, reply: Buffer.from(call.reply).toString('base64') })));
    await startResponder(responder, { natsUrl: platform.natsUrl, replies: canned });

    // CPU per request where it is spent (latency on a shared machine also counts time spent waiting for a core).
    const groups = (readInstance(platform.profile.instanceFile)?.children ?? []).filter((c) => CPU_GROUPS.includes(c.name));
    const rows: Row[] = [];
    const phases: { name: string; requests: number; from: number; to: number }[] = [];
    rows.push({
      result: await measure('PostgreSQL primary-key select', async () => {
        const { rowCount } = await db.query('select * from portfolio.tenant where id = $1', [tenantIds[randomInt(tenantIds.length)]]);
        return rowCount === 1;
      }, load),
    });
    for (const [t, target] of targets.entries()) {
      const calls = captured.get(target)!;
      const bare = await measure(`bare NATS: ${target.name}`, async () => {
        const replies = await Promise.all(calls.map((call, c) => nats.request(`bench.canned.${t}.${c}`, call.request, { timeout: 10_000, headers: call.headers })));
        return replies.every((reply, c) => reply.data.length === calls[c]!.reply.length);
      }, load);
      const from = process.hrtime.bigint();
      const cpuBefore = cpuMsByGroup(groups);
      const result = await measure(target.name, async () => (await Promise.all(target.paths.map(ok))).every(Boolean), load);
      const cpu = cpuMsBetween(cpuBefore, cpuMsByGroup(groups));
      // The profiles' timestamps are the same monotonic clock in microseconds: CPU per request can be read per target.
      phases.push({ name: target.name, requests: load.warmup + load.requests, from: Number(from / 1000n), to: Number(process.hrtime.bigint() / 1000n) });
      rows.push({ result, bare, goal: target.goal, replyBytes: calls.reduce((sum, call) => sum + call.reply.length, 0), cpu });
    }
    print(`\nconcurrency ${load.concurrency}, ${load.requests} measured requests per target after ${load.warmup} warm-up, on ${process.arch} with ${(await import('node:os')).cpus().length} cores\n`);
    print(formatResults(rows.flatMap((row) => (row.bare ? [row.bare, row.result] : [row.result]))));
    print('\nagainst a bare NATS request/reply of the same bytes (ratio = target / bare NATS), and the targets of issue 8:\n');
    print(formatTable(
      ['target', 'reply kB', 'p50 ms', 'p95 ms', 'req/s', 'NATS p50', 'NATS p95', 'x p50', 'x p95', 'goal', 'met'],
      rows.filter((row) => row.bare).map(({ result, bare, goal, replyBytes }) => [
        result.name,
        (replyBytes! / 1024).toFixed(1),
        result.p50.toFixed(2),
        result.p95.toFixed(2),
        result.perSecond.toFixed(0),
        bare!.p50.toFixed(2),
        bare!.p95.toFixed(2),
        (result.p50 / bare!.p50).toFixed(1),
        (result.p95 / bare!.p95).toFixed(1),
        goal?.p95 ? `p95 <= ${goal.p95} ms` : goal?.ratioP50 ? `p50 <= ${goal.ratioP50}x NATS` : '',
        goal?.p95 ? (result.p95 <= goal.p95 ? 'yes' : 'no') : goal?.ratioP50 ? (result.p50 / bare!.p50 <= goal.ratioP50 ? 'yes' : 'no') : '',
      ]),
    ));
    const perRequest = (row: Row, name: string) => ((row.cpu?.get(name) ?? 0) / (load.warmup + load.requests)).toFixed(2);
    print(`\nCPU ms per request (user + system, warm-up included), by process group:\n`);
    print(formatTable(
      ['target', ...CPU_GROUPS, 'all'],
      rows.filter((row) => row.cpu).map((row) => [
        row.result.name,
        ...CPU_GROUPS.map((name) => perRequest(row, name)),
        ([...row.cpu!.values()].reduce((a, b) => a + b, 0) / (load.warmup + load.requests)).toFixed(2),
      ]),
    ));
    const profileDir = cpuProfileEnv()['BENCH_CPU_PROFILE'];
    if (profileDir) writeFileSync(join(profileDir, 'phases.json'), JSON.stringify(phases, null, 2));
  } finally {
    responder.disconnect();
    await nats.close();
    loopback.close();
  }
} finally {
  await db.end();
  await stopE2ePlatform(platform);
}

/** What the bench measures through the BFF: the paths one user action requests at once, and issue 8's goal for it. */
interface Target {
  name: string;
  paths: string[];
  goal?: { p95?: number; ratioP50?: number };
}

interface Row {
  result: LoadResult;
  cpu?: Map<string, number>;
  bare?: LoadResult;
  goal?: Target['goal'];
  replyBytes?: number;
}

/** One request/reply the BFF made on NATS, as it crossed the wire. */
interface CapturedCall {
  subject: string;
  request: Uint8Array;
  headers: MsgHdrs | undefined;
  reply: Uint8Array;
}

/**
 * Runs `act` while listening to every request on `pm.rpc.>` and every reply to an inbox (plain subscriptions get a
 * copy of each message besides the service's queue group), and pairs them: the exact bytes of each call `act` caused.
 */
async function captureRpcCalls(nc: NatsConnection, act: () => Promise<unknown>): Promise<CapturedCall[]> {
  const requests: { subject: string; request: Uint8Array; headers: MsgHdrs | undefined; inbox: string }[] = [];
  const replies = new Map<string, Uint8Array>();
  const requestTap = nc.subscribe('pm.rpc.>', {
    callback: (_error, msg) => {
      if (msg.reply) requests.push({ subject: msg.subject, request: msg.data, headers: msg.headers, inbox: msg.reply });
    },
  });
  const replyTap = nc.subscribe('_INBOX.>', { callback: (_error, msg) => void replies.set(msg.subject, msg.data) });
  await nc.flush();
  try {
    await act();
    await nc.flush();
  } finally {
    requestTap.unsubscribe();
    replyTap.unsubscribe();
  }
  return requests.map(({ inbox, ...call }) => {
    const reply = replies.get(inbox);
    if (!reply) throw new Error(`no reply seen to ${call.subject}`);
    return { ...call, reply };
  });
}

async function startResponder(child: ChildProcess, setup: CannedResponderSetup): Promise<void> {
  await new Promise<void>((ready, fail) => {
    child.once('message', () => ready());
    child.once('exit', (code) => fail(new Error(`the canned responder exited (${code}) before it was ready`)));
    child.send(setup);
  });
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
 * spread over the next two years so the dashboard's 60-day window holds about a twelfth of them: by a hash of the row,
 * which PostgreSQL computes per row (a `random()` in an uncorrelated lateral join ran once, giving every tenant the same
 * lease end, so a run's dashboard listed either no lease or all 1,000), and the same in every run.
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
       cross join lateral (select current_date + abs(hashtext(u.id::text || '/' || t)) % 730 as lease_end) e
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
