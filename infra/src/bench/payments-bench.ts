/**
 * Payments benchmark (`npm run bench:payments`): starts the whole platform in its e2e profile (throw-away data), signs
 * in as the demo account, then measures, loopback only, bounded in count:
 *   (a) Stripe's signed webhook → ledger entry: `checkout.session.completed` events (a card payment each, spread over
 *       50 units with rent, so no unit's ledger grows large), signed with the platform's endpoint secret as Stripe
 *       signs them and posted to payments' own `POST /stripe/webhook` (a 200 means the event and its ledger entry are
 *       committed); requests/s and p50/p95/p99 with 16 in flight, next to a bare `node:http` server that checks the
 *       same signature over the same bodies and inserts one row (bare-insert-server.ts), measured in the same run on
 *       the same database, in turns (four rounds of each); afterwards, whether each acknowledged event is in the ledger;
 *   (b) one unit with ten years of history through the BFF: rent set with a start ten years back (the service posts
 *       the 120 monthly charges) and a card payment each month through the webhook (dated on the 3rd of its month);
 *       `GET unit/{id}/ledger` (the statement, 240 lines, with its running balance) and
 *       `GET unit/{id}/payment-breakdown` (the balance owed), p50/p95;
 *   (c) a location with 10,000 units through the BFF: the location made through the API (so the demo account holds
 *       it), its units and a year of history each (a rent charge and a card payment a month, 240,000 entries) written
 *       into payments' tables in PostgreSQL, as the directory and the webhooks would have; the dashboard's total
 *       (`GET payments/stripe/monthly-payments?location_id=`) and the location's rent roll (`GET
 *       property-location/{id}/rent`), p50/p95.
 * It prints figures and CPU per request by process; nothing is asserted (figures belong in docs/benchmarks.md).
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { signatureHeader } from '@pm/stripe-sandbox';
import { cachePaths } from '../cache-paths.ts';
import { stripeWebhooksOf } from '../apps/app-env.ts';
import { DemoApi } from '../demo/demo-api.ts';
import { DEMO_EMAIL } from '../demo/seed-demo-account.ts';
import { startE2ePlatform, stopE2ePlatform } from '../e2e-platform.ts';
import { readInstance } from '../instance-record.ts';
import { loadSecrets } from '../secrets.ts';
import type { BareInsertSetup } from './bare-insert-server.ts';
import { cpuProfileEnv } from './cpu-profile.ts';
import { formatResults, formatTable, LoopbackClient, measure, measureAlternating, type LoadOptions, type LoadResult } from './load.ts';
import { cpuMsBetween, cpuMsByGroup } from './process-cpu.ts';

const webhookLoad: LoadOptions = {
  concurrency: Number(process.env['BENCH_CONCURRENCY'] ?? 16),
  requests: Number(process.env['BENCH_REQUESTS'] ?? 2000),
  warmup: Number(process.env['BENCH_WARMUP'] ?? 200),
};
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 4);
const readLoad: LoadOptions = { concurrency: 4, requests: Number(process.env['BENCH_READ_REQUESTS'] ?? 400), warmup: 40 };
/** The 10,000-unit reads are the slow ones: fewer of them. */
const largeLoad: LoadOptions = { concurrency: 2, requests: Number(process.env['BENCH_LARGE_REQUESTS'] ?? 40), warmup: 4 };
const WEBHOOK_UNITS = 50;
const LARGE_UNITS = Number(process.env['BENCH_LARGE_UNITS'] ?? 10_000);
const HISTORY_YEARS = 10;
const TIME_ZONE = 'America/Chicago';
const ADDRESS = '200 Bench Street, Springfield, IL 62701';
const CPU_GROUPS = ['payments', 'bff', 'postgres', 'nats'];
const print = (line: string) => process.stdout.write(`${line}\n`);

print('starting the platform (e2e profile)…');
const platform = await startE2ePlatform(cpuProfileEnv());
const { profile } = platform;
const children = () => readInstance(profile.instanceFile)?.children ?? [];
const loopback = new LoopbackClient(webhookLoad.concurrency);
const db = new pg.Pool({ connectionString: platform.databaseUrl, max: 4 });
try {
  const secrets = loadSecrets(cachePaths().secretsFile);
  const webhooks = stripeWebhooksOf(profile, secrets);
  const webhookUrl = new URL(webhooks.url);
  const api = await DemoApi.signIn(`${platform.baseUrl}/api`, DEMO_EMAIL, platform.demoPassword);
  const bffApi = new URL(`${platform.baseUrl}/api/`);
  const bearer = { authorization: `Bearer ${api.accessToken}` };

  /** A signed `checkout.session.completed` (a card payment of `cents` into the unit), as Stripe posts it. */
  const signedPayment = (unitId: string, cents: number, createdSec = Math.floor(Date.now() / 1000)) => {
    const key = randomBytes(12).toString('hex');
    const body = JSON.stringify({
      id: `evt_${key}`,
      object: 'event',
      type: 'checkout.session.completed',
      created: createdSec,
      api_version: '2026-11-18.endive',
      livemode: false,
      data: {
        object: {
          id: `cs_test_${key}`,
          object: 'checkout.session',
          mode: 'payment',
          payment_status: 'paid',
          status: 'complete',
          payment_intent: `pi_${key}`,
          amount_total: cents,
          currency: 'usd',
          metadata: { pm_unit_id: unitId, pm_time_zone: TIME_ZONE },
        },
      },
    });
    return { paymentId: `stripe:pi_${key}`, body, headers: { 'content-type': 'application/json', 'stripe-signature': signatureHeader(body, webhooks.secret) } };
  };

  // A location of the demo account with a building, and units that payments knows (its directory copies portfolio's).
  const location = await api.post<{ id: string }>('property-location', { name: 'Bench Payments', address_text: ADDRESS, type: 'MULTI_UNIT', declared_units_count: WEBHOOK_UNITS + 1, is_rental_property: true });
  const building = await api.post<{ id: string }>('building', { name: 'Main', property_location_id: location.id, address_text: ADDRESS });
  const newUnit = async (name: string) => {
    const unit = await api.post<{ id: string }>('unit', { name, building_id: building.id });
    for (const deadline = Date.now() + 30_000; ; await sleep(100)) {
      if ((await db.query('select 1 from payments.unit_directory where unit_id = $1', [unit.id])).rowCount) return unit.id;
      if (Date.now() > deadline) throw new Error(`payments never learned unit ${name}`);
    }
  };

  // (b) first: ten years of one unit's history, through the service.
  print('(b) a unit with ten years of history…');
  const historyUnit = await newUnit('History');
  const firstYear = new Date().getFullYear() - HISTORY_YEARS;
  await api.put(`unit/${historyUnit}/rent-details`, { amount: 150_000, due_day: 1, late_fee: 5_000, grace_period_days: 5, start_date: `${firstYear}-01-01` });
  let historyPayments = 0;
  for (let month = 0; month < HISTORY_YEARS * 12; month++) {
    const paidAt = Date.UTC(firstYear + Math.floor(month / 12), month % 12, 3, 16) / 1000;
    if (paidAt * 1000 > Date.now()) break;
    const { body, headers } = signedPayment(historyUnit, 150_000, paidAt);
    const status = await loopback.postForm(webhookUrl, body, headers);
    if (status !== 200) throw new Error(`history payment ${month}: ${status}`);
    historyPayments++;
  }
  const historyEntries = Number((await db.query<{ n: string }>('select count(*) as n from payments.ledger_entry where unit_id = $1', [historyUnit])).rows[0]!.n);

  // (a) the webhook next to its floor.
  print(`(a) ${WEBHOOK_UNITS} units for the webhook…`);
  const webhookUnits: string[] = [];
  for (let i = 0; i < WEBHOOK_UNITS; i++) {
    const unitId = await newUnit(`W${i + 1}`);
    await api.put(`unit/${unitId}/rent-details`, { amount: 150_000, due_day: 1, late_fee: 0, grace_period_days: 5 });
    webhookUnits.push(unitId);
  }
  const bare = fork(join(import.meta.dirname, 'bare-insert-server.ts'), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  let webhookRows: readonly LoadResult[] = [];
  let landed = '';
  const webhookCpu = new Map<string, number>();
  const bareCpu = new Map<string, number>();
  try {
    const barePort = await new Promise<number>((resolve, reject) => {
      bare.once('message', (message: { port: number }) => resolve(message.port));
      bare.once('exit', (code) => reject(new Error(`the bare insert server exited (${code})`)));
      // The payments service's pool is 10 connections (nest-kit's orm-config): the floor gets as many.
      bare.send({ databaseUrl: platform.databaseUrl, poolSize: 10, stripeSecret: webhooks.secret } satisfies BareInsertSetup);
    });
    const bareUrl = new URL(`http://127.0.0.1:${barePort}/stripe/webhook`);
    const total = webhookLoad.warmup + webhookLoad.requests;
    // Built and signed ahead (a signature holds five minutes: the run is shorter), so the load generator only sends.
    const floorPosts = Array.from({ length: total }, (_, i) => signedPayment(webhookUnits[i % WEBHOOK_UNITS]!, 10_000 + i));
    const webhookPosts = Array.from({ length: total }, (_, i) => signedPayment(webhookUnits[i % WEBHOOK_UNITS]!, 10_000 + i));
    const acknowledged: string[] = [];
    const floorGroups = [{ name: 'bare server', pid: bare.pid! }, ...children().filter((child) => child.name === 'postgres')];
    const groups = children().filter((child) => CPU_GROUPS.includes(child.name));
    webhookRows = await measureAlternating(
      [
        {
          name: 'bare node:http: signature + one PostgreSQL insert',
          send: async (i) => (await loopback.postForm(bareUrl, floorPosts[i]!.body, floorPosts[i]!.headers)) === 200,
          around: (round) => tallyCpu(floorGroups, bareCpu, round),
        },
        {
          name: 'signed Stripe webhook → ledger entry (200)',
          send: async (i) => {
            const ok = (await loopback.postForm(webhookUrl, webhookPosts[i]!.body, webhookPosts[i]!.headers)) === 200;
            if (ok) acknowledged.push(webhookPosts[i]!.paymentId);
            return ok;
          },
          around: (round) => tallyCpu(groups, webhookCpu, round),
        },
      ],
      { ...webhookLoad, rounds: ROUNDS, settleMs: 500 },
    );
    const inLedger = Number((await db.query<{ n: string }>('select count(*) as n from payments.ledger_entry where id = any($1)', [acknowledged])).rows[0]!.n);
    landed = `${inLedger} of ${acknowledged.length} acknowledged payments in the ledger`;
  } finally {
    bare.disconnect();
  }

  // (c) 10,000 units with a year of history each, written into payments' tables.
  print(`(c) a location with ${LARGE_UNITS.toLocaleString('en-US')} units…`);
  const large = await api.post<{ id: string }>('property-location', { name: 'Bench Payments Large', address_text: ADDRESS, type: 'MULTI_UNIT', declared_units_count: LARGE_UNITS, is_rental_property: true });
  for (const deadline = Date.now() + 30_000; !(await db.query('select 1 from payments.location_directory where location_id = $1', [large.id])).rowCount; await sleep(100)) {
    if (Date.now() > deadline) throw new Error('payments never learned the large location');
  }
  await seedLargeLocation(db, large.id, api.userId);

  const get = (path: string) => async () => (await loopback.get(new URL(path, bffApi), bearer)) === 200;
  const reads: { result: LoadResult; cpu: Map<string, number>; load: LoadOptions }[] = [];
  const groups = children().filter((child) => CPU_GROUPS.includes(child.name));
  for (const [name, path, load] of [
    [`GET unit/{id}/ledger (${historyEntries} entries, ten years)`, `unit/${historyUnit}/ledger`, readLoad],
    [`GET unit/{id}/payment-breakdown (the same unit's balance)`, `unit/${historyUnit}/payment-breakdown`, readLoad],
    [`GET payments/stripe/monthly-payments (${LARGE_UNITS.toLocaleString('en-US')} units)`, `payments/stripe/monthly-payments?location_id=${large.id}`, largeLoad],
    [`GET property-location/{id}/rent (${LARGE_UNITS.toLocaleString('en-US')} units)`, `property-location/${large.id}/rent`, largeLoad],
  ] as const) {
    // A target that fails says why once (the measure only counts failures).
    const probe = await fetch(new URL(path, bffApi), { headers: bearer });
    if (!probe.ok) print(`${name}: ${probe.status} ${(await probe.text()).slice(0, 300)}`);
    else await probe.arrayBuffer();
    const cpu = new Map<string, number>();
    let result!: LoadResult;
    const send = get(path);
    await tallyCpu(groups, cpu, async () => {
      result = await measure(name, send, load);
    });
    reads.push({ result, cpu, load });
  }

  print(`\n${cpus().length} cores, load average ${loadavg().map((n) => n.toFixed(2)).join(' ')} at the end\n`);
  print(`(a) ${webhookLoad.concurrency} in flight, ${webhookLoad.requests} measured after ${webhookLoad.warmup} warm-up, in ${ROUNDS} rounds of each in turn:\n`);
  print(formatResults(webhookRows));
  const [floor, webhook] = webhookRows as [LoadResult, LoadResult];
  print(`\nwebhook / bare: ${(webhook.perSecond / floor.perSecond).toFixed(2)} of its requests/s, p99 ${(webhook.p99 / floor.p99).toFixed(1)}x; ${landed}`);
  const perRequest = (used: Map<string, number>, n: number) => [...used].map(([name, ms]) => `${name} ${(ms / n).toFixed(2)}`).join(', ');
  print(`CPU ms per measured request: bare: ${perRequest(bareCpu, webhookLoad.requests)}; webhook: ${perRequest(webhookCpu, webhookLoad.requests)}`);
  print(`\n(b) and (c) through the BFF (${historyPayments} monthly payments by webhook in the history unit):\n`);
  print(formatTable(
    ['target', 'in flight', 'requests', 'p50 ms', 'p95 ms', 'p99 ms', 'req/s', 'failures', 'CPU ms/req'],
    reads.map(({ result, cpu, load }) => [
      result.name,
      String(load.concurrency),
      String(result.requests),
      result.p50.toFixed(1),
      result.p95.toFixed(1),
      result.p99.toFixed(1),
      result.perSecond.toFixed(1),
      String(result.failures),
      perRequest(cpu, load.requests + load.warmup),
    ]),
  ));
} finally {
  loopback.close();
  await db.end();
  await stopE2ePlatform(platform);
}

/** Adds to `total` the CPU the groups and the load generator (this process) used while `round` ran. */
async function tallyCpu(groups: readonly { name: string; pid: number }[], total: Map<string, number>, round: () => Promise<void>): Promise<void> {
  const before = cpuMsByGroup(groups);
  const clientBefore = process.cpuUsage();
  await round();
  const client = process.cpuUsage(clientBefore);
  const used = new Map([['load generator', (client.user + client.system) / 1000], ...cpuMsBetween(before, cpuMsByGroup(groups))]);
  for (const [name, ms] of used) total.set(name, (total.get(name) ?? 0) + ms);
}

/**
 * The large location's units (100 buildings of 100 by default) in payments' directory, and for each unit the last
 * twelve months: the rent charge on the 1st and a card payment on the 3rd (this month's only when the 3rd has passed),
 * entries shaped as the schedule and the intake write them.
 */
async function seedLargeLocation(pool: pg.Pool, locationId: string, accountId: string): Promise<void> {
  const started = Date.now();
  await pool.query(
    `insert into payments.building_directory (building_id, location_id, account_id, name, stamp)
     select $1 || '-b' || b, $1, $2, 'Building ' || lpad(b::text, 3, '0'), 'bench' from generate_series(1, greatest($3 / 100, 1)) b`,
    [locationId, accountId, LARGE_UNITS],
  );
  await pool.query(
    `insert into payments.unit_directory (unit_id, building_id, location_id, account_id, name, stamp)
     select $1 || '-u' || u, $1 || '-b' || (1 + (u - 1) / 100), $1, $2, 'Unit ' || lpad(u::text, 5, '0'), 'bench' from generate_series(1, $3) u`,
    [locationId, accountId, LARGE_UNITS],
  );
  // Twelve periods back from this month, in the location's time zone.
  await pool.query(
    `with months as (
       select to_char(m, 'YYYY-MM') as period, m::date as first, (m + interval '2 days')::date as third
         from generate_series(date_trunc('month', now() at time zone $2) - interval '11 months', date_trunc('month', now() at time zone $2), interval '1 month') m
     ), units as (select unit_id from payments.unit_directory where location_id = $1)
     insert into payments.ledger_entry (id, unit_id, type, entry, posted_at)
     select 'rent:' || u.unit_id || ':' || m.period, u.unit_id, 'charge',
            jsonb_build_object('type', 'charge', 'id', 'rent:' || u.unit_id || ':' || m.period, 'postedAt', to_char(m.first, 'YYYY-MM-DD"T"06:00:00.000"Z"'),
              'kind', 'rent', 'amountCents', 150000, 'dueDate', to_char(m.first, 'YYYY-MM-DD'), 'period', m.period, 'description', m.period || ' rent'),
            m.first
       from units u cross join months m
     union all
     select 'bench:' || u.unit_id || ':' || m.period, u.unit_id, 'payment',
            jsonb_build_object('type', 'payment', 'id', 'bench:' || u.unit_id || ':' || m.period, 'postedAt', to_char(m.third, 'YYYY-MM-DD"T"16:00:00.000"Z"'),
              'amountCents', 150000, 'method', 'card', 'paidOn', to_char(m.third, 'YYYY-MM-DD'), 'clearing', false),
            m.third
       from units u cross join months m
      where m.third <= (now() at time zone $2)::date`,
    [locationId, TIME_ZONE],
  );
  await pool.query('analyze payments.ledger_entry');
  print(`  seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
