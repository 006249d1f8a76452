import { jest } from '@jest/globals';
import {
  GenerateRentLink,
  ListUnitRentSubscriptions,
  RecordAdjustment,
  RefundPayment,
  RegenerateSubscriptionLink,
  GetCurrentSubscription,
  GetLocationRentRoll,
  GetOwnerStatement,
  GetSubscriptionCancelLink,
  ListSubscriptionPlans,
  PARTNER_ROLES,
  StartSubscriptionCheckout,
  GetMonthlyPayments,
  GetPaymentBreakdown,
  GetRentDetails,
  GetUnitLedger,
  ListRentPrices,
  RecordPayment,
  SendPaymentLinkEmail,
  UpdateRentDetails,
  type RequestInputOf,
  type RpcContract,
} from '@pm/contracts';
import { describeAccessMatrix, permissionFor, type MatrixEndpoint } from '@pm/access/testing';
import { PaymentsHarness, type PaymentsWorld, type RentPlace, type TestCaller } from './support/payments-harness.js';

jest.setTimeout(300_000);

/**
 * Payments' access matrix, as the other services': two accounts, each with one partner in each of the five roles on
 * its location (grants learnt from portfolio's events over JetStream, as in production). For every payments request
 * that names a unit or a location, each partner on their own account's gets exactly what ROLE_PERMISSIONS gives their
 * role (else 403), and on the other account's gets 404 whatever their role; owners get everything on theirs and 404 on
 * the other's. The permission each request needs is @pm/access/testing's table, read from the contracts.
 */
let harness: PaymentsHarness;

interface World extends PaymentsWorld {
  place: RentPlace;
  /** A check received on the unit: what the refund call gives back a cent of. */
  paymentId: string;
}

type Endpoint = MatrixEndpoint<World, TestCaller>;

function request<C extends RpcContract>(contract: C, payload: (world: World) => RequestInputOf<C>): Endpoint {
  const name = contract.subject.replace('pm.rpc.payments.', '').replace(/\.v\d+$/, '');
  return { contract, name, permission: permissionFor(contract), call: (world, as) => harness.call(contract, payload(world), as) };
}

const endpoints: Endpoint[] = [
  request(GetRentDetails, (w) => ({ id: w.place.unitId })),
  request(UpdateRentDetails, (w) => ({ id: w.place.unitId, amount: 185_000, due_day: 1, start_date: '2026-01-01' })),
  request(ListRentPrices, (w) => ({ id: w.place.unitId })),
  request(GetPaymentBreakdown, (w) => ({ id: w.place.unitId })),
  request(GetUnitLedger, (w) => ({ id: w.place.unitId })),
  request(RecordPayment, (w) => ({ id: w.place.unitId, amount: 100, method: 'cash' as const, paid_on: '2026-02-01' })),
  request(GenerateRentLink, (w) => ({ id: w.place.unitId })),
  request(RegenerateSubscriptionLink, (w) => ({ id: w.place.unitId })),
  request(ListUnitRentSubscriptions, (w) => ({ id: w.place.unitId })),
  request(RefundPayment, (w) => ({ id: w.place.unitId, payment_id: w.paymentId, amount: 1 })),
  request(RecordAdjustment, (w) => ({ id: w.place.unitId, amount: -100, description: 'Matrix credit', effective_on: '2026-02-01' })),
  request(SendPaymentLinkEmail, (w) => ({ unit_id: w.place.unitId })),
  request(GetMonthlyPayments, (w) => ({ location_id: w.locationId })),
  request(GetLocationRentRoll, (w) => ({ id: w.locationId })),
  request(GetOwnerStatement, (w) => ({ id: w.locationId, month: '2026-02' })),
];

async function buildWorld(): Promise<World> {
  const world = await harness.world();
  const place = await harness.place(world);
  await harness.connect(world.owner);
  await harness.call(UpdateRentDetails, { id: place.unitId, amount: 185_000, due_day: 1, start_date: '2026-01-01' }, world.owner);
  const ledger = await harness.call(RecordPayment, { id: place.unitId, amount: 10_000, method: 'check' as const, paid_on: '2026-02-01' }, world.owner);
  const paymentId = ledger.lines.find((line) => line.kind === 'payment')!.entry_id;
  return { ...world, place, paymentId };
}

let accounts: [World, World];

beforeAll(async () => {
  harness = await PaymentsHarness.start();
  accounts = [await buildWorld(), await buildWorld()];
});

afterAll(async () => {
  await harness?.close();
});

describeAccessMatrix({
  context: 'payments',
  endpoints,
  accounts: () => accounts,
  outcome: (call) => harness.outcome(call),
  stranger: () => harness.caller(),
});

/**
 * The platform plan's calls are the account's, not a location's: no partner role reaches them, whatever it may do on
 * the account's locations (an ADMIN partner runs a location, not the owner's billing). Each caller sees its own
 * account's plan, and the owner's subscription is unknown (404) to its partners and to a stranger.
 */
describe("the account's plan (paddle/subscription/*)", () => {
  let world: PaymentsWorld;
  let subscriptionId: string;

  beforeAll(async () => {
    world = await harness.world({ owner: await harness.resident(`matrix-owner-${Date.now()}@example.com`) });
    const { url } = await harness.call(StartSubscriptionCheckout, { plan: 'growth' }, world.owner);
    const fields = { country: 'US', postal_code: '10001', card_number: '4242 4242 4242 4242', card_expiry: '12 / 34', card_cvc: '123', cardholder_name: 'Pat Owner' };
    const paid = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString(), redirect: 'manual' });
    expect(paid.status).toBe(303);
    await harness.paddle.webhooksIdle();
    const current = await harness.call(GetCurrentSubscription, {}, world.owner);
    expect(current.plan).toBe('growth');
    subscriptionId = current.subscription!.id;
  });

  it('gives the owner its plan and its cancellation link', async () => {
    expect(await harness.outcome(harness.call(ListSubscriptionPlans, {}, world.owner))).toBe('ok');
    expect(await harness.outcome(harness.call(GetSubscriptionCancelLink, { id: subscriptionId }, world.owner))).toBe('ok');
  });

  it.each([...PARTNER_ROLES, 'stranger'] as const)('shows a %s its own account (Free), never the owner\'s subscription (404)', async (who) => {
    const as = who === 'stranger' ? await harness.caller() : world.partners[who];
    expect(await harness.call(GetCurrentSubscription, {}, as)).toEqual({ plan: 'free', subscription: null });
    expect(await harness.outcome(harness.call(GetSubscriptionCancelLink, { id: subscriptionId }, as))).toBe(404);
  });
});
