import { jest } from '@jest/globals';
import {
  CancelSubscription,
  CancelSubscriptionAtPeriodEnd,
  GetCheckoutPayment,
  GetUnitLedger,
  ListPayments,
  ListSubscriptions,
  ListUnitRentSubscriptions,
  RegenerateSubscriptionLink,
  UpdateRentDetails,
  UpdateSubscriptionDate,
  paymentMessages,
  rentSubscriptionMessages,
} from '@pm/contracts';
import { waitFor } from '@pm/testing';
import { addDays, dueDateIn, localDate, nextPeriod, periodOf, startOfDay } from '../src/ledger/plain-date.js';
import { PaymentsHarness, type PaymentsWorld, type RentPlace } from './support/payments-harness.js';

jest.setTimeout(180_000);

/*
 * Recurring rent through the payments service's calls, with the Stripe sandbox as the provider: the manager's link,
 * the tenant signing up on the hosted checkout with a bank account, nothing charged until the next due day, the month
 * debited then (in the ledger once the debit settles), the next payment moved and the subscription cancelled, each
 * by whom the rules allow.
 */
let harness: PaymentsHarness;
let world: PaymentsWorld;
let place: RentPlace;
const TIME_ZONE = 'America/Chicago';
const EMAIL = 'recurring.r1@example.com';
const today = () => localDate(new Date(), TIME_ZONE);
const BANK = { method: 'us_bank_account', routing_number: '110000000', account_number: '000123456789', name: 'Ana Reyes', email: EMAIL };

beforeAll(async () => {
  // ACH debits settle a day after they start, on the sandbox's clock.
  harness = await PaymentsHarness.start({ achSettleAfterMs: 86_400_000 });
  world = await harness.world();
  place = await harness.place(world, { unit: 'R1', tenant: 'Ana Reyes', email: EMAIL });
  await harness.call(UpdateRentDetails, { id: place.unitId, amount: 150_000, due_day: 1, start_date: `${periodOf(today())}-01` }, world.owner);
});

afterAll(async () => {
  await harness?.close();
});

async function signUp(url: string): Promise<string> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(BANK).toString(), redirect: 'manual' });
  const location = response.headers.get('location');
  if (!location) throw new Error(`checkout answered ${response.status}: ${await response.text()}`);
  return new URL(location).searchParams.get('session_id')!;
}

describe('recurring rent', () => {
  const firstDue = () => dueDateIn(nextPeriod(periodOf(today())), 1);
  let subscriptionId: string;

  it('asks the account to finish Stripe onboarding first', async () => {
    expect(await harness.failure(harness.call(RegenerateSubscriptionLink, { id: place.unitId }, world.owner))).toEqual({ status: 404, message: paymentMessages.connectNotOnboarded });
  });

  it('signs the tenant up by bank account, charging nothing until the next due day', async () => {
    await harness.connect(world.owner);
    const link = await harness.call(RegenerateSubscriptionLink, { id: place.unitId }, world.owner);
    expect(link).toMatchObject({ unit_id: place.unitId, method: 'us_bank_account', amount: 150_000, first_payment_date: firstDue() });
    const sessionId = await signUp(link.url);

    // The success page's verification finds the recurring payment signed up on the checkout.
    const [record] = await waitFor(async () => {
      const found = await harness.service.call(GetCheckoutPayment, { id: sessionId });
      return found.length > 0 ? found : undefined;
    }, { timeout: 30_000, description: 'subscription of the checkout' });
    expect(record).toMatchObject({ amount: 150_000, status: 'active', isSubscription: true, metadata: { checkout_session_id: sessionId } });
    subscriptionId = record!.subscriptionId!;

    const [subscription] = await harness.call(ListUnitRentSubscriptions, { id: place.unitId }, world.owner);
    expect(subscription).toMatchObject({ id: subscriptionId, status: 'active', amount: 150_000, date: firstDue(), cancel_at_period_end: false, method: 'us_bank_account' });
    expect(subscription!.current_period_end).toBe(startOfDay(firstDue(), TIME_ZONE).toISOString());
    // Nothing was debited: the ledger owes this month's rent still.
    expect((await harness.call(GetUnitLedger, { id: place.unitId }, world.owner)).lines.filter((line) => line.kind === 'payment')).toEqual([]);

    // The tenant sees it; a neighbour and a stranger do not; a viewer of the location reads it, a second one is refused.
    expect((await harness.call(ListSubscriptions, {}, await harness.resident(EMAIL))).map((s) => s.id)).toEqual([subscriptionId]);
    expect(await harness.call(ListSubscriptions, {}, await harness.resident('neighbour@example.com'))).toEqual([]);
    expect((await harness.call(ListUnitRentSubscriptions, { id: place.unitId }, world.partners.VIEWER)).map((s) => s.id)).toEqual([subscriptionId]);
    expect(await harness.failure(harness.call(RegenerateSubscriptionLink, { id: place.unitId }, world.owner))).toEqual({ status: 409, message: rentSubscriptionMessages.alreadyRecurring });
  });

  it('lets the tenant move the next payment to a later day, within 60 days, and no one else', async () => {
    const tenant = await harness.resident(EMAIL);
    const moved = addDays(firstDue(), 4);
    expect(await harness.failure(harness.call(UpdateSubscriptionDate, { subscriptionId, nextPaymentDate: today() }, tenant))).toEqual({ status: 400, message: rentSubscriptionMessages.dateNotAfterToday });
    expect(await harness.failure(harness.call(UpdateSubscriptionDate, { subscriptionId, nextPaymentDate: addDays(today(), 61) }, tenant))).toEqual({ status: 400, message: rentSubscriptionMessages.dateTooFar });
    const stranger = await harness.world();
    expect(await harness.failure(harness.call(UpdateSubscriptionDate, { subscriptionId, nextPaymentDate: moved }, stranger.owner))).toEqual({ status: 404, message: rentSubscriptionMessages.notFound });
    expect(await harness.failure(harness.call(UpdateSubscriptionDate, { subscriptionId, nextPaymentDate: moved }, await harness.resident('neighbour@example.com')))).toEqual({ status: 404, message: rentSubscriptionMessages.notFound });

    // The web sends the picked day as an ISO date-time; the day is what counts.
    const answer = await harness.call(UpdateSubscriptionDate, { subscriptionId, nextPaymentDate: `${moved}T12:00:00.000Z` }, tenant);
    expect(answer).toMatchObject({ message: rentSubscriptionMessages.dateUpdated, subscription: { id: subscriptionId, date: moved, status: 'trialing' } });
    await waitFor(async () => ((await harness.call(ListUnitRentSubscriptions, { id: place.unitId }, world.owner))[0]!.date === moved ? true : undefined), { timeout: 30_000, description: 'moved date kept' });
  });

  it("debits the month's rent on that day: clearing, then settled, then returned by the bank, each once", async () => {
    const moved = addDays(firstDue(), 4);
    const paymentLine = async (status: string) =>
      waitFor(async () => (await harness.call(GetUnitLedger, { id: place.unitId }, world.owner)).lines.find((line) => line.kind === 'payment' && line.status === status), {
        timeout: 30_000,
        description: `recurring payment ${status}`,
      });
    // The sandbox's clock to an hour after the moved date begins: the period ends and the invoice's debit starts.
    await harness.stripe.advanceTime(Math.ceil((startOfDay(moved, TIME_ZONE).getTime() - harness.stripe.now() * 1000) / 1000) + 3_600);
    const clearing = await paymentLine('processing');
    expect(clearing).toMatchObject({ method: 'ach', amount: -150_000 });
    expect(clearing!.entry_id).toMatch(/^stripe:in_/);

    // A day later the debit settles: the same payment, completed; the tenant sees it as a recurring payment.
    await harness.stripe.advanceTime(2 * 86_400);
    expect((await paymentLine('completed'))!.entry_id).toBe(clearing!.entry_id);
    const [record] = await harness.call(ListPayments, {}, await harness.resident(EMAIL));
    expect(record).toMatchObject({ amount: 150_000, status: 'completed', isSubscription: true, subscriptionId });

    // The bank returns it: the payment reversed once, and the month owed again.
    const intents = (await (await fetch(`${harness.stripe.url}/v1/payment_intents?limit=1`, { headers: { authorization: 'Bearer sk_test_payments_harness' } })).json()) as { data: { id: string }[] };
    const returned = await fetch(`${harness.stripe.url}/_sandbox/return`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ payment_intent: intents.data[0]!.id }) });
    expect(returned.status).toBe(200);
    expect((await paymentLine('returned'))!.entry_id).toBe(clearing!.entry_id);
    const ledger = await harness.call(GetUnitLedger, { id: place.unitId }, world.owner);
    expect(ledger.lines.filter((line) => line.kind === 'payment')).toHaveLength(1);
    expect(ledger.lines.filter((line) => line.kind === 'payment_returned')).toHaveLength(1);
  });

  it('is cancelled by a manager of the unit at the period end by default, then at once; a tenant of another unit is refused', async () => {
    const other = await harness.place(world, { unit: 'R2', tenant: 'Someone Else', email: 'else.r2@example.com' });
    expect(await harness.failure(harness.call(CancelSubscription, { subscriptionId, cancelAtPeriodEnd: true, tenant_id: other.tenantId }, world.owner))).toEqual({ status: 404, message: rentSubscriptionMessages.tenantNotOfUnit });
    expect(await harness.failure(harness.call(CancelSubscriptionAtPeriodEnd, { subscriptionId }, world.partners.VIEWER))).toEqual({ status: 403, message: expect.any(String) });

    const atEnd = await harness.call(CancelSubscriptionAtPeriodEnd, { subscriptionId, tenant_id: place.tenantId }, world.owner);
    expect(atEnd).toMatchObject({ message: rentSubscriptionMessages.canceledAtPeriodEnd, subscription: { cancel_at_period_end: true, date: null, status: 'active' } });
    await waitFor(async () => ((await harness.call(ListUnitRentSubscriptions, { id: place.unitId }, world.owner))[0]!.cancel_at_period_end ? true : undefined), { timeout: 30_000, description: 'cancel at period end kept' });

    const now = await harness.call(CancelSubscription, { subscriptionId, cancelAtPeriodEnd: false, reason: 'Moving out' }, world.owner);
    expect(now).toMatchObject({ message: rentSubscriptionMessages.canceledNow, subscription: { status: 'canceled', date: null } });
    await waitFor(async () => ((await harness.call(ListUnitRentSubscriptions, { id: place.unitId }, world.owner))[0]!.status === 'canceled' ? true : undefined), { timeout: 30_000, description: 'cancelled kept' });
    expect(await harness.failure(harness.call(CancelSubscription, { subscriptionId, cancelAtPeriodEnd: false }, await harness.resident(EMAIL)))).toEqual({ status: 409, message: rentSubscriptionMessages.alreadyCanceled });
    expect(await harness.failure(harness.call(CancelSubscription, { subscriptionId: 'sub_unknown1', cancelAtPeriodEnd: true }, world.owner))).toEqual({ status: 404, message: rentSubscriptionMessages.notFound });
  });
});
