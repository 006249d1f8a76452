import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jest } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import { runMigrations, serviceOrmConfig } from '@pm/nest-kit';
import { cardFeeCents, type PaymentLinkMethod } from '@pm/contracts';
import { startStripeSandbox, type StripeSandbox } from '@pm/stripe-sandbox';
import { createTestSchema, testEnv, waitFor, type TestSchema } from '@pm/testing';
import Stripe from 'stripe';
import { Ledger } from '../src/ledger/ledger.js';
import { LedgerStore } from '../src/ledger/ledger-store.js';
import { paymentsMigrations } from '../src/migrations/index.js';
import { paymentEntryId } from '../src/provider-events/stripe-ledger-events.js';
import { createRentCheckout } from '../src/providers/stripe-rent-checkout.js';
import { INVALID_STRIPE_SIGNATURE, StripeWebhookIntake } from '../src/provider-events/stripe-webhook-intake.js';

jest.setTimeout(120_000);

/*
 * Stripe's webhooks into the ledger, end to end on real infrastructure: the Stripe sandbox (@pm/stripe-sandbox, the
 * local Stripe the official client talks to unchanged) takes payments on its hosted checkout page and delivers its
 * events signed as Stripe signs them to a receiver that hands each raw delivery to StripeWebhookIntake, which writes
 * the ledger in this test's own PostgreSQL schema. Every delivery is kept, so the test can send them all again.
 */

const WEBHOOK_SECRET = 'whsec_payments_intake_test';
const TIME_ZONE = 'America/Chicago';

let schema: TestSchema;
let orm: MikroORM;
let sandbox: StripeSandbox;
let stripe: Stripe;
let receiver: Server;
let intake: StripeWebhookIntake;
let destination: string;
const deliveries: { body: Buffer; signature: string }[] = [];
const store = new LedgerStore();

beforeAll(async () => {
  schema = await createTestSchema('payments');
  const config = serviceOrmConfig({ databaseUrl: testEnv().DATABASE_URL, schema: schema.schema, entities: [], migrations: paymentsMigrations });
  await runMigrations(config);
  orm = await MikroORM.init(config);
  // What production verifies with: the official client's constructEvent.
  intake = new StripeWebhookIntake(new Stripe('sk_test_payments'), WEBHOOK_SECRET);
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const delivery = { body: Buffer.concat(chunks), signature: String(req.headers['stripe-signature'] ?? '') };
      deliveries.push(delivery);
      intake.receive(orm.em.fork(), delivery.body, delivery.signature).then(
        (outcome) => res.writeHead(outcome.status).end(),
        () => res.writeHead(500).end(),
      );
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  sandbox = await startStripeSandbox({
    achSettleAfterMs: 24 * 3_600_000,
    webhookRetry: { maxAttempts: 5, initialDelayMs: 50, maxDelayMs: 200 },
    webhookEndpoints: [{ url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/stripe`, secret: WEBHOOK_SECRET }],
    log: () => {},
  });
  stripe = new Stripe('sk_test_payments', { ...sandbox.clientOptions, maxNetworkRetries: 0 });
  const account = await stripe.accounts.create({ type: 'express', email: 'owner@example.com', capabilities: { card_payments: { requested: true }, transfers: { requested: true } } });
  await control(`/_sandbox/accounts/${account.id}/onboard`);
  destination = account.id;
});

afterAll(async () => {
  await sandbox?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
  await orm?.close(true);
  await schema?.dropSchema();
});

async function control(path: string, body: Record<string, unknown> = {}): Promise<void> {
  const response = await fetch(`${sandbox.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
}

let units = 0;
/** A unit of its own per test, so each test reads only its own ledger. */
const newUnit = () => `01938a00-0000-7000-8000-${String(++units).padStart(12, '0')}`;

/** A rent payment link for the unit, made by the service's own Stripe adapter. */
async function rentCheckout(unitId: string, amount: number, method: PaymentLinkMethod, feeCents = 0): Promise<Stripe.Checkout.Session> {
  const { sessionId } = await createRentCheckout(stripe, {
    unitId,
    timeZone: TIME_ZONE,
    amountCents: amount,
    method,
    feeCents,
    description: 'Rent for December 2026, Unit 2B',
    connectedAccountId: destination,
    tenantEmail: 'tenant@example.com',
    successUrl: 'http://127.0.0.1/rent/success?session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: 'http://127.0.0.1/rent/cancel',
    idempotencyKey: `${unitId}:${amount}:${method}`,
  });
  return stripe.checkout.sessions.retrieve(sessionId);
}

const CARD = { method: 'card', card_number: '4242424242424242', card_expiry: '12 / 34', card_cvc: '123', name: 'Jordan Lee', email: 'tenant@example.com' };
const DECLINED = { ...CARD, card_number: '4000000000000002' };
const BANK = { method: 'us_bank_account', routing_number: '110000000', account_number: '000123456789', name: 'Jordan Lee', email: 'tenant@example.com' };
const FAILING_BANK = { ...BANK, account_number: '000222222227' };

/** Pays on the sandbox's hosted checkout page, as the tenant's browser posts its form. */
async function pay(session: Stripe.Checkout.Session, fields: Record<string, string>): Promise<number> {
  const response = await fetch(session.url!, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString(), redirect: 'manual' });
  return response.status;
}

async function ledgerOf(unitId: string): Promise<Ledger> {
  return Ledger.of(await store.entriesOf(orm.em.fork(), unitId));
}

async function recorded(eventType: string, objectId: string): Promise<void> {
  await waitFor(
    async () => {
      const rows = await orm.em.fork().execute<{ n: string }[]>(`select count(*) as n from "${schema.schema}"."provider_event" where type = ?`, [eventType]);
      return Number(rows[0]!.n) > 0 && deliveries.some((delivery) => delivery.body.includes(objectId) && delivery.body.includes(eventType)) ? true : undefined;
    },
    { timeout: 30_000, description: `${eventType} of ${objectId} recorded` },
  );
  await sandbox.webhooksIdle();
}

async function paymentOf(unitId: string, session: Stripe.Checkout.Session) {
  const intent = (await stripe.checkout.sessions.retrieve(session.id)).payment_intent as string;
  return { intent, view: (await ledgerOf(unitId)).payments.get(paymentEntryId(intent)) };
}

describe('Stripe webhooks into the ledger', () => {
  it('records a card payment as completed, once its checkout completes, the card fee not counted as rent paid', async () => {
    const unit = newUnit();
    const session = await rentCheckout(unit, 185_000, 'card', cardFeeCents(185_000));
    expect(session.amount_total).toBe(185_000 + cardFeeCents(185_000));
    expect(await pay(session, CARD)).toBe(303);
    await recorded('checkout.session.completed', session.id);
    const { view } = await paymentOf(unit, session);
    expect(view).toMatchObject({ amountCents: 185_000, method: 'card', status: 'completed' });
    expect((await ledgerOf(unit)).balanceCents).toBe(-185_000);
  });

  it('records nothing for a declined card (the failure moves no money), and the payment when the tenant tries again', async () => {
    const unit = newUnit();
    const session = await rentCheckout(unit, 90_000, 'card');
    await pay(session, DECLINED);
    await sandbox.webhooksIdle();
    expect((await ledgerOf(unit)).entries).toEqual([]);
    expect(await pay(session, CARD)).toBe(303);
    await recorded('checkout.session.completed', session.id);
    expect((await paymentOf(unit, session)).view).toMatchObject({ status: 'completed', netCents: 90_000 });
  });

  it('shows an ACH payment as processing until the debit settles, then completed', async () => {
    const unit = newUnit();
    const session = await rentCheckout(unit, 150_000, 'us_bank_account');
    expect(await pay(session, BANK)).toBe(303);
    await recorded('checkout.session.completed', session.id);
    const { intent, view } = await paymentOf(unit, session);
    expect(view).toMatchObject({ method: 'ach', status: 'processing' });
    expect((await ledgerOf(unit)).processingCents).toBe(150_000);
    await control('/_sandbox/settle', { payment_intent: intent });
    await recorded('checkout.session.async_payment_succeeded', session.id);
    expect((await ledgerOf(unit)).payments.get(paymentEntryId(intent))).toMatchObject({ status: 'completed' });
    expect((await ledgerOf(unit)).processingCents).toBe(0);
  });

  it('reverses an ACH payment whose debit fails, and one returned after it settled, each once', async () => {
    const failing = newUnit();
    const failed = await rentCheckout(failing, 120_000, 'us_bank_account');
    await pay(failed, FAILING_BANK);
    await recorded('checkout.session.completed', failed.id);
    const { intent: failedIntent } = await paymentOf(failing, failed);
    await control('/_sandbox/settle', { payment_intent: failedIntent });
    await recorded('checkout.session.async_payment_failed', failed.id);
    const afterFailure = await ledgerOf(failing);
    expect(afterFailure.payments.get(paymentEntryId(failedIntent))).toMatchObject({ status: 'returned', netCents: 0 });
    expect(afterFailure.balanceCents).toBe(0);

    const returning = newUnit();
    const settled = await rentCheckout(returning, 130_000, 'us_bank_account');
    await pay(settled, BANK);
    await recorded('checkout.session.completed', settled.id);
    const { intent } = await paymentOf(returning, settled);
    await control('/_sandbox/settle', { payment_intent: intent });
    await recorded('checkout.session.async_payment_succeeded', settled.id);
    await control('/_sandbox/return', { payment_intent: intent, code: 'R01' });
    await recorded('payment_intent.payment_failed', intent);
    const afterReturn = await ledgerOf(returning);
    expect(afterReturn.payments.get(paymentEntryId(intent))).toMatchObject({ status: 'returned', netCents: 0 });
    expect(afterReturn.balanceCents).toBe(0);
  });

  it('keeps the same ledger when every delivery comes again twenty times, concurrently and in shuffled order', async () => {
    const units = [...new Set((await orm.em.fork().execute<{ unit_id: string }[]>(`select distinct unit_id from "${schema.schema}"."ledger_entry"`)).map((row) => row.unit_id))];
    const before = await Promise.all(units.map(async (unit) => summary(await ledgerOf(unit))));
    const counts = await tableCounts();
    const again = deliveries.flatMap((delivery) => Array.from({ length: 20 }, () => delivery));
    shuffle(again);
    const outcomes = await Promise.all(again.map((delivery) => intake.receive(orm.em.fork(), delivery.body, delivery.signature)));
    expect(outcomes.filter((outcome) => outcome.status !== 200)).toEqual([]);
    expect(await Promise.all(units.map(async (unit) => summary(await ledgerOf(unit))))).toEqual(before);
    expect(await tableCounts()).toEqual(counts);
  });

  it('answers a delivery whose signature does not hold 400 and keeps nothing of it', async () => {
    const counts = await tableCounts();
    const genuine = deliveries.find((delivery) => delivery.body.includes('checkout.session.completed'))!;
    const forged = Buffer.from(genuine.body.toString('utf8').replace(/"amount_total":\s*\d+/, '"amount_total": 1'));
    for (const [body, signature] of [
      [forged, genuine.signature],
      [genuine.body, ''],
      [genuine.body, genuine.signature.replace(/v1=[0-9a-f]{6}/, 'v1=000000')],
      [genuine.body, `t=${Math.floor(Date.now() / 1000)},v1=${'ab'.repeat(32)}`],
    ] as const) {
      expect(await intake.receive(orm.em.fork(), body, signature)).toEqual({ status: 400, message: INVALID_STRIPE_SIGNATURE });
    }
    expect(await tableCounts()).toEqual(counts);
  });

  it('refuses to change or remove a recorded entry: the database itself keeps the ledger append-only', async () => {
    const em = orm.em.fork();
    const [row] = await em.execute<{ id: string }[]>(`select id from "${schema.schema}"."ledger_entry" limit 1`);
    await expect(em.execute(`update "${schema.schema}"."ledger_entry" set unit_id = 'elsewhere' where id = ?`, [row!.id])).rejects.toThrow(/immutable/);
    await expect(em.execute(`delete from "${schema.schema}"."ledger_entry" where id = ?`, [row!.id])).rejects.toThrow(/immutable/);
  });
});

function summary(ledger: Ledger) {
  return { balance: ledger.balanceCents, processing: ledger.processingCents, payments: [...ledger.payments.values()], statement: ledger.statement(), waiting: ledger.waiting.length };
}

async function tableCounts(): Promise<{ entries: number; events: number }> {
  const em = orm.em.fork();
  const [entries] = await em.execute<{ n: string }[]>(`select count(*) as n from "${schema.schema}"."ledger_entry"`);
  const [events] = await em.execute<{ n: string }[]>(`select count(*) as n from "${schema.schema}"."provider_event"`);
  return { entries: Number(entries!.n), events: Number(events!.n) };
}

/** Fisher–Yates with a fixed seed, so a failure replays as it was. */
function shuffle<T>(items: T[]): void {
  let seed = 20261207;
  const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
}
