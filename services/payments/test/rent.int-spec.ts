import { jest } from '@jest/globals';
import {
  GeneratePaymentLink,
  GetCheckoutPayment,
  NO_TENANT_EMAIL,
  PAYMENT_LINKS_SENT,
  PostDueRentCharges,
  RentNoticeRequested,
  SendPaymentLinkEmail,
  GenerateRentLink,
  GetLocationRentRoll,
  GetMonthlyPayments,
  GetPaymentBreakdown,
  GetRentDetails,
  GetUnitLedger,
  ListPayments,
  ListRentPrices,
  RecordPayment,
  UpdateRentDetails,
  CONNECT_PROVIDER_UNAVAILABLE,
  ConnectAccountActivated,
  StartConnectOnboarding,
  cardFeeCents,
  paymentMessages,
  residentPaymentMessages,
} from '@pm/contracts';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { waitFor } from '@pm/testing';
import { ChargeSchedule } from '../src/rent/charge-schedule.js';
import { addDays, localDate, nextPeriod, periodOf } from '../src/ledger/plain-date.js';
import { PaymentsHarness, type PaymentsWorld, type RentPlace } from './support/payments-harness.js';

jest.setTimeout(180_000);

/*
 * A unit's rent through the payments service's calls, on real PostgreSQL and NATS, with the Stripe sandbox as the
 * card provider posting its signed webhooks to the service's own endpoint: rent set and charged, payments recorded
 * by hand and paid through the links, every figure read back from the ledger.
 */
let harness: PaymentsHarness;
let world: PaymentsWorld;
const TIME_ZONE = 'America/Chicago';
const today = () => localDate(new Date(), TIME_ZONE);

beforeAll(async () => {
  harness = await PaymentsHarness.start();
  world = await harness.world();
});

afterAll(async () => {
  await harness?.close();
});

const BANK = { method: 'us_bank_account', routing_number: '110000000', account_number: '000123456789', name: 'Maria Lopez', email: 'maria.lopez@example.com' };

/** Pays on the sandbox's hosted checkout page as the tenant's browser posts its form; answers where it redirects. */
async function pay(url: string, fields: Record<string, string>): Promise<string | null> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString(), redirect: 'manual' });
  return response.headers.get('location');
}

describe('rent details', () => {
  let place: RentPlace;
  beforeAll(async () => {
    place = await harness.place(world, { unit: '1A' });
  });

  it('starts with no rent and the form defaults, in the location time zone', async () => {
    expect(await harness.call(GetRentDetails, { id: place.unitId }, world.owner)).toMatchObject({ amount: null, due_day: 1, late_fee: 0, grace_period_days: 5, time_zone: TIME_ZONE });
    expect(await harness.call(ListRentPrices, { id: place.unitId }, world.owner)).toEqual([]);
  });

  it('posts the charges the rent makes due, no late fee for history, and keeps each rent the unit had as a price', async () => {
    const start = `${periodOf(addDays(today(), -40))}-01`;
    const details = await harness.call(UpdateRentDetails, { id: place.unitId, amount: 150_000, due_day: 1, late_fee: 5_000, grace_period_days: 3, start_date: start }, world.owner);
    expect(details).toMatchObject({ amount: 150_000, due_day: 1, start_date: start, end_date: null });
    const ledger = await harness.call(GetUnitLedger, { id: place.unitId }, world.owner);
    const rents = ledger.lines.filter((line) => line.kind === 'charge' && line.entry_id.startsWith('rent:'));
    expect(rents.length).toBeGreaterThanOrEqual(2);
    // Grace periods that ended before the rent was set are history the manager entered: no late fee for them.
    expect(ledger.lines.filter((line) => line.entry_id.startsWith('late-fee:'))).toEqual([]);
    expect(ledger.balance).toBe(rents.length * 150_000);

    await harness.call(UpdateRentDetails, { id: place.unitId, amount: 160_000, due_day: 1, late_fee: 5_000, grace_period_days: 3, start_date: start }, world.owner);
    const prices = await harness.call(ListRentPrices, { id: place.unitId }, world.owner);
    expect(prices.map((price) => [price.amount, price.active])).toEqual([
      [160_000, true],
      [150_000, false],
    ]);
    // Charges already posted stay as they were.
    expect((await harness.call(GetUnitLedger, { id: place.unitId }, world.owner)).balance).toBe(ledger.balance);
  });

  it('charges the late fee once the grace period of a charge it watched passes unpaid, once', async () => {
    const schedule = harness.service.app.get(ChargeSchedule);
    const orm = harness.service.app.get(MikroORM);
    const later = new Date(Date.now() + 45 * 86_400_000);
    for (let run = 0; run < 3; run++) await (orm.em.fork() as EntityManager).transactional((em) => schedule.postDue(em, place.unitId, later));
    const ledger = await harness.call(GetUnitLedger, { id: place.unitId }, world.owner);
    const lateFees = ledger.lines.filter((line) => line.entry_id.startsWith('late-fee:'));
    expect(lateFees.length).toBeGreaterThanOrEqual(1);
    expect(lateFees.every((line) => line.amount === 5_000)).toBe(true);
    expect(new Set(lateFees.map((line) => line.entry_id)).size).toBe(lateFees.length);
    // The tenant is told once per late fee, and reminded before each due date the schedule saw coming, once.
    const notices = await harness.noticesTo('maria.lopez@example.com');
    const lateNotices = notices.filter((notice) => notice.kind === 'late_notice' && notice.tenantId === place.tenantId);
    expect(lateNotices).toHaveLength(lateFees.length);
    expect(lateNotices[0]).toMatchObject({ subject: 'Rent is late: a late fee of $50.00 was added', locationId: world.locationId, buildingId: place.buildingId });
    const reminders = notices.filter((notice) => notice.kind === 'reminder' && notice.tenantId === place.tenantId);
    expect(new Set(reminders.map((notice) => notice.noticeId)).size).toBe(reminders.length);
  });

  it('refuses what is not rent, and stores nothing', async () => {
    for (const [payload, message] of [
      [{ amount: 0 }, paymentMessages.amountNotPositive],
      [{ amount: 12.5 }, paymentMessages.amountNotPositive],
      [{ amount: 100_000_001 }, paymentMessages.amountTooHigh],
      [{ amount: 1, due_day: 32 }, paymentMessages.dueDayInvalid],
      [{ amount: 1, start_date: '2026-02-30' }, paymentMessages.invalidDate],
      // Year 0 is no date PostgreSQL keeps, and a start in year 1 would post two thousand years of rent.
      [{ amount: 1, start_date: '0000-01-01', end_date: '0000-01-01' }, paymentMessages.dateOutOfRange],
      [{ amount: 1, start_date: '1999-12-31' }, paymentMessages.dateOutOfRange],
      [{ amount: 1, start_date: '2026-05-01', end_date: '2026-04-30' }, paymentMessages.endBeforeStart],
    ] as const) {
      expect(await harness.failure(harness.call(UpdateRentDetails, { id: place.unitId, ...payload } as never, world.owner))).toEqual({ status: 400, message });
    }
    expect((await harness.call(GetRentDetails, { id: place.unitId }, world.owner)).amount).toBe(160_000);
  });

  it('records a payment made by check for an earlier day, and refuses one dated tomorrow', async () => {
    const before = await harness.call(GetUnitLedger, { id: place.unitId }, world.owner);
    const after = await harness.call(RecordPayment, { id: place.unitId, amount: 150_000, method: 'check', paid_on: addDays(today(), -1), reference: 'Check 1042' }, world.owner);
    expect(after.balance).toBe(before.balance - 150_000);
    expect(after.lines.find((line) => line.description === 'Payment (check): Check 1042')).toMatchObject({ status: 'completed', method: 'check', amount: -150_000 });
    // Dated before the rent was set here (yesterday; the rent was set today): history, so no receipt.
    expect((await harness.noticesTo('maria.lopez@example.com')).filter((notice) => notice.kind === 'receipt' && notice.tenantId === place.tenantId)).toEqual([]);
    await harness.call(RecordPayment, { id: place.unitId, amount: 10_000, method: 'cash', paid_on: today() }, world.owner);
    const receipts = (await harness.noticesTo('maria.lopez@example.com')).filter((notice) => notice.kind === 'receipt' && notice.tenantId === place.tenantId);
    expect(receipts).toEqual([expect.objectContaining({ subject: 'Receipt: $100.00 rent received', requestedBy: null })]);
    expect(receipts[0]!.body).toContain('(cash)');
    expect(await harness.failure(harness.call(RecordPayment, { id: place.unitId, amount: 100, method: 'cash', paid_on: addDays(today(), 2) }, world.owner))).toEqual({ status: 400, message: paymentMessages.paidInFuture });
    expect(await harness.failure(harness.call(RecordPayment, { id: place.unitId, amount: 100, method: 'card' as never, paid_on: today() }, world.owner))).toMatchObject({ status: 400 });
  });

  it('posts each period once however often, and however concurrently, the schedule runs', async () => {
    const fresh = await harness.place(world, { unit: '1B' });
    const start = `${periodOf(addDays(today(), -70))}-01`;
    // Terms written as the service writes them, without the immediate posting, so only the schedule posts.
    await harness.db.query(
      `insert into ${harness.table('rent_details')} (unit_id, location_id, amount_cents, due_day, late_fee_cents, grace_days, starts_on, updated_at, updated_by) values ($1, $2, 100000, 31, 0, 5, $3, now(), 'test')`,
      [fresh.unitId, world.locationId, start],
    );
    const schedule = harness.service.app.get(ChargeSchedule);
    const orm = harness.service.app.get(MikroORM);
    const runs = await Promise.allSettled([1, 2, 3].map(() => (orm.em.fork() as EntityManager).transactional((em) => schedule.postAllDue(em, new Date()))));
    expect(runs.every((run) => run.status === 'fulfilled')).toBe(true);
    const ledger = await harness.call(GetUnitLedger, { id: fresh.unitId }, world.owner);
    const periods = ledger.lines.filter((line) => line.kind === 'charge').map((line) => line.entry_id);
    expect(new Set(periods).size).toBe(periods.length);
    expect(periods.length).toBeGreaterThanOrEqual(2);
    // Due on the 31st: a month without it is due on its last day.
    for (const line of ledger.lines) expect(Number(line.date.slice(8))).toBeGreaterThanOrEqual(28);
    expect((await (orm.em.fork() as EntityManager).transactional((em) => schedule.postAllDue(em, new Date()))).posted).toBe(0);
  });
});

describe('payment links and the webhooks that pay them', () => {
  let place: RentPlace;
  beforeAll(async () => {
    place = await harness.place(world, { unit: '3C', email: 'tenant.3c@example.com' });
    await harness.call(UpdateRentDetails, { id: place.unitId, amount: 120_000, due_day: 1, start_date: `${periodOf(today())}-01` }, world.owner);
  });

  it('asks the account to finish Stripe onboarding first', async () => {
    expect(await harness.failure(harness.call(GenerateRentLink, { id: place.unitId }, world.owner))).toEqual({ status: 404, message: paymentMessages.connectNotOnboarded });
  });

  it('makes an ACH link without fee and a card link with its fee, for what is owed', async () => {
    await harness.connect(world.owner);
    // Stripe's account.updated (charges and payouts on) tells portfolio's onboarding checklist, once.
    const activated = () => harness.db.query(`select envelope from ${harness.table('outbox')} where subject = $1`, [ConnectAccountActivated.subject]);
    await waitFor(async () => ((await activated()).rows.length > 0 ? true : undefined), { timeout: 20_000, description: 'ConnectAccountActivated' });
    expect((await activated()).rows.map((row) => row.envelope.data.accountId)).toEqual([world.owner.userId]);
    const breakdown = await harness.call(GetPaymentBreakdown, { id: place.unitId }, world.owner);
    expect(breakdown).toMatchObject({ rent: 120_000, balance: 120_000, amount_due: 120_000 });
    const { links } = await harness.call(GenerateRentLink, { id: place.unitId }, world.owner);
    expect(links).toEqual([
      expect.objectContaining({ method: 'us_bank_account', amount: 120_000, fee: 0, total: 120_000 }),
      expect.objectContaining({ method: 'card', amount: 120_000, fee: cardFeeCents(120_000), total: 120_000 + cardFeeCents(120_000) }),
    ]);
  });

  it('shows an ACH payment as processing until it settles, then counts it as collected this month', async () => {
    const { links } = await harness.call(GenerateRentLink, { id: place.unitId }, world.owner);
    const collectedBefore = (await harness.call(GetMonthlyPayments, { location_id: world.locationId }, world.owner))[0]!.amount;
    const redirect = await pay(links.find((link) => link.method === 'us_bank_account')!.url, BANK);
    expect(redirect).toMatch(/\/rent\/success\?session_id=cs_/);
    const processing = await waitFor(async () => {
      const ledger = await harness.call(GetUnitLedger, { id: place.unitId }, world.owner);
      return ledger.processing === 120_000 ? ledger : undefined;
    }, { timeout: 30_000, description: 'ACH payment processing' }).catch(async (error: unknown) => {
      if (process.env['SANDBOX_LOG']) console.error((await harness.db.query(`select * from ${harness.table('provider_event')}`)).rows, await (await fetch(`${harness.stripe.url}/_sandbox/webhook_deliveries`)).text());
      throw error;
    });
    expect(processing.balance).toBe(0);
    expect(processing.lines.at(-1)).toMatchObject({ kind: 'payment', method: 'ach', status: 'processing' });
    expect((await harness.call(GetMonthlyPayments, { location_id: world.locationId }, world.owner))[0]!.amount).toBe(collectedBefore);

    // No receipt while the debit may still fail; one when it settles.
    const receiptsOf = async () => (await harness.noticesTo('tenant.3c@example.com')).filter((notice) => notice.kind === 'receipt');
    expect(await receiptsOf()).toEqual([]);
    const paymentIntent = processing.lines.at(-1)!.entry_id.replace('stripe:', '');
    harness.stripe.settle(paymentIntent);
    await waitFor(async () => ((await harness.call(GetUnitLedger, { id: place.unitId }, world.owner)).processing === 0 ? true : undefined), { timeout: 30_000, description: 'ACH settled' });
    expect((await harness.call(GetMonthlyPayments, { location_id: world.locationId }, world.owner))[0]!.amount).toBe(collectedBefore + 120_000);
    expect(await waitFor(async () => (await receiptsOf()).length === 1 || undefined, { timeout: 10_000, description: 'receipt' })).toBe(true);
    expect((await receiptsOf())[0]).toMatchObject({ subject: 'Receipt: $1,200.00 rent received' });
    const roll = await harness.call(GetLocationRentRoll, { id: world.locationId }, world.owner);
    expect(roll.units.items.find((unit) => unit.unit_id === place.unitId)).toMatchObject({ rent: 120_000, balance: 0, processing: 0, last_payment_on: today() });
  });

  it('e-mails the links to the tenant through messaging', async () => {
    const answer = await harness.call(SendPaymentLinkEmail, { unit_id: place.unitId }, world.owner);
    expect(answer).toEqual({ message: PAYMENT_LINKS_SENT, sent: 1 });
    const [notice] = (await harness.noticesTo('tenant.3c@example.com')).filter((n) => n.kind === 'payment_links');
    expect(notice).toMatchObject({ subject: 'Your rent payment link for Building A, Unit 3C', requestedBy: world.owner.userId, tenantId: place.tenantId });
    expect(notice!.body).toMatch(/from your bank account \(ACH, no fee, recommended\):\nhttp:\/\/127\.0\.0\.1:\d+\/checkout\/cs_/);
    const quiet = await harness.place(world, { unit: '3D', email: 'quiet.3d@example.com' });
    await harness.db.query(`update ${harness.table('tenant_directory')} set emails = '[]' where tenant_id = $1`, [quiet.tenantId]);
    expect(await harness.failure(harness.call(SendPaymentLinkEmail, { unit_id: quiet.unitId }, world.owner))).toEqual({ status: 409, message: NO_TENANT_EMAIL });
  });

  it('texts the receipt to a tenant who has only a phone number', async () => {
    const texted = await harness.place(world, { unit: '3E', email: 'nobody.3e@example.com' });
    await harness.db.query(`update ${harness.table('tenant_directory')} set emails = '[]', phones = '["+15550103030"]' where tenant_id = $1`, [texted.tenantId]);
    await harness.call(UpdateRentDetails, { id: texted.unitId, amount: 90_000, due_day: 1, start_date: `${periodOf(today())}-01` }, world.owner);
    await harness.call(RecordPayment, { id: texted.unitId, amount: 90_000, method: 'cash', paid_on: today() }, world.owner);
    const { rows } = await harness.db.query<{ envelope: { data: { email: string | null; phone: string | null; sms: string | null; kind: string } } }>(
      `select envelope from ${harness.table('outbox')} where subject = $1 and envelope->'data'->>'tenantId' = $2`,
      [RentNoticeRequested.subject, texted.tenantId],
    );
    expect(rows.map((row) => row.envelope.data)).toEqual([
      expect.objectContaining({ kind: 'receipt', email: null, phone: '+15550103030', sms: expect.stringMatching(/^Receipt: we received your rent payment of \$900\.00 for Building A, Unit 3E on /) }),
    ]);
  });

  it('refuses a webhook whose signature does not hold, and stores nothing', async () => {
    const events = await harness.row<{ n: string }>(`select count(*) as n from ${harness.table('provider_event')}`);
    const body = JSON.stringify({ id: 'evt_forged', type: 'checkout.session.completed', created: 1, data: { object: {} } });
    const response = await fetch(`${harness.service.baseUrl}/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' }, body });
    expect(response.status).toBe(400);
    expect(await harness.row<{ n: string }>(`select count(*) as n from ${harness.table('provider_event')}`)).toEqual(events);
  });
});

describe("the resident's payments", () => {
  let place: RentPlace;
  let other: RentPlace;
  const email = 'resident.4d@example.com';
  beforeAll(async () => {
    place = await harness.place(world, { unit: '4D', email });
    other = await harness.place(world, { unit: '4E', email: 'neighbour.4e@example.com' });
    for (const unit of [place, other]) await harness.call(UpdateRentDetails, { id: unit.unitId, amount: 99_000, due_day: 1, start_date: `${periodOf(today())}-01` }, world.owner);
    await harness.call(RecordPayment, { id: other.unitId, amount: 99_000, method: 'check', paid_on: today() }, world.owner);
  });

  it('pays what their unit owes by ACH on a link back to the page they came from, and only a page of the product', async () => {
    const resident = await harness.resident(email.toUpperCase());
    const page = 'http://127.0.0.1:5173/resident/payments';
    expect(await harness.failure(harness.call(GeneratePaymentLink, { amount: 0, type: 'rent', success_url: 'https://evil.example/', cancel_url: page }, resident))).toEqual({ status: 400, message: residentPaymentMessages.returnUrl });
    expect(await harness.failure(harness.call(GeneratePaymentLink, { amount: 0, type: 'rent', success_url: page, cancel_url: page }, await harness.resident('nobody@example.com')))).toEqual({ status: 404, message: residentPaymentMessages.noUnit });
    const { checkoutUrl } = await harness.call(GeneratePaymentLink, { amount: 0, type: 'rent', description: 'Rent payment', success_url: page, cancel_url: page }, resident);
    const redirect = await pay(checkoutUrl, BANK);
    expect(redirect).toMatch(/^http:\/\/127\.0\.0\.1:5173\/resident\/payments\?session_id=cs_/);
    const sessionId = new URL(redirect!).searchParams.get('session_id')!;

    // The success page's verification, by the checkout's id, without a session (the payer may have no account).
    const verified = await waitFor(async () => (await harness.service.call(GetCheckoutPayment, { id: sessionId }))[0], { timeout: 30_000, description: 'payment of the checkout' });
    expect(verified).toMatchObject({ amount: 99_000, status: 'processing', type: 'rent', isSubscription: false, metadata: { checkout_session_id: sessionId } });

    // Their own payments only: not the neighbour's check.
    const own = await harness.call(ListPayments, {}, resident);
    expect(own.map((payment) => payment.metadata.checkout_session_id)).toEqual([sessionId]);
    expect(await harness.call(ListPayments, {}, await harness.resident('neighbour.4e@example.com'))).toEqual([expect.objectContaining({ amount: 99_000, status: 'completed', metadata: { checkout_session_id: null } })]);
    expect(await harness.call(ListPayments, {}, await harness.anonymous())).toEqual([]);
    expect(await harness.service.call(GetCheckoutPayment, { id: 'cs_unknown' })).toEqual([]);
  });
});

describe("the rent clock's run", () => {
  it('posts what is due when the workflows worker asks with its service token, and refuses a user', async () => {
    const fresh = await harness.place(world, { unit: '5A' });
    await harness.db.query(
      `insert into ${harness.table('rent_details')} (unit_id, location_id, amount_cents, due_day, late_fee_cents, grace_days, starts_on, updated_at, updated_by) values ($1, $2, 80000, 1, 0, 5, $3, now(), 'test')`,
      [fresh.unitId, world.locationId, `${periodOf(today())}-01`],
    );
    const service = `Bearer ${await harness.tokens.sign('workflows', { token_use: 'service' }, { audience: 'payments', exp: '5m' })}`;
    const run = await harness.service.call(PostDueRentCharges, { as_of: new Date().toISOString() }, service);
    expect(run.posted).toBeGreaterThanOrEqual(1);
    expect((await harness.service.call(PostDueRentCharges, { as_of: new Date().toISOString() }, service)).posted).toBe(0);
    expect((await harness.call(GetUnitLedger, { id: fresh.unitId }, world.owner)).balance).toBe(80_000);
    expect(await harness.outcome(harness.call(PostDueRentCharges, { as_of: new Date().toISOString() }, world.owner))).toBe(403);
  });
});

describe('a bank debit returned after it paid the rent on time', () => {
  it('makes the rent late: the late fee is charged once the grace period has passed, by the rent clock, once', async () => {
    // Rent from next month, paid ahead now by ACH; the rent clock's runs are asked "as of" a day after its grace period,
    // as Temporal's durable timer asks once that day has come (workflows/src/rent-charges: the run's clock is the timer's).
    const place = await harness.place(world, { unit: '6A', email: 'ahead.6a@example.com' });
    const next = nextPeriod(periodOf(today()));
    await harness.call(UpdateRentDetails, { id: place.unitId, amount: 100_000, due_day: 1, late_fee: 7_500, grace_period_days: 5, start_date: `${next}-01` }, world.owner);
    const { links } = await harness.call(GenerateRentLink, { id: place.unitId }, world.owner);
    await pay(links.find((link) => link.method === 'us_bank_account')!.url, { ...BANK, email: 'ahead.6a@example.com' });
    const paid = await waitFor(async () => (await harness.call(GetUnitLedger, { id: place.unitId }, world.owner)).lines.find((line) => line.kind === 'payment'), { timeout: 30_000, description: 'ACH payment' });
    const paymentIntent = paid!.entry_id.replace('stripe:', '');
    harness.stripe.settle(paymentIntent);
    await waitFor(async () => ((await harness.call(GetUnitLedger, { id: place.unitId }, world.owner)).processing === 0 ? true : undefined), { timeout: 30_000, description: 'ACH settled' });

    const service = `Bearer ${await harness.tokens.sign('workflows', { token_use: 'service' }, { audience: 'payments', exp: '5m' })}`;
    const afterGrace = new Date(`${next}-07T18:00:00.000Z`).toISOString();
    await harness.service.call(PostDueRentCharges, { as_of: afterGrace }, service);
    const onTime = await harness.call(GetUnitLedger, { id: place.unitId }, world.owner);
    expect(onTime.lines.map((line) => line.kind)).toEqual(['payment', 'charge']);
    expect(onTime.balance).toBe(0);

    const returned = await fetch(`${harness.stripe.url}/_sandbox/return`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ payment_intent: paymentIntent, code: 'R01' }) });
    expect(returned.status).toBe(200);
    await waitFor(async () => ((await harness.call(GetUnitLedger, { id: place.unitId }, world.owner)).lines.some((line) => line.kind === 'payment_returned') ? true : undefined), { timeout: 30_000, description: 'the return' });
    await harness.service.call(PostDueRentCharges, { as_of: afterGrace }, service);
    await harness.service.call(PostDueRentCharges, { as_of: afterGrace }, service);
    const late = await harness.call(GetUnitLedger, { id: place.unitId }, world.owner);
    expect(late.lines.filter((line) => line.kind === 'charge').map((line) => line.amount)).toEqual([100_000, 7_500]);
    expect(late.balance).toBe(107_500);
    expect((await harness.noticesTo('ahead.6a@example.com')).filter((notice) => notice.kind === 'late_notice')).toHaveLength(1);
  });
});

describe('the provider down', () => {
  it('answers a clear error and creates nothing', async () => {
    const down = await PaymentsHarness.start({ env: { STRIPE_API_URL: 'http://127.0.0.1:9' } });
    try {
      const owner = await down.caller();
      expect(await down.failure(down.call(StartConnectOnboarding, {}, owner))).toEqual({ status: 502, message: CONNECT_PROVIDER_UNAVAILABLE });
      expect(await down.row(`select 1 from ${down.table('connected_account')}`)).toBeUndefined();
    } finally {
      await down.close();
    }
  });
});
