import { createHmac, randomBytes } from 'node:crypto';
import { jest } from '@jest/globals';
import { jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import {
  contextStreams,
  LocationPhoneNumberAssigned,
  LocationPhoneNumberReleased,
  DraftRequested,
  PropertyLocationCreated,
  MessageReceived,
  TenantCreated,
  TenantDeleted,
  TenantUpdated,
  type DataOf,
  type EventContract,
} from '@pm/contracts';
import { buildEnvelope, connectNats, EventPublisher } from '@pm/messaging';
import { startServiceUnderTest, type ServiceUnderTest } from '@pm/nest-kit/testing';
import { freePort, PrivateNats, startTestTokenIssuer, waitFor, type TestTokenIssuer } from '@pm/testing';
import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { messagingEnv } from '../src/config/messaging-env.js';
import { messagingService } from '../src/service.js';

jest.setTimeout(180_000);

/**
 * SMS in, end to end on real PostgreSQL and NATS: portfolio's events feed the routing tables, the signed webhook
 * stores the message, its session and its outbox event in one transaction, and the relay publishes it. The service
 * runs on a NATS server of this file's own, so one test can stop it while messages keep arriving.
 */
const SECRET = randomBytes(32).toString('hex');
// The provider posts to the public URL (a proxy in front); the signature covers that URL, not the one we listen on.
const PUBLIC_BASE = 'https://pm.example.com/hooks';
const PUBLIC_URL = `${PUBLIC_BASE}/sms/inbound`;

let tokens: TestTokenIssuer;
let nats: PrivateNats;
let service: ServiceUnderTest;
let nc: NatsConnection;
let publisher: EventPublisher;
let db: pg.Client;

const scope = { locationId: uuidv7(), accountId: 'usr_owner_a', ownerUserId: 'usr_owner_a' };
const LOCATION_NUMBER = '+14155550101';
const TENANT_PHONE = '+15551230001';
const tenantId = uuidv7();

beforeAll(async () => {
  tokens = await startTestTokenIssuer();
  nats = await PrivateNats.start();
  const port = await freePort();
  service = await startServiceUnderTest({
    name: 'messaging',
    envSchema: messagingEnv,
    define: messagingService,
    port,
    env: {
      NATS_URL: nats.url,
      JWKS_URL: tokens.jwksUrl,
      JWT_ISSUER: tokens.issuer,
      JWT_AUDIENCE: tokens.audience,
      SMS_PROVIDER: 'sandbox',
      SMS_SANDBOX_SECRET: SECRET,
      SMS_WEBHOOK_BASE_URL: PUBLIC_BASE,
    },
  });
  nc = await connectNats({ servers: nats.url, name: `messaging-test-${service.schema}` });
  publisher = new EventPublisher(nc);
  db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();

  await publish(PropertyLocationCreated, {
    ...scope,
    ownerUserId: scope.accountId,
    name: 'Harbor View Apartments',
    addressText: '500 Harbor View Dr, San Diego, CA 92101',
    type: 'MULTI_UNIT',
    declaredUnitsCount: 24,
    isRentalProperty: true,
  });
  await publish(LocationPhoneNumberAssigned, { ...scope, phoneNumber: LOCATION_NUMBER, provider: 'sandbox' });
  await publish(TenantCreated, { ...scope, tenantId, unitId: uuidv7(), buildingId: uuidv7(), fullName: 'Maria Lopez', phoneNumbers: [TENANT_PHONE] });
  await waitFor(() => one(`select 1 from ${t('tenant_directory')} where tenant_id = $1`, [tenantId]), { timeout: 15_000, description: 'tenant copied' });
  await waitFor(() => one(`select 1 from ${t('location_phone_number')} where phone_number = $1`, [LOCATION_NUMBER]), { timeout: 15_000, description: 'number copied' });
  await waitFor(() => one(`select 1 from ${t('location_directory')} where location_id = $1 and address_text <> ''`, [scope.locationId]), { timeout: 15_000, description: 'location copied' });
});

afterAll(async () => {
  await db?.end();
  await nc?.close();
  await service?.close();
  await nats?.stop();
  await tokens?.close();
});

function t(table: string): string {
  return `"${service.schema}"."${table}"`;
}

async function one<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T | undefined> {
  return (await db.query<T>(sql, params)).rows[0];
}

async function count(sql: string, params: unknown[] = []): Promise<number> {
  return Number((await db.query<{ n: string }>(sql, params)).rows[0]!.n);
}

async function publish<C extends EventContract>(contract: C, data: DataOf<C>): Promise<string> {
  const envelope = buildEnvelope(contract, data);
  await publisher.publishEnvelope(contract.subject, envelope);
  return envelope.id;
}

/** Twilio's documented scheme, written out here rather than borrowed from the code under test. */
function sign(params: URLSearchParams, url = PUBLIC_URL, secret = SECRET): string {
  const grouped = new Map<string, string[]>();
  for (const [k, v] of params) grouped.set(k, [...(grouped.get(k) ?? []), v]);
  let data = url;
  for (const key of [...grouped.keys()].sort()) for (const v of [...new Set(grouped.get(key))].sort()) data += key + v;
  return createHmac('sha1', secret).update(Buffer.from(data, 'utf8')).digest('base64');
}

function sid(): string {
  return `SM${randomBytes(16).toString('hex')}`;
}

function sms(overrides: Record<string, string> = {}): URLSearchParams {
  return new URLSearchParams({
    MessageSid: sid(),
    AccountSid: `AC${'0'.repeat(32)}`,
    From: TENANT_PHONE,
    To: LOCATION_NUMBER,
    Body: 'My kitchen sink is leaking, water everywhere',
    NumMedia: '0',
    ...overrides,
  });
}

async function post(
  body: string | URLSearchParams,
  options: { signature?: string | null; contentType?: string } = {},
): Promise<Response> {
  const raw = typeof body === 'string' ? body : body.toString();
  const headers: Record<string, string> = { 'content-type': options.contentType ?? 'application/x-www-form-urlencoded' };
  const signature = options.signature === undefined ? sign(new URLSearchParams(raw)) : options.signature;
  if (signature !== null) headers['x-twilio-signature'] = signature;
  return fetch(`${service.baseUrl}/sms/inbound`, { method: 'POST', headers, body: raw });
}

/** The 200 says the post is stored (in the intake); it is routed a moment later: waits until it is. */
async function routed(...params: URLSearchParams[]): Promise<void> {
  const sids = params.map((p) => p.get('MessageSid'));
  await waitFor(async () => (await count(`select count(*) as n from ${t('sms_intake')} where message_sid = any($1)`, [sids])) === 0, { timeout: 15_000, description: 'routed' });
}

const intakeCount = () => count(`select count(*) as n from ${t('sms_intake')}`);
const messageCount = () => count(`select count(*) as n from ${t('message')}`);
const eventCount = () => count(`select count(*) as n from "${service.schema}"."outbox" where subject = $1`, [MessageReceived.subject]);
const eventsFor = (externalId: string) =>
  count(`select count(*) as n from "${service.schema}"."outbox" where subject = $1 and envelope->'data'->>'externalId' = $2`, [MessageReceived.subject, externalId]);

describe('SMS in', () => {
  it('stores a tenant MMS with its media, session and event, answers empty TwiML, and the relay publishes the event', async () => {
    const params = sms({
      NumMedia: '2',
      MediaUrl0: 'https://api.twilio.com/2010-04-01/Accounts/AC0/Messages/MM0/Media/ME0',
      MediaContentType0: 'image/jpeg',
      MediaUrl1: 'https://api.twilio.com/2010-04-01/Accounts/AC0/Messages/MM0/Media/ME1',
      MediaContentType1: 'video/mp4',
      FromCity: 'SAN DIEGO',
    });
    const res = await post(params);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/xml/);
    expect(await res.text()).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    await routed(params);

    const message = await one<{ id: string; location_id: string; tenant_id: string; sender_name: string; media: unknown; session_id: string; status: string; body: string }>(
      `select * from ${t('message')} where external_id = $1`,
      [params.get('MessageSid')],
    );
    expect(message).toMatchObject({ location_id: scope.locationId, tenant_id: tenantId, sender_name: 'Maria Lopez', status: 'received', body: params.get('Body') });
    expect(message!.media).toEqual([
      { url: params.get('MediaUrl0'), contentType: 'image/jpeg' },
      { url: params.get('MediaUrl1'), contentType: 'video/mp4' },
    ]);
    const session = await one<{ party: string; channel: string; tenant_id: string }>(`select * from ${t('message_session')} where id = $1`, [message!.session_id]);
    expect(session).toEqual(expect.objectContaining({ party: `tenant:${tenantId}`, channel: 'sms', tenant_id: tenantId }));

    const event = await one<{ envelope: { data: Record<string, unknown> }; published_at: Date | null }>(
      `select envelope, published_at from "${service.schema}"."outbox" where envelope->'data'->>'messageId' = $1 and subject = $2`,
      [message!.id, MessageReceived.subject],
    );
    expect(event!.envelope.data).toMatchObject({ ...scope, sessionId: message!.session_id, tenantId, channel: 'sms', externalId: params.get('MessageSid'), from: TENANT_PHONE, to: LOCATION_NUMBER });
    // The draft is asked for in the same transaction: a pending first version and the request the assistant answers.
    const draft = await one<{ id: string; version: number; status: string; origin: string }>(`select id, version, status, origin from ${t('message_draft')} where message_id = $1`, [message!.id]);
    expect(draft).toEqual({ id: expect.any(String), version: 1, status: 'pending', origin: 'ai' });
    const requested = await one<{ envelope: { data: Record<string, unknown> } }>(`select envelope from "${service.schema}"."outbox" where subject = $1 and envelope->'data'->>'messageId' = $2`, [DraftRequested.subject, message!.id]);
    // Dates in the draft are the property's local ones: San Diego's zone, from the location's address.
    expect(requested!.envelope.data).toMatchObject({ draftId: draft!.id, sessionId: message!.session_id, tenantName: 'Maria Lopez', body: params.get('Body'), thread: [], timeZone: 'America/Los_Angeles' });
    await waitFor(() => one(`select 1 from "${service.schema}"."outbox" where envelope->'data'->>'messageId' = $1 and subject = $2 and published_at is not null`, [message!.id, MessageReceived.subject]), {
      timeout: 20_000,
      description: 'event relayed',
    });

    // A second message of the same tenant joins the same session.
    const again = sms({ Body: 'Any update?' });
    expect((await post(again)).status).toBe(200);
    await routed(again);
    const second = await one<{ session_id: string }>(`select session_id from ${t('message')} where external_id = $1`, [again.get('MessageSid')]);
    expect(second!.session_id).toBe(message!.session_id);
    // Its draft request carries the session's earlier messages, for the model to read.
    const secondRequest = await one<{ envelope: { data: Record<string, unknown> } }>(
      `select o.envelope from "${service.schema}"."outbox" o join ${t('message')} m on m.id::text = o.envelope->'data'->>'messageId' where o.subject = $1 and m.external_id = $2`,
      [DraftRequested.subject, again.get('MessageSid')],
    );
    expect(secondRequest!.envelope.data['thread']).toEqual([{ from: 'tenant', text: params.get('Body') }]);
  });

  it('keeps an unknown sender as such, in a session of its own phone', async () => {
    const params = sms({ From: '+15559990000' });
    expect((await post(params)).status).toBe(200);
    await routed(params);
    const message = await one<{ tenant_id: string | null; session_id: string; sender_name: string | null }>(`select * from ${t('message')} where external_id = $1`, [params.get('MessageSid')]);
    expect(message).toMatchObject({ tenant_id: null, sender_name: null });
    const session = await one<{ party: string }>(`select party from ${t('message_session')} where id = $1`, [message!.session_id]);
    expect(session!.party).toBe('sender:+15559990000');
    expect(await eventsFor(params.get('MessageSid')!)).toBe(1);
  });

  it('keeps a message to a number no location has as unrouted, answers 200, and announces nothing', async () => {
    const params = sms({ To: '+14155550199' });
    expect((await post(params)).status).toBe(200);
    await routed(params);
    expect(await one(`select status, location_id, session_id from ${t('message')} where external_id = $1`, [params.get('MessageSid')])).toEqual({
      status: 'unrouted',
      location_id: null,
      session_id: null,
    });
    expect(await eventsFor(params.get('MessageSid')!)).toBe(0);
  });

  it('follows the tenant events (new phone, archive, delete, late older events) and a released number', async () => {
    const other = uuidv7();
    const base = { ...scope, tenantId: other, unitId: uuidv7(), buildingId: uuidv7(), fullName: 'Sam Lee' };
    await publish(TenantCreated, { ...base, phoneNumbers: ['+15551230002'] });
    // Built first, so older than the update published next: arriving after it, it must change nothing.
    const stale = buildEnvelope(TenantUpdated, { ...base, phoneNumbers: ['+15551230002'], archived: false, changedAt: new Date().toISOString() });
    const newer = await publish(TenantUpdated, { ...base, phoneNumbers: ['+15551230003'], archived: false, changedAt: new Date().toISOString() });
    await waitFor(() => one(`select 1 from ${t('tenant_directory')} where tenant_id = $1 and stamp = $2`, [other, newer]), { timeout: 15_000, description: 'update applied' });
    await publisher.publishEnvelope(TenantUpdated.subject, stale);
    const fromNew = sms({ From: '+15551230003' });
    expect((await post(fromNew)).status).toBe(200);
    await routed(fromNew);
    expect(await one(`select tenant_id from ${t('message')} where external_id = $1`, [fromNew.get('MessageSid')])).toEqual({ tenant_id: other });
    // The stale event is handled (its inbox row) without bringing the old phone back.
    await waitFor(() => one(`select 1 from "${service.schema}"."inbox" where event_id = $1`, [stale.id]), { timeout: 15_000, description: 'stale event handled' });
    expect(await one(`select phone_numbers from ${t('tenant_directory')} where tenant_id = $1`, [other])).toEqual({ phone_numbers: ['+15551230003'] });

    const deleted = await publish(TenantDeleted, { ...scope, tenantId: other, unitId: base.unitId, changedAt: new Date().toISOString() });
    await waitFor(() => one(`select 1 from ${t('tenant_directory')} where tenant_id = $1 and stamp = $2`, [other, deleted]), { timeout: 15_000, description: 'delete applied' });
    const afterDelete = sms({ From: '+15551230003' });
    expect((await post(afterDelete)).status).toBe(200);
    await routed(afterDelete);
    expect(await one(`select tenant_id from ${t('message')} where external_id = $1`, [afterDelete.get('MessageSid')])).toEqual({ tenant_id: null });

    const spare = '+14155550102';
    await publish(LocationPhoneNumberAssigned, { ...scope, phoneNumber: spare, provider: 'sandbox' });
    const released = await publish(LocationPhoneNumberReleased, { ...scope, phoneNumber: spare, provider: 'sandbox', replacedBy: null });
    await waitFor(() => one(`select 1 from ${t('location_phone_number')} where phone_number = $1 and stamp = $2`, [spare, released]), { timeout: 15_000, description: 'release applied' });
    const toReleased = sms({ To: spare });
    expect((await post(toReleased)).status).toBe(200);
    await routed(toReleased);
    expect(await one(`select status from ${t('message')} where external_id = $1`, [toReleased.get('MessageSid')])).toEqual({ status: 'unrouted' });
  });
});

describe('reliability', () => {
  it('stores the same MessageSid posted 50 times at once once, with one event', async () => {
    const params = sms();
    const statuses = await Promise.all(Array.from({ length: 50 }, () => post(params).then((r) => r.status)));
    expect(statuses).toEqual(Array(50).fill(200));
    await routed(params);
    expect(await count(`select count(*) as n from ${t('message')} where external_id = $1`, [params.get('MessageSid')])).toBe(1);
    expect(await eventsFor(params.get('MessageSid')!)).toBe(1);
    const [message] = (await db.query<{ id: string }>(`select id from ${t('message')} where external_id = $1`, [params.get('MessageSid')])).rows;
    expect(await count(`select count(*) as n from ${t('message_draft')} where message_id = $1`, [message!.id])).toBe(1);
    expect(await count(`select count(*) as n from "${service.schema}"."outbox" where subject = $1 and envelope->'data'->>'messageId' = $2`, [DraftRequested.subject, message!.id])).toBe(1);
  });

  it("stores a new sender's first messages posted at once in one session, each with its draft and both events naming it", async () => {
    // Every post reads "no session yet" before any commits one: the ones that lose the race must still name the
    // session that was created, in the message row and in both events.
    const sender = `+1555777${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
    const posts = Array.from({ length: 12 }, (_, i) => sms({ From: sender, Body: `Hello ${i}` }));
    expect(await Promise.all(posts.map((p) => post(p).then((r) => r.status)))).toEqual(Array(12).fill(200));
    await routed(...posts);
    const rows = (
      await db.query<{ id: string; session_id: string }>(`select id, session_id from ${t('message')} where external_id = any($1::text[])`, [posts.map((p) => p.get('MessageSid'))])
    ).rows;
    expect(rows).toHaveLength(12);
    const sessions = (await db.query<{ id: string }>(`select id from ${t('message_session')} where party = $1`, [`sender:${sender}`])).rows;
    expect(sessions).toHaveLength(1);
    expect(new Set(rows.map((r) => r.session_id))).toEqual(new Set([sessions[0]!.id]));
    const ids = rows.map((r) => r.id);
    expect(await count(`select count(*) as n from ${t('message_draft')} where message_id = any($1::uuid[]) and version = 1 and status = 'pending'`, [ids])).toBe(12);
    for (const subject of [MessageReceived.subject, DraftRequested.subject]) {
      const named = (
        await db.query<{ session_id: string }>(`select envelope->'data'->>'sessionId' as session_id from "${service.schema}"."outbox" where subject = $1 and envelope->'data'->>'messageId' = any($2::text[])`, [subject, ids])
      ).rows;
      expect(named.map((e) => e.session_id)).toEqual(Array(12).fill(sessions[0]!.id));
    }
  });

  it('routes what an acknowledging process left behind (a crash), and a delivery that cannot be routed holds up no other', async () => {
    // Two rows as the acknowledgement writes them, their lease over, as if their process had died before routing them;
    // the second one's media is nothing a message can carry, so routing it fails every time.
    const left = sms({ Body: 'Left behind by a crash' });
    const poisoned = sms();
    const insert = (p: URLSearchParams, media: string) =>
      db.query(
        `insert into ${t('sms_intake')} (provider, message_sid, from_address, to_address, body, media, received_at, next_attempt_at) values ('sandbox', $1, $2, $3, $4, $5::jsonb, now(), now())`,
        [p.get('MessageSid'), p.get('From'), p.get('To'), p.get('Body'), media],
      );
    await insert(poisoned, '{"not":"a list"}');
    await insert(left, '[]');
    await routed(left);
    expect(await one(`select status, tenant_id from ${t('message')} where external_id = $1`, [left.get('MessageSid')])).toEqual({ status: 'received', tenant_id: tenantId });
    expect(await eventsFor(left.get('MessageSid')!)).toBe(1);
    // The failing one is kept, with its error, for a later attempt after a backoff; nothing of it is stored.
    const kept = await one<{ attempts: number; last_error: string | null; next_attempt_at: Date }>(`select attempts, last_error, next_attempt_at from ${t('sms_intake')} where message_sid = $1`, [poisoned.get('MessageSid')]);
    expect(kept).toEqual({ attempts: expect.any(Number), last_error: expect.any(String), next_attempt_at: expect.any(Date) });
    expect(kept!.attempts).toBeGreaterThanOrEqual(1);
    expect(kept!.next_attempt_at.getTime()).toBeGreaterThan(Date.now());
    expect(await count(`select count(*) as n from ${t('message')} where external_id = $1`, [poisoned.get('MessageSid')])).toBe(0);
    await db.query(`delete from ${t('sms_intake')} where message_sid = $1`, [poisoned.get('MessageSid')]);
  });

  describe('routing yields to acknowledgements under way', () => {
    // An acknowledgement held under way: another transaction inserted its intake row and has not committed, so the
    // webhook's insert of the same id waits for it. What is acknowledged meanwhile waits for routing.
    async function withAcknowledgementHeld(run: (held: URLSearchParams) => Promise<void>): Promise<void> {
      const held = sms({ Body: 'Acknowledged after a wait' });
      const blocker = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await blocker.connect();
      try {
        await blocker.query('begin');
        await blocker.query(
          `insert into ${t('sms_intake')} (provider, message_sid, from_address, to_address, body, media, received_at, next_attempt_at) values ('sandbox', $1, $2, $3, $4, '[]', now(), now() + interval '1 hour')`,
          [held.get('MessageSid'), held.get('From'), held.get('To'), held.get('Body')],
        );
        const heldPost = post(held);
        // The held post's insert is waiting on the blocker's row.
        await waitFor(() => one(`select 1 from pg_stat_activity where wait_event_type = 'Lock' and query like $1`, [`%${t('sms_intake')}%`]), { timeout: 15_000, description: 'the held acknowledgement waits' });
        await run(held);
        await blocker.query('rollback');
        expect((await heldPost).status).toBe(200);
        await routed(held);
      } finally {
        await blocker.end();
      }
    }
    const isMessage = async (p: URLSearchParams) => (await count(`select count(*) as n from ${t('message')} where external_id = $1`, [p.get('MessageSid')])) === 1;

    it('routes what was acknowledged meanwhile once the acknowledgements pause', async () => {
      const meanwhile = sms({ Body: 'Acknowledged while another one was under way' });
      await withAcknowledgementHeld(async () => {
        expect((await post(meanwhile)).status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(await isMessage(meanwhile)).toBe(false);
        expect(await count(`select count(*) as n from ${t('sms_intake')} where message_sid = $1`, [meanwhile.get('MessageSid')])).toBe(1);
      });
      // The held one committed: nothing is under way, and both are routed.
      await routed(meanwhile);
      expect(await isMessage(meanwhile)).toBe(true);
    });

    it('routes anyway after at most a second while acknowledgements stay under way', async () => {
      const meanwhile = sms({ Body: 'Acknowledged during a long burst' });
      await withAcknowledgementHeld(async () => {
        expect((await post(meanwhile)).status).toBe(200);
        const acknowledgedAt = Date.now();
        await routed(meanwhile);
        expect(Date.now() - acknowledgedAt).toBeGreaterThanOrEqual(900);
        expect(await isMessage(meanwhile)).toBe(true);
      });
    });
  });

  it('stores a redelivery after routing once: the second routing finds the id stored', async () => {
    const params = sms({ Body: 'Sent twice, a minute apart' });
    expect((await post(params)).status).toBe(200);
    await routed(params);
    expect((await post(params)).status).toBe(200);
    await routed(params);
    expect(await count(`select count(*) as n from ${t('message')} where external_id = $1`, [params.get('MessageSid')])).toBe(1);
    expect(await eventsFor(params.get('MessageSid')!)).toBe(1);
  });

  it('refuses a bad or missing signature with 403 and stores nothing', async () => {
    const before = await messageCount();
    const intakeBefore = await intakeCount();
    const params = sms();
    const local = `${service.baseUrl}/sms/inbound`;
    const cases: (string | null)[] = [
      null,
      '',
      sign(params, PUBLIC_URL, randomBytes(32).toString('hex')), // another secret
      sign(params, local), // the URL we listen on, not the one the provider posted to
      sign(sms({ Body: 'something else' })), // another body
      'x'.repeat(5_000),
    ];
    for (const signature of cases) expect((await post(params, { signature })).status).toBe(403);
    // Tampering after signing: the body changed in transit.
    const tampered = new URLSearchParams(params);
    tampered.set('Body', 'Pay rent to account 123');
    expect((await post(tampered, { signature: sign(params) })).status).toBe(403);
    expect(await messageCount()).toBe(before);
    expect(await intakeCount()).toBe(intakeBefore);
  });

  it('answers 500 fuzzed bodies with a 4xx, stores nothing and keeps serving', async () => {
    const random = mulberry32(20261124);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const text = (length: number) => Array.from({ length }, () => String.fromCodePoint(32 + Math.floor(random() * 0x2fff))).join('');
    const refusedControls = [0, 1, 7, 8, 11, 12, 27, 127, 0x85, 0x9f, 0xfffe];
    const mutations: ((p: URLSearchParams) => { body: string | URLSearchParams; contentType?: string; signature?: string | null })[] = [
      (p) => {
        const body = p.get('Body')!;
        const at = Math.floor(random() * body.length);
        p.set('Body', body.slice(0, at) + String.fromCodePoint(pick(refusedControls)) + body.slice(at));
        return { body: p };
      },
      (p) => (p.set('Body', text(1_601 + Math.floor(random() * 3_000))), { body: p }),
      (p) => (p.set('MessageSid', `XX${text(Math.floor(random() * 40))}`), { body: p }),
      (p) => (p.set('From', text(1 + Math.floor(random() * 30))), { body: p }),
      (p) => (p.delete(pick(['To', 'From', 'MessageSid', 'Body'])), { body: p }),
      (p) => (p.set('NumMedia', String(1 + Math.floor(random() * 5))), { body: p }),
      (p) => (p.set('NumMedia', pick(['11', '-1', 'abc', '1e1', '99', ' 1'])), { body: p }),
      (p) => {
        p.set('NumMedia', '1');
        p.set('MediaUrl0', pick(['javascript:alert(1)', 'ftp://x/y', 'not a url', `https://x/${'a'.repeat(2_100)}`]));
        p.set('MediaContentType0', 'image/jpeg');
        return { body: p };
      },
      (p) => {
        p.set('NumMedia', '1');
        p.set('MediaUrl0', 'https://api.twilio.com/media/1');
        p.set('MediaContentType0', pick(['', 'image', 'text/html; x', `a/${'b'.repeat(300)}`, '../../etc']));
        return { body: p };
      },
      (p) => (p.set('MediaUrl3', 'https://api.twilio.com/media/3'), { body: p }),
      (p) => (p.append(pick(['Body', 'MessageSid', 'From', 'To']), text(5)), { body: p }),
      (p) => (p.set(`Body[${text(3)}]`, text(10)), p.delete('Body'), { body: p }),
      (p) => (p.set(pick(['FromCity', 'SmsStatus', 'ApiVersion']), text(2_049 + Math.floor(random() * 500))), { body: p }),
      (p) => {
        for (let i = 0; i < 101; i++) p.set(`Extra${i}`, 'x');
        return { body: p };
      },
      (p) => (p.set('Body', ''), { body: p }),
      (p) => (p.set(pick(['1abc', '_x', 'a b', 'é', 'x'.repeat(70)]), 'v'), { body: p }),
      (_p) => ({ body: randomBytes(1 + Math.floor(random() * 200)).toString('latin1') }),
      (p) => ({ body: p, contentType: pick(['application/json', 'text/plain', 'multipart/form-data; boundary=x', '']) }),
      (p) => ({ body: `${p.toString()}&Pad=${'a'.repeat(110_000)}` }),
      (p) => ({ body: p, signature: null }),
      (p) => ({ body: p, signature: randomBytes(20).toString('base64') }),
    ];
    const before = await messageCount();
    const intakeBefore = await intakeCount();
    const eventsBefore = await eventCount();
    const statuses = new Map<number, number>();
    const cases = Array.from({ length: 500 }, (_, i) => mutations[i % mutations.length]!(sms()));
    for (let i = 0; i < cases.length; i += 16) {
      const batch = await Promise.all(
        cases.slice(i, i + 16).map(async (c) => {
          const raw = typeof c.body === 'string' ? c.body : c.body.toString();
          const res = await post(raw, { contentType: c.contentType, signature: c.signature === undefined ? sign(new URLSearchParams(raw)) : c.signature });
          await res.arrayBuffer();
          return res.status;
        }),
      );
      for (const status of batch) statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    expect([...statuses.keys()].every((status) => status >= 400 && status < 500)).toBe(true);
    // The fuzz reaches validation (signed bodies refused as 400), not only the signature check.
    expect(statuses.get(400) ?? 0).toBeGreaterThan(250);
    expect(await messageCount()).toBe(before);
    expect(await intakeCount()).toBe(intakeBefore);
    expect(await eventCount()).toBe(eventsBefore);
    const still = sms();
    expect((await post(still)).status).toBe(200);
    await routed(still);
  });

  it('acknowledges 200 posts while NATS is down and publishes every event once NATS is back', async () => {
    const stream = contextStreams.messaging.name;
    const jsm = await jetstreamManager(nc);
    await waitFor(async () => (await count(`select count(*) as n from "${service.schema}"."outbox" where published_at is null`)) === 0, {
      timeout: 30_000,
      description: 'earlier events relayed',
    });
    // Each message is two events: MessageReceived and the draft request recorded with it.
    const perSubject = async (manager: typeof jsm) => (await manager.streams.info(stream, { subjects_filter: 'pm.messaging.>' })).state.subjects ?? {};
    const publishedBefore = await perSubject(jsm);
    await nats.pause();
    const posts = Array.from({ length: 200 }, () => sms());
    const statuses: number[] = [];
    for (let i = 0; i < posts.length; i += 8) {
      statuses.push(...(await Promise.all(posts.slice(i, i + 8).map((p) => post(p).then((r) => r.status)))));
    }
    expect(statuses).toEqual(Array(200).fill(200));
    await routed(...posts);
    const sids = posts.map((p) => p.get('MessageSid'));
    expect(await count(`select count(*) as n from ${t('message')} where external_id = any($1)`, [sids])).toBe(200);
    // Acknowledged while nothing could be published: each one is an outbox row waiting for NATS.
    expect(
      await count(`select count(*) as n from "${service.schema}"."outbox" where envelope->'data'->>'externalId' = any($1) and published_at is null`, [sids]),
    ).toBe(200);

    await nats.resume();
    await waitFor(async () => (await count(`select count(*) as n from "${service.schema}"."outbox" where published_at is null`)) === 0, {
      timeout: 60_000,
      description: 'outbox relayed after NATS returned',
    });
    const reconnected = await connectNats({ servers: nats.url, name: `messaging-test-check-${service.schema}` });
    try {
      const after = await perSubject(await jetstreamManager(reconnected));
      for (const subject of [MessageReceived.subject, DraftRequested.subject]) expect((after[subject] ?? 0) - (publishedBefore[subject] ?? 0)).toBe(200);
    } finally {
      await reconnected.close();
    }
  });
});

/** A small seeded PRNG: the fuzz is the same on every run, so a failure can be replayed. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4_294_967_296;
  };
}
