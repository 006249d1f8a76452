import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type Stripe from 'stripe';
import { BANK, startFixture, type SandboxFixture } from '../../test/sandbox-fixture.js';

describe('ACH Direct Debit through checkout', () => {
  let f: SandboxFixture;
  let account: Stripe.Account;
  beforeAll(async () => {
    // Settlement is driven by the test (POST /_sandbox/settle), never by the timer.
    f = await startFixture({ achSettleAfterMs: 24 * 3600 * 1000 });
    account = await f.onboardedAccount();
  });
  afterAll(() => f.stop());

  const payByBank = async (accountNumber: string) => {
    const session = await f.stripe.checkout.sessions.create({
      mode: 'payment',
      allowed_payment_method_types: ['us_bank_account'],
      line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 120_000, product_data: { name: 'Rent — April' } } }],
      customer_email: 'rita@example.com',
      success_url: 'http://app.test/paid?session={CHECKOUT_SESSION_ID}',
      payment_intent_data: { application_fee_amount: 300, transfer_data: { destination: account.id } },
    });
    const response = await f.pay(session, BANK(accountNumber));
    expect(response.status).toBe(303);
    const completed = await f.platformHooks.waitForType('checkout.session.completed', session.id);
    return { session: completed.data.object as Stripe.Checkout.Session };
  };

  it('completes the session unpaid while the debit is processing, then settles: succeeded events and async_payment_succeeded', async () => {
    const { session } = await payByBank('000123456789');
    expect(session.payment_status).toBe('unpaid');
    const piId = session.payment_intent as string;
    expect((await f.stripe.paymentIntents.retrieve(piId)).status).toBe('processing');
    expect(f.platformHooks.types(piId)).toEqual(['payment_intent.created', 'payment_intent.processing']);

    expect((await f.control('/_sandbox/settle', { payment_intent: piId })).status).toBe(200);
    const async = await f.platformHooks.waitForType('checkout.session.async_payment_succeeded', session.id);
    expect((async.data.object as Stripe.Checkout.Session).payment_status).toBe('paid');
    const pi = await f.stripe.paymentIntents.retrieve(piId, { expand: ['latest_charge'] });
    expect(pi.status).toBe('succeeded');
    expect(pi.latest_charge).toMatchObject({ status: 'succeeded', payment_method_details: { type: 'us_bank_account', us_bank_account: { last4: '6789', routing_number: '110000000' } } });
    const types = f.platformHooks.events.map((e) => e.type);
    const tail = types.slice(types.lastIndexOf('checkout.session.completed') + 1);
    expect(tail).toEqual(['charge.succeeded', 'payment_intent.succeeded', 'checkout.session.async_payment_succeeded']);
    expect(f.platformHooks.events.find((e) => e.type === 'charge.pending' && (e.data.object as Stripe.Charge).payment_intent === piId)).toBeDefined();
  });

  it('fails a debit from account 000111111113 when it would settle: charge.failed, payment_intent.payment_failed, async_payment_failed', async () => {
    const { session } = await payByBank('000111111113');
    const piId = session.payment_intent as string;
    const before = f.platformHooks.events.length;
    f.sandbox.settle(piId);
    await f.platformHooks.waitForType('checkout.session.async_payment_failed', session.id);
    expect(f.platformHooks.events.slice(before).map((e) => e.type)).toEqual([
      'charge.failed',
      'payment_intent.payment_failed',
      'checkout.session.async_payment_failed',
    ]);
    const pi = await f.stripe.paymentIntents.retrieve(piId, { expand: ['latest_charge'] });
    expect(pi.status).toBe('requires_payment_method');
    expect(pi.last_payment_error).toMatchObject({ code: 'account_closed' });
    expect(pi.latest_charge).toMatchObject({ status: 'failed', failure_code: 'account_closed' });
    expect((await f.stripe.checkout.sessions.retrieve(session.id)).payment_status).toBe('unpaid');
  });

  it('returns a settled debit later (R01): charge.failed and payment_intent.payment_failed, the money leaves the balance', async () => {
    const { session } = await payByBank('000123456789');
    const piId = session.payment_intent as string;
    f.sandbox.settle(piId);
    await f.platformHooks.waitForType('checkout.session.async_payment_succeeded', session.id);
    const balanceBefore = await f.stripe.balance.retrieve({}, { stripeAccount: account.id });

    const before = f.platformHooks.events.length;
    const returned = await f.control('/_sandbox/return', { payment_intent: piId, code: 'R01' });
    expect(returned.status).toBe(200);
    await f.platformHooks.waitForType('payment_intent.payment_failed', piId);
    expect(f.platformHooks.events.slice(before).map((e) => e.type)).toEqual(['charge.failed', 'payment_intent.payment_failed']);
    const charge = f.platformHooks.events[before]!.data.object as Stripe.Charge;
    expect(charge).toMatchObject({ status: 'failed', failure_code: 'insufficient_funds', payment_intent: piId });
    expect(charge.failure_balance_transaction).toMatch(/^txn_/);
    const balanceAfter = await f.stripe.balance.retrieve({}, { stripeAccount: account.id });
    expect(balanceBefore.available[0]!.amount - balanceAfter.available[0]!.amount).toBe(120_000 - 300);
  });

  it('settles on its own after achSettleAfterMs', async () => {
    const quick = await startFixtureWithQuickSettlement();
    try {
      const session = await quick.stripe.checkout.sessions.create({
        mode: 'payment',
        allowed_payment_method_types: ['us_bank_account'],
        line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 5_000, product_data: { name: 'Deposit' } } }],
        success_url: 'http://app.test/ok',
      });
      expect((await quick.pay(session, BANK('000123456789'))).status).toBe(303);
      const settled = await quick.platformHooks.waitForType('checkout.session.async_payment_succeeded', session.id);
      expect((settled.data.object as Stripe.Checkout.Session).payment_status).toBe('paid');
    } finally {
      await quick.stop();
    }
  });
});

async function startFixtureWithQuickSettlement() {
  const { startFixture: start } = await import('../../test/sandbox-fixture.js');
  return start({ achSettleAfterMs: 20 });
}
