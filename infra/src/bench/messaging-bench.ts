/**
 * Messaging benchmark (`npm run bench:messaging`): starts the whole platform in its e2e profile (throw-away data, the
 * demo account seeded as `npm start` seeds it), adds a location of the demo account with a sandbox number, a tenant
 * and the Harbor View Q&A, then measures, loopback only, bounded in count:
 *   (c) draft latency with the local model: a handful of tenant questions, one at a time, from the signed webhook
 *       post to the ready draft on the message (skipped, with the reason, when the models are absent);
 *   (a) signed SMS webhook → durable acknowledgement (the post's intake row committed before the 200; the routing
 *       after it, message, session, draft request and outbox, runs in the background and its CPU is counted):
 *       requests/s and p50/p95/p99 with 16 posts in flight, next to a bare `node:http` server doing one PostgreSQL
 *       insert per request, measured in the same run on the same database, the two in turns (four rounds of each, a
 *       half-second pause after each round for the background work to finish); then whether every acknowledged post
 *       was routed, how long after each round's last 200 the last of them was (routing yields to acknowledgements
 *       under way, so this is the inbox's lag behind a burst), and what was still waiting at the end of each pause;
 *       then (after (b)) the webhook alone in one burst longer than routing's yield, so routing runs inside it;
 *   (b) inbound message → visible in the inbox read model (`GET conversation/inbox` through the BFF): from the post's
 *       start until the list shows the message, p50/p95/p99, one message at a time.
 * For (a) and (b) the assistant process is paused (SIGSTOP, resumed before the platform stops): the drafts of
 * thousands of bench messages would otherwise compete for the same cores, and (b) is measured without the draft.
 * It prints figures and CPU per request by process; nothing is asserted (figures belong in the README).
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { getExpectedTwilioSignature } from 'twilio/lib/webhooks/webhooks.js';
import { cachePaths } from '../cache-paths.ts';
import { cpuProfileEnv } from './cpu-profile.ts';
import { localModelsVerified } from '../components/ai-models.ts';
import { DemoApi } from '../demo/demo-api.ts';
import { demoConversations } from '../demo/demo-conversations.data.ts';
import { demoPortfolio } from '../demo/demo-portfolio.data.ts';
import { DEMO_EMAIL } from '../demo/seed-demo-account.ts';
import { demoMessagingInputs } from '../demo/seed-demo-conversations.ts';
import { startE2ePlatform, stopE2ePlatform } from '../e2e-platform.ts';
import { readInstance } from '../instance-record.ts';
import type { BareInsertSetup } from './bare-insert-server.ts';
import { LoopbackClient, formatResults, formatTable, measure, measureAlternating, percentile, type LoadOptions } from './load.ts';
import { cpuMsBetween, cpuMsByGroup } from './process-cpu.ts';
import { StatementStats } from './statement-stats.ts';

const load: LoadOptions = {
  concurrency: Number(process.env['BENCH_CONCURRENCY'] ?? 16),
  requests: Number(process.env['BENCH_REQUESTS'] ?? 2000),
  warmup: Number(process.env['BENCH_WARMUP'] ?? 200),
};
const VISIBILITY_SAMPLES = Number(process.env['BENCH_VISIBILITY_SAMPLES'] ?? 200);
/** (a) measures the floor and the webhook in turns, this many rounds of each. */
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 4);
/**
 * Then one burst of this many posts, longer than routing's yield to acknowledgements (at most 1 s, sms-intake.ts), so
 * routing runs inside it: what the webhook sustains while its messages are routed on the same cores.
 */
const SUSTAINED_REQUESTS = Number(process.env['BENCH_SUSTAINED_REQUESTS'] ?? 12_000);
/** Covered by the location's Q&A, so each one is a model call (a message no item covers is answered without one). */
const DRAFT_QUESTIONS = [
  'Where can my guests park when they visit?',
  'Are dogs allowed in the building?',
  'When is the trash picked up?',
  'What are the quiet hours?',
  'How do I pay my rent?',
  'Where are packages delivered?',
];
/** The assistant is listed to show it stays idle while paused. */
const CPU_GROUPS = ['messaging', 'bff', 'postgres', 'nats', 'assistant'];
const TENANT_PHONE = '(619) 555-0170';
/**
 * (a)'s senders: 100 phones (555-0100…0199, unknown at the bench location but one), so the posts in flight are
 * different conversations, as real traffic is. Posts of one sender take turns: each bumps its session's row.
 */
const senderOf = (i: number) => `+1619555${String(100 + (i % 100)).padStart(4, '0')}`;
/** A webhook post built and signed ahead of sending: its `MessageSid`, form body and signature header. */
interface PreparedPost {
  sid: string;
  form: string;
  headers: Record<string, string>;
}
const print = (line: string) => process.stdout.write(`${line}\n`);

// BENCH_PG_STATEMENTS=1: PostgreSQL keeps pg_stat_statements (see postgres.component.ts) and (a) prints its top.
const statementStats = process.env['BENCH_PG_STATEMENTS'] === '1';
if (statementStats) process.env['PM_POSTGRES_STATEMENT_STATS'] = '1';
print('starting the platform (e2e profile)…');
// BENCH_CPU_PROFILE=<dir>: every app writes its CPU profile there when the platform stops (see cpu-profile.ts).
const platform = await startE2ePlatform(cpuProfileEnv());
const { profile } = platform;
const children = () => readInstance(profile.instanceFile)?.children ?? [];
let pausedAssistant: number | undefined;
const loopback = new LoopbackClient(load.concurrency);
try {
  const inputs = demoMessagingInputs(profile);
  if (!inputs) throw new Error('the messaging bench needs the sandbox SMS provider (SMS_PROVIDER unset or sandbox)');
  const webhookUrl = `${inputs.smsWebhookBaseUrl}/sms/inbound`;
  const webhookTarget = new URL(webhookUrl);
  const api = await DemoApi.signIn(`${platform.baseUrl}/api`, DEMO_EMAIL, platform.demoPassword);
  const location = await benchLocation(api);
  const from = `+1${TENANT_PHONE.replace(/\D/g, '')}`;
  let sent = 0;
  // Posts are built and signed ahead of their rounds (prepared), so the load generator only sends and reads answers.
  // What the provider posts for a text from `sender` to the bench location, with a new MessageSid.
  const smsParams = (body: string, sender: string) => ({ MessageSid: `SM${randomBytes(16).toString('hex')}`, From: sender, To: location.phone, Body: body, NumMedia: '0' });
  const signedSms = (body: string, sender = from): PreparedPost => {
    const params = smsParams(body, sender);
    return { sid: params.MessageSid, form: new URLSearchParams(params).toString(), headers: { 'x-twilio-signature': getExpectedTwilioSignature(inputs.smsSandboxSecret, webhookUrl, params) } };
  };
  const sendSms = async ({ sid, form, headers }: PreparedPost): Promise<{ ok: boolean; sid: string }> => {
    const status = await loopback.postForm(webhookTarget, form, headers);
    sent++;
    return { ok: status === 200, sid };
  };
  const postSms = (body: string, sender = from) => sendSms(signedSms(body, sender));
  const newestItem = async () => (await api.get<{ items: { id: string; external_id: string }[] }>(`conversation/inbox?location_id=${location.id}&limit=1`)).items[0];
  // The number's copy reaches messaging by an event: the first message shows it routes (else it is kept unrouted).
  for (const deadline = Date.now() + 30_000; ; ) {
    const { sid } = await postSms('Hello, this is the benchmark tenant.');
    if ((await newestItem())?.external_id === sid) break;
    if (Date.now() > deadline) throw new Error(`messaging does not route ${location.phone} to the bench location`);
    await sleep(500);
  }

  // (c) Draft latency, first, while the assistant runs; after the demo's own drafts, which queue in the same consumer.
  const drafts = await measureDrafts(api, location.id, postSms);

  // (a) and (b) without the drafts: the assistant paused.
  pausedAssistant = children().find((child) => child.name === 'assistant')?.pid;
  if (pausedAssistant) process.kill(pausedAssistant, 'SIGSTOP');
  print(pausedAssistant ? `assistant (pid ${pausedAssistant}) paused for (a) and (b)` : 'no assistant process found: nothing paused');

  const bare = fork(join(import.meta.dirname, 'bare-insert-server.ts'), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  let barePort: number;
  try {
    barePort = await new Promise<number>((resolve, reject) => {
      bare.once('message', (message: { port: number }) => resolve(message.port));
      bare.once('exit', (code) => reject(new Error(`the bare insert server exited (${code})`)));
      bare.send({ databaseUrl: platform.databaseUrl, poolSize: 10 } satisfies BareInsertSetup);
    });
    const bareUrl = new URL(`http://127.0.0.1:${barePort}/sms/inbound`);
    // Every post of (a), warm-up included, built before the first is sent: the floor's unsigned, the webhook's signed.
    const floorPosts = Array.from({ length: load.warmup + load.requests }, (_, i) => new URLSearchParams(smsParams(`Bench message ${i}`, senderOf(i))).toString());
    const webhookPosts = Array.from({ length: load.warmup + load.requests }, (_, i) => signedSms(`Bench message ${i}`, senderOf(i)));
    // CPU of each side, the load generator (this process) among them: the ratio compares two whole systems on two
    // shared cores, and these show what each request costs the servers and the client.
    const floorGroups = [{ name: 'bare server', pid: bare.pid! }, ...children().filter((child) => child.name === 'postgres')];
    const webhookGroups = children().filter((child) => CPU_GROUPS.includes(child.name));
    const floorCpu = new Map<string, number>();
    const cpu = new Map<string, number>();
    // The webhook's 200 means stored, not yet routed: what each round left waiting after its pause, and every post's id.
    const db = new pg.Client({ connectionString: platform.databaseUrl });
    await db.connect();
    const waitingForRouting = async () => Number((await db.query<{ n: string }>('select count(*) as n from messaging.sms_intake')).rows[0]!.n);
    // Until nothing waits for routing (or the time is up), polled every 10 ms; then how many of the posts are messages.
    const untilRouted = async (timeoutMs: number) => {
      for (const deadline = Date.now() + timeoutMs; (await waitingForRouting()) > 0 && Date.now() < deadline; ) await sleep(10);
    };
    const storedAsMessages = async (sids: string[]) => Number((await db.query<{ n: string }>('select count(*) as n from messaging.message where external_id = any($1)', [sids])).rows[0]!.n);
    const leftAfterRound: number[] = [];
    const acknowledged: string[] = [];
    let lastAcknowledgedAt = 0;
    const caughtUpAfter: string[] = [];
    const statements = statementStats ? await StatementStats.reset(platform.databaseUrl) : undefined;
    // In turns (BENCH_ROUNDS rounds of each), so that the machine's other load falls on both alike.
    const [floor, webhook] = await measureAlternating(
      [
        {
          name: 'bare node:http + one PostgreSQL insert',
          send: async (i) => (await loopback.postForm(bareUrl, floorPosts[i]!)) === 200,
          around: (round) => tallyCpu(floorGroups, floorCpu, round),
        },
        {
          name: 'signed SMS webhook → durable 200',
          send: async (i) => {
            const { ok, sid } = await sendSms(webhookPosts[i]!);
            if (ok) {
              acknowledged.push(sid);
              lastAcknowledgedAt = performance.now();
            }
            return ok;
          },
          around: async (round) => {
            // The intake polled every 10 ms through the round and its pause: when it was last seen empty for good.
            let polling = true;
            let emptySince: number | undefined;
            const poll = (async () => {
              while (polling) {
                const waiting = await waitingForRouting();
                if (waiting > 0) emptySince = undefined;
                else emptySince ??= performance.now();
                await sleep(10);
              }
            })();
            await tallyCpu(webhookGroups, cpu, round);
            polling = false;
            await poll;
            caughtUpAfter.push(emptySince === undefined ? 'not within the pause' : `${Math.max(0, emptySince - lastAcknowledgedAt).toFixed(0)} ms`);
            leftAfterRound.push(await waitingForRouting());
          },
        },
      ],
      { ...load, rounds: ROUNDS, settleMs: 500 },
    );
    const busiestStatements = await statements?.busiest(12);
    await untilRouted(30_000);
    const routed = await storedAsMessages(acknowledged);

    // (b) One message at a time: from the post's start until the inbox list (through the BFF) shows it.
    const visible: number[] = [];
    let invisible = 0;
    for (let i = 0; i < VISIBILITY_SAMPLES; i++) {
      const started = performance.now();
      const { ok, sid } = await postSms(`Visibility ${i}`);
      let seen = false;
      for (const deadline = Date.now() + 5_000; ok && !seen && Date.now() < deadline; ) seen = (await newestItem())?.external_id === sid;
      if (seen) visible.push(performance.now() - started);
      else invisible++;
    }
    visible.sort((a, b) => a - b);

    // The long burst last: its 12,000 messages make the inbox (b) reads larger than the earlier runs' were.
    const burstAcknowledged: string[] = [];
    const burstPosts = Array.from({ length: SUSTAINED_REQUESTS }, (_, i) => signedSms(`Sustained ${i}`, senderOf(i)));
    const sustained = await measure(
      `the webhook, one burst of ${SUSTAINED_REQUESTS}`,
      async (i) => {
        const { ok, sid } = await sendSms(burstPosts[i]!);
        if (ok) burstAcknowledged.push(sid);
        return ok;
      },
      { concurrency: load.concurrency, requests: SUSTAINED_REQUESTS, warmup: 0 },
    );
    const sustainedEnd = performance.now();
    await untilRouted(60_000);
    const sustainedCaughtUp = performance.now() - sustainedEnd;
    const burstRouted = await storedAsMessages(burstAcknowledged);
    await db.end();

    print(`\n${cpus().length} cores, load average ${loadavg().map((n) => n.toFixed(2)).join(' ')} at the end; ${sent} webhook posts in all\n`);
    print(`(a) ${load.concurrency} in flight, ${load.requests} measured after ${load.warmup} warm-up, in ${ROUNDS} rounds of each in turn (assistant paused):\n`);
    print(formatResults([floor, webhook, sustained]));
    const ratio = webhook.perSecond / floor.perSecond;
    print(`\nwebhook / bare: ${ratio.toFixed(2)} of its requests/s (goal ≥ 0.6: ${ratio >= 0.6 ? 'met' : 'not met'}); webhook p99 ${webhook.p99.toFixed(1)} ms (goal ≤ 30 ms: ${webhook.p99 <= 30 ? 'met' : 'not met'})`);
    print(`one burst of ${SUSTAINED_REQUESTS} (routing runs inside it, at least once a second): ${sustained.perSecond.toFixed(0)} req/s, ${(sustained.perSecond / floor.perSecond).toFixed(2)} of the bare server's, p99 ${sustained.p99.toFixed(1)} ms; ${burstRouted} of ${burstAcknowledged.length} stored as messages, the last ${sustainedCaughtUp.toFixed(0)} ms after its last 200`);
    print(`routing: ${routed} of ${acknowledged.length} acknowledged posts stored as messages; all of a round's routed (polled every 10 ms) after its last 200: ${caughtUpAfter.join(', ')}; waiting at the end of each round's pause: ${leftAfterRound.join(', ')}`);
    const perRequest = (used: Map<string, number>) => [...used].map(([name, ms]) => `${name} ${(ms / load.requests).toFixed(2)}`).join(', ');
    print(`CPU ms per measured request (each round and the pause after it): bare: ${perRequest(floorCpu)}; webhook: ${perRequest(cpu)}`);
    if (busiestStatements) print(`\nPostgreSQL's busiest statements during (a), both targets' rounds (BENCH_PG_STATEMENTS=1):\n\n${busiestStatements}`);
    print(`\n(b) post → visible in GET conversation/inbox (BFF), ${visible.length} of ${VISIBILITY_SAMPLES} seen${invisible ? `, ${invisible} not within 5 s` : ''}:`);
    print(formatTable(['p50 ms', 'p95 ms', 'p99 ms', 'goal p99 ≤ 100 ms'], [[0.5, 0.95, 0.99].map((p) => percentile(visible, p).toFixed(1)).concat(percentile(visible, 0.99) <= 100 ? 'met' : 'not met')]));
    print(`\n(c) draft latency with the local model: ${drafts}`);
  } finally {
    bare.disconnect();
  }
} finally {
  loopback.close();
  if (pausedAssistant) process.kill(pausedAssistant, 'SIGCONT');
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

/** A location of the demo account for the bench: a building, a unit, one tenant with a phone, Harbor View's Q&A and a number. */
async function benchLocation(api: DemoApi): Promise<{ id: string; phone: string }> {
  const { id } = await api.post<{ id: string }>('property-location', {
    name: 'Bench Bay Apartments',
    address_text: '200 Bench Street, San Diego, CA 92101',
    type: 'MULTI_UNIT',
    declared_units_count: 1,
    is_rental_property: true,
  });
  const building = await api.post<{ id: string }>('building', { name: 'Main', property_location_id: id, address_text: '200 Bench Street, San Diego, CA 92101' });
  const unit = await api.post<{ id: string }>('unit', { name: '101', building_id: building.id });
  await api.post('tenant', { full_name: 'Bea Bench', contacts: [{ type: 'phone', value: TENANT_PHONE }], unit_id: unit.id, location_id: id });
  for (const { question, answer } of demoPortfolio[0]!.questions) await api.post('question', { location_id: id, question, answer });
  const offer = await api.get<{ numbers: { phoneNumber: string }[] }>(`property-location/${id}/search-phone-number?limit=1`);
  const phone = offer.numbers[0]?.phoneNumber;
  if (!phone) throw new Error('no sandbox number offered for the bench location');
  await api.post(`property-location/${id}/phone-number`, { phoneNumber: phone });
  return { id, phone };
}

/** (c): p50/p95 of post → ready draft over the questions, one at a time, or why it is skipped. */
async function measureDrafts(api: DemoApi, locationId: string, postSms: (body: string) => Promise<{ ok: boolean; sid: string }>): Promise<string> {
  // The draft measure waits for the demo's drafts first (about ten minutes on two cores): off when only (a) and (b) matter.
  if (process.env['BENCH_DRAFTS'] === '0') return 'skipped (BENCH_DRAFTS=0)';
  if ((process.env['AI_PROVIDER'] ?? 'local') !== 'local' || !localModelsVerified(process.env['AI_MODELS_DIR'] ?? cachePaths().models)) {
    return `skipped: the local models are not installed or not verified (${process.env['AI_MODELS_DIR'] ?? cachePaths().models}); run npm start once to install them`;
  }
  // The demo's drafts (and the bench's first message) queue in the same one-at-a-time consumer: wait them out.
  const locations = await api.get<{ id: string; name: string }[]>('property-location/all');
  const watched = locations.filter((l) => l.id === locationId || demoConversations.some((thread) => thread.locationName === l.name));
  for (const deadline = Date.now() + 600_000; ; ) {
    let pending = 0;
    for (const l of watched) pending += (await api.get<{ items: { draft: { status: string } | null }[] }>(`conversation/inbox?location_id=${l.id}&limit=200`)).items.filter((item) => item.draft?.status === 'pending').length;
    if (pending === 0) break;
    if (Date.now() > deadline) return `skipped: ${pending} earlier drafts still pending after 10 minutes`;
    print(`waiting for ${pending} earlier drafts before measuring draft latency…`);
    await sleep(5_000);
  }
  const latencies: number[] = [];
  const outcomes: string[] = [];
  for (const question of DRAFT_QUESTIONS) {
    const started = performance.now();
    const { sid } = await postSms(question);
    const { items } = await api.get<{ items: { id: string; external_id: string }[] }>(`conversation/inbox?location_id=${locationId}&limit=5`);
    const item = items.find((candidate) => candidate.external_id === sid);
    if (!item) throw new Error(`"${question}" is not in the bench location's inbox`);
    for (const deadline = Date.now() + 180_000; ; ) {
      const [current] = (await api.get<{ versions: { status: string; outcome: string | null }[] }>(`message/${item.id}/draft`)).versions;
      if (current && current.status !== 'pending') {
        latencies.push(performance.now() - started);
        outcomes.push(`${current.status}${current.outcome ? ` ${current.outcome}` : ''}`);
        break;
      }
      if (Date.now() > deadline) throw new Error(`no draft for "${question}" within 3 minutes`);
      await sleep(100);
    }
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  return `${latencies.length} messages one at a time, p50 ${(percentile(sorted, 0.5) / 1000).toFixed(1)} s, p95 ${(percentile(sorted, 0.95) / 1000).toFixed(1)} s (each: ${latencies.map((ms) => (ms / 1000).toFixed(1)).join(', ')} s; ${outcomes.join(', ')})`;
}
