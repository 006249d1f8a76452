import { jest } from '@jest/globals';
import { EntityManager } from '@mikro-orm/postgresql';
import type { MailSender } from '@pm/mail';
import { DeliveryStatusChanged } from '@pm/contracts';
import { AuditTrail } from '../src/outbound/audit-trail.js';
import { INTERRUPTED_SEND, OutboundDispatcher, type DispatcherSettings } from '../src/outbound/outbound-dispatcher.js';
import { OutboundQueue } from '../src/outbound/outbound-queue.js';
import { SandboxSmsCarrier } from '../src/outbound/sandbox-sms-carrier.js';
import { SmsSendError, type OutgoingSms, type SmsSender } from '../src/outbound/sms-sender.js';
import { MessagingHarness, type MessagingWorld } from './support/messaging-harness.js';

jest.setTimeout(120_000);

/**
 * The dispatcher against the real outbox table: the service's own dispatcher is off (OUTBOUND_DISPATCH=false), and
 * each test runs dispatchers of its own over the service's EntityManager, with SMS carriers that are test adapters of
 * the port (failing N times, refusing for good, hanging, counting), and `runOnce(now)` given the time of a later pass.
 */
let harness: MessagingHarness;
let world: MessagingWorld;
let em: EntityManager;

const settings: DispatcherSettings = { leaseMs: 60_000, backoffBaseMs: 2_000, backoffMaxMs: 60_000, batchSize: 10 };
const noMail = { send: () => Promise.reject(new Error('no e-mail in this test')), close: async () => {} } satisfies MailSender;

/** A carrier that fails as told, then accepts; it records every call with the delivery id it was given. */
class ScriptedCarrier implements SmsSender {
  readonly provider = 'scripted';
  readonly calls: { sms: OutgoingSms; deliveryId: string }[] = [];

  constructor(
    private readonly failures: readonly SmsSendError[] = [],
    readonly idempotent = false,
    private readonly hold?: Promise<void>,
  ) {}

  async send(sms: OutgoingSms, deliveryId: string): Promise<{ providerId: string }> {
    this.calls.push({ sms, deliveryId });
    await this.hold;
    const failure = this.failures[this.calls.length - 1];
    if (failure) throw failure;
    return { providerId: `SM${deliveryId.replace(/-/g, '')}` };
  }
}

function dispatcher(sms: SmsSender, batchSize = settings.batchSize): OutboundDispatcher {
  return new OutboundDispatcher(em, { ...settings, batchSize }, { sms, mail: noMail }, new AuditTrail());
}

async function enqueue(body = 'Your package is at the front desk.', maxAttempts?: number): Promise<string> {
  const queue = harness.service.app.get(OutboundQueue);
  const id = await em.fork().transactional((tx) =>
    queue.enqueue(tx, {
      accountId: world.owner.userId,
      locationId: world.locationId,
      purpose: 'direct',
      channel: 'sms',
      from: world.number,
      to: world.tenant.phone,
      body,
      ...(maxAttempts === undefined ? {} : { maxAttempts }),
    }),
  );
  return id!;
}

interface DeliveryRow {
  status: string;
  attempts: number;
  last_error: string | null;
  provider: string | null;
  provider_id: string | null;
  sent_at: Date | null;
  next_attempt_at: Date;
  updated_at: Date;
}

const delivery = (id: string) => harness.row<DeliveryRow>(`select * from ${harness.table('outbound_delivery')} where id = $1`, [id]);
const audits = async (id: string) =>
  (await harness.db.query<{ action: string; detail: Record<string, unknown> }>(`select action, detail from ${harness.table('message_audit')} where delivery_id = $1 order by at`, [id])).rows;
/** The outcomes the dispatcher announced for the notify stream (DeliveryStatusChanged in the outbox), oldest first. */
const announced = async (id: string) =>
  (await harness.db.query<{ data: Record<string, unknown> }>(
    `select envelope->'data' as data from ${harness.table('outbox')} where subject = $1 and envelope->'data'->>'deliveryId' = $2 order by id`,
    [DeliveryStatusChanged.subject, id],
  )).rows.map((row) => row.data);
const later = (ms: number) => new Date(Date.now() + ms);

beforeAll(async () => {
  harness = await MessagingHarness.start({ env: { OUTBOUND_DISPATCH: 'false' } });
  world = await harness.world();
  em = harness.service.app.get(EntityManager);
});

afterAll(async () => {
  await harness?.close();
});

it('a send the carrier accepts ends sent with the carrier, its id and the audit entry', async () => {
  const id = await enqueue();
  const carrier = new ScriptedCarrier();
  await dispatcher(carrier).runOnce();
  expect(carrier.calls).toEqual([{ sms: { from: world.number, to: world.tenant.phone, body: 'Your package is at the front desk.' }, deliveryId: id }]);
  expect(await delivery(id)).toMatchObject({ status: 'sent', attempts: 1, provider: 'scripted', provider_id: `SM${id.replace(/-/g, '')}`, last_error: null });
  expect((await delivery(id))!.sent_at).not.toBeNull();
  expect(await audits(id)).toEqual([{ action: 'delivery_sent', detail: { provider: 'scripted', provider_id: `SM${id.replace(/-/g, '')}`, attempts: 1 } }]);
  // Announced with the outcome, in its transaction, for the notify stream.
  expect(await announced(id)).toEqual([
    { deliveryId: id, locationId: world.locationId, accountId: world.owner.userId, channel: 'sms', purpose: 'direct', messageId: null, sessionId: null, status: 'sent' },
  ]);
});

it('a carrier failing twice is retried with growing, jittered delays and the send ends sent', async () => {
  const id = await enqueue();
  const carrier = new ScriptedCarrier([new SmsSendError('Service unavailable', false), new SmsSendError('Service unavailable', false)]);
  const worker = dispatcher(carrier);

  await worker.runOnce();
  const first = (await delivery(id))!;
  expect(first).toMatchObject({ status: 'queued', attempts: 1, last_error: 'Service unavailable' });
  const firstDelay = first.next_attempt_at.getTime() - first.updated_at.getTime();
  expect(firstDelay).toBeGreaterThanOrEqual(settings.backoffBaseMs / 2);
  expect(firstDelay).toBeLessThanOrEqual(settings.backoffBaseMs);
  // Not due yet: a pass now takes nothing.
  expect(await worker.runOnce()).toBe(0);
  expect(carrier.calls).toHaveLength(1);

  await worker.runOnce(new Date(first.next_attempt_at.getTime() + 1));
  const second = (await delivery(id))!;
  expect(second).toMatchObject({ status: 'queued', attempts: 2 });
  const secondDelay = second.next_attempt_at.getTime() - second.updated_at.getTime();
  expect(secondDelay).toBeGreaterThanOrEqual(settings.backoffBaseMs);
  expect(secondDelay).toBeLessThanOrEqual(settings.backoffBaseMs * 2);

  await worker.runOnce(new Date(second.next_attempt_at.getTime() + 1));
  expect(await delivery(id)).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
  expect(carrier.calls.map((call) => call.deliveryId)).toEqual([id, id, id]);
  expect((await audits(id)).map((a) => a.action)).toEqual(['delivery_sent']);
  // A retry scheduled is no outcome: only the final one is announced.
  expect((await announced(id)).map((data) => data.status)).toEqual(['sent']);
});

it('a carrier failing every time ends the send failed after its attempts, visibly, with the error', async () => {
  const id = await enqueue('Reminder: the water is off on Tuesday.', 3);
  const carrier = new ScriptedCarrier(Array.from({ length: 5 }, () => new SmsSendError('Twilio error 20500: Internal Server Error', false)));
  const worker = dispatcher(carrier);
  for (let pass = 0; pass < 5; pass++) await worker.runOnce(later(24 * 3_600_000));
  expect(carrier.calls).toHaveLength(3);
  expect(await delivery(id)).toMatchObject({ status: 'failed', attempts: 3, last_error: 'Twilio error 20500: Internal Server Error', sent_at: null });
  expect(await audits(id)).toEqual([{ action: 'delivery_failed', detail: { error: 'Twilio error 20500: Internal Server Error', attempts: 3 } }]);
  expect((await announced(id)).map((data) => data.status)).toEqual(['failed']);
});

it('a permanent refusal ends the send failed at once', async () => {
  const id = await enqueue();
  const carrier = new ScriptedCarrier([new SmsSendError("Twilio error 21610: Attempt to send to unsubscribed recipient", true)]);
  await dispatcher(carrier).runOnce();
  await dispatcher(carrier).runOnce(later(24 * 3_600_000));
  expect(carrier.calls).toHaveLength(1);
  expect(await delivery(id)).toMatchObject({ status: 'failed', attempts: 1, last_error: 'Twilio error 21610: Attempt to send to unsubscribed recipient' });
  expect((await announced(id)).map((data) => data.status)).toEqual(['failed']);
});

it('a send interrupted while the carrier had it is never sent again by a carrier without idempotency: it ends failed saying it may have gone out', async () => {
  const id = await enqueue('The plumber comes at 9.');
  let release!: () => void;
  const hung = new ScriptedCarrier([], false, new Promise<void>((resolve) => (release = resolve)));
  // The first dispatcher takes it and "dies" inside the carrier's call (its pass never finishes while we look).
  const dying = dispatcher(hung).runOnce();
  await harness.row(`select 1`);
  for (let i = 0; i < 100 && hung.calls.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
  expect(await delivery(id)).toMatchObject({ status: 'sending', attempts: 1 });

  // Within the lease another dispatcher leaves it alone; after it, it ends the send failed without calling anyone.
  const next = new ScriptedCarrier();
  expect(await dispatcher(next).runOnce()).toBe(0);
  await dispatcher(next).runOnce(later(settings.leaseMs + 1_000));
  expect(next.calls).toEqual([]);
  expect(await delivery(id)).toMatchObject({ status: 'failed', attempts: 1, last_error: INTERRUPTED_SEND });
  expect(await audits(id)).toEqual([{ action: 'delivery_failed', detail: { error: INTERRUPTED_SEND, attempts: 1 } }]);

  // The first dispatcher's late answer changes nothing: the record stays failed, with one audit entry.
  release();
  await dying;
  expect(await delivery(id)).toMatchObject({ status: 'failed', last_error: INTERRUPTED_SEND });
  expect(await audits(id)).toHaveLength(1);
  expect(await dispatcher(next).runOnce(later(48 * 3_600_000))).toBe(0);
});

it('through the sandbox carrier (idempotent on the delivery id) an interrupted send is completed, and the phone gets it once', async () => {
  const id = await enqueue('Sandbox: the gym reopens Monday.');
  const sandbox = new SandboxSmsCarrier(em);
  // The crashed dispatcher had handed it to the carrier, then died before recording it.
  await sandbox.send({ from: world.number, to: world.tenant.phone, body: 'Sandbox: the gym reopens Monday.' }, id);
  await harness.db.query(`update ${harness.table('outbound_delivery')} set status = 'sending', attempts = 1, locked_until = now() - interval '1 second', next_attempt_at = now() - interval '1 second' where id = $1`, [id]);
  await dispatcher(sandbox).runOnce();
  expect(await delivery(id)).toMatchObject({ status: 'sent', attempts: 1, provider: 'sandbox' });
  const phone = await harness.db.query(`select body from ${harness.table('sandbox_phone_message')} where delivery_id = $1`, [id]);
  expect(phone.rows).toEqual([{ body: 'Sandbox: the gym reopens Monday.' }]);
});

describe('e-mail (SMTP has no idempotency key)', () => {
  async function enqueueMail(): Promise<string> {
    const queue = harness.service.app.get(OutboundQueue);
    return (await em.fork().transactional((tx) =>
      queue.enqueue(tx, { accountId: world.owner.userId, locationId: world.locationId, purpose: 'direct', channel: 'email', from: world.email, to: world.tenant.email, subject: 'Water shut-off', body: 'Tuesday 9-11 AM.' }),
    ))!;
  }

  /** An SMTP transport that answers as told and counts its calls. */
  function mailer(answer: () => Promise<{ messageId: string }>) {
    const calls: string[] = [];
    const mail: MailSender = { send: (m) => (calls.push(m.to), answer()), close: async () => {} };
    return { calls, mail };
  }

  it('an interrupted e-mail is never re-sent: it ends failed saying it may have gone out', async () => {
    const id = await enqueueMail();
    await harness.db.query(`update ${harness.table('outbound_delivery')} set status = 'sending', attempts = 1, locked_until = now() - interval '1 second', next_attempt_at = now() - interval '1 second' where id = $1`, [id]);
    const { calls, mail } = mailer(async () => ({ messageId: '<x@example.com>' }));
    await new OutboundDispatcher(em, settings, { sms: new ScriptedCarrier(), mail }, new AuditTrail()).runOnce();
    expect(calls).toEqual([]);
    expect(await delivery(id)).toMatchObject({ status: 'failed', last_error: INTERRUPTED_SEND });
  });

  it("an SMTP server's 5xx refusal is permanent, a 4xx is retried", async () => {
    const refused = await enqueueMail();
    const permanent = mailer(() => Promise.reject(Object.assign(new Error('550 5.1.1 No such user'), { responseCode: 550 })));
    await new OutboundDispatcher(em, settings, { sms: new ScriptedCarrier(), mail: permanent.mail }, new AuditTrail()).runOnce();
    expect(await delivery(refused)).toMatchObject({ status: 'failed', attempts: 1, last_error: '550 5.1.1 No such user' });

    const busy = await enqueueMail();
    const transient = mailer(() => Promise.reject(Object.assign(new Error('421 4.3.2 Try again later'), { responseCode: 421 })));
    await new OutboundDispatcher(em, settings, { sms: new ScriptedCarrier(), mail: transient.mail }, new AuditTrail()).runOnce();
    expect(await delivery(busy)).toMatchObject({ status: 'queued', attempts: 1, last_error: '421 4.3.2 Try again later' });
    await harness.db.query(`update ${harness.table('outbound_delivery')} set status = 'failed' where id = $1`, [busy]);
  });
});

it('two dispatchers at once over 50 sends deliver each exactly once', async () => {
  await harness.db.query(`update ${harness.table('outbound_delivery')} set status = 'failed' where status in ('queued', 'sending')`);
  const ids = await Promise.all(Array.from({ length: 50 }, (_, i) => enqueue(`Notice ${i}`)));
  const carriers = [new ScriptedCarrier(), new ScriptedCarrier()];
  const workers = carriers.map((carrier) => dispatcher(carrier, 7));
  await Promise.all(
    workers.map(async (worker) => {
      while ((await worker.runOnce()) > 0);
    }),
  );
  const delivered = carriers.flatMap((carrier) => carrier.calls.map((call) => call.deliveryId));
  expect(delivered.sort()).toEqual([...ids].sort());
  expect(carriers.every((carrier) => carrier.calls.length > 0)).toBe(true);
  const rows = await harness.db.query<{ status: string; attempts: number }>(`select status, attempts from ${harness.table('outbound_delivery')} where id = any($1::uuid[])`, [ids]);
  expect(rows.rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
});
