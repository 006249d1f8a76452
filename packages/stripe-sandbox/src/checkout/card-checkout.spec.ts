import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type Stripe from 'stripe';
import { CARD, startFixture, type SandboxFixture } from '../../test/sandbox-fixture.js';

describe('card checkout with a destination charge', () => {
  let f: SandboxFixture;
  let account: Stripe.Account;

  beforeAll(async () => {
    f = await startFixture();
    account = await f.onboardedAccount();
  });
  afterAll(() => f.stop());

  const createSession = () =>
    f.stripe.checkout.sessions.create({
      mode: 'payment',
      allowed_payment_method_types: ['card', 'us_bank_account'],
      line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 150_000, product_data: { name: 'Rent — March' } } }],
      customer_email: 'rita@example.com',
      success_url: 'http://app.test/paid?session={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://app.test/cancelled',
      client_reference_id: 'lease-7',
      metadata: { unit: 'unit-1' },
      payment_intent_data: { application_fee_amount: 500, transfer_data: { destination: account.id }, metadata: { charge: 'rent-2027-03' } },
    });

  it('shows the amount on the hosted page, declines 4000 0000 0000 0002 there, then takes 4242 4242 4242 4242', async () => {
    const session = await createSession();
    expect(session).toMatchObject({ object: 'checkout.session', status: 'open', payment_status: 'unpaid', amount_total: 150_000, payment_intent: null });
    expect(session.id).toMatch(/^cs_test_/);

    const pageHtml = await (await fetch(session.url!)).text();
    expect(pageHtml).toContain('$1,500.00');
    expect(pageHtml).toContain('Rent — March');
    expect(pageHtml).toContain('href="http://app.test/cancelled"');

    const declined = await f.pay(session, CARD('4000000000000002'));
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    const afterDecline = await f.stripe.checkout.sessions.retrieve(session.id);
    expect(afterDecline.status).toBe('open');

    const paid = await f.pay(session, CARD('4242 4242 4242 4242'));
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://app.test/paid?session=${session.id}`);

    const done = await f.stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent', 'payment_intent.latest_charge'] });
    expect(done).toMatchObject({ status: 'complete', payment_status: 'paid', url: null, client_reference_id: 'lease-7', metadata: { unit: 'unit-1' } });
    const pi = done.payment_intent as Stripe.PaymentIntent;
    expect(pi).toMatchObject({
      object: 'payment_intent',
      status: 'succeeded',
      amount: 150_000,
      amount_received: 150_000,
      application_fee_amount: 500,
      transfer_data: { destination: account.id },
      metadata: { charge: 'rent-2027-03' },
    });
    const charge = pi.latest_charge as Stripe.Charge;
    expect(charge).toMatchObject({ object: 'charge', status: 'succeeded', paid: true, payment_method_details: { type: 'card', card: { last4: '4242' } } });
    expect(charge.transfer).toMatch(/^tr_/);

    const completed = await f.platformHooks.waitForType('checkout.session.completed', session.id);
    expect((completed.data.object as Stripe.Checkout.Session).payment_status).toBe('paid');
    expect(f.platformHooks.types(pi.id)).toEqual(['payment_intent.created', 'payment_intent.payment_failed', 'payment_intent.succeeded']);
    const order = f.platformHooks.events.map((e) => e.type);
    expect(order).toEqual([
      'payment_intent.created',
      'charge.failed',
      'payment_intent.payment_failed',
      'charge.succeeded',
      'payment_intent.succeeded',
      'checkout.session.completed',
    ]);
    expect(f.platformHooks.refused).toEqual([]);
    expect(f.connectHooks.events.filter((e) => e.type.startsWith('payment_intent'))).toEqual([]);
    const failed = f.platformHooks.events.find((e) => e.type === 'payment_intent.payment_failed')!.data.object as Stripe.PaymentIntent;
    expect(failed.last_payment_error).toMatchObject({ type: 'card_error', code: 'card_declined', decline_code: 'generic_decline' });
  });

  it('shows the payment and the net amount on the connected account’s Express dashboard', async () => {
    const link = await f.stripe.accounts.createLoginLink(account.id);
    expect(link.object).toBe('login_link');
    const dashboard = await (await fetch(link.url)).text();
    expect(dashboard).toContain('$1,495.00');
    expect(dashboard).toContain('Rent — March');
    const balance = await f.stripe.balance.retrieve({}, { stripeAccount: account.id });
    expect(balance.available[0]).toMatchObject({ amount: 149_500, currency: 'usd' });
  });

  it('refunds part of a card payment: refund.created and charge.refunded, and refuses more than is left', async () => {
    const [paid] = (await f.stripe.paymentIntents.list({ limit: 1 })).data;
    const refund = await f.stripe.refunds.create({ payment_intent: paid!.id, amount: 50_000, reason: 'requested_by_customer' });
    expect(refund).toMatchObject({ object: 'refund', status: 'succeeded', amount: 50_000, payment_intent: paid!.id });
    const refunded = await f.platformHooks.waitForType('charge.refunded');
    expect(refunded.data.object).toMatchObject({ amount_refunded: 50_000, refunded: false });
    const types = f.platformHooks.events.map((e) => e.type);
    expect(types.indexOf('refund.created')).toBeLessThan(types.indexOf('charge.refunded'));
    await expect(f.stripe.refunds.create({ payment_intent: paid!.id, amount: 100_001 })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      param: 'amount',
    });
  });

  it('refuses a destination that has not finished onboarding', async () => {
    const fresh = await f.stripe.accounts.create({ type: 'express', email: 'new@example.com' });
    await expect(
      f.stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 1000, product_data: { name: 'Fee' } } }],
        success_url: 'http://app.test/ok',
        payment_intent_data: { transfer_data: { destination: fresh.id } },
      }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', param: 'payment_intent_data[transfer_data][destination]' });
  });
});
