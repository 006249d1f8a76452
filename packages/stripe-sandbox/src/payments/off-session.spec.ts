import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type Stripe from 'stripe';
import { CARD, startFixture, type SandboxFixture } from '../../test/sandbox-fixture.js';

describe('saving a method and charging it off-session', () => {
  let f: SandboxFixture;
  let account: Stripe.Account;
  beforeAll(async () => {
    f = await startFixture();
    account = await f.onboardedAccount();
  });
  afterAll(() => f.stop());

  const saveCard = async (number: string) => {
    const customer = await f.stripe.customers.create({ email: 'autopay@example.com' });
    const session = await f.stripe.checkout.sessions.create({
      mode: 'setup',
      allowed_payment_method_types: ['card', 'us_bank_account'],
      customer: customer.id,
      success_url: 'http://app.test/saved?session={CHECKOUT_SESSION_ID}',
    });
    expect(session.payment_status).toBe('no_payment_required');
    const response = await f.pay(session, CARD(number));
    expect(response.status).toBe(303);
    const done = await f.stripe.checkout.sessions.retrieve(session.id, { expand: ['setup_intent'] });
    const setupIntent = done.setup_intent as Stripe.SetupIntent;
    return { customer, setupIntent, session: done };
  };

  it('saves a card through a setup-mode checkout: setup_intent.succeeded, the method attached to the customer', async () => {
    const { customer, setupIntent, session } = await saveCard('4242424242424242');
    expect(session.status).toBe('complete');
    expect(setupIntent).toMatchObject({ object: 'setup_intent', status: 'succeeded', customer: customer.id, usage: 'off_session' });
    const pm = await f.stripe.paymentMethods.retrieve(setupIntent.payment_method as string);
    expect(pm).toMatchObject({ type: 'card', customer: customer.id, card: { last4: '4242', brand: 'visa' } });
    await f.platformHooks.waitForType('checkout.session.completed', session.id);
    const types = f.platformHooks.events.map((e) => e.type);
    expect(types.slice(types.lastIndexOf('setup_intent.created'))).toEqual([
      'setup_intent.created',
      'payment_method.attached',
      'setup_intent.succeeded',
      'checkout.session.completed',
    ]);
  });

  it('charges the saved card off-session with a destination', async () => {
    const { customer, setupIntent } = await saveCard('4242424242424242');
    const pi = await f.stripe.paymentIntents.create({
      amount: 95_000,
      currency: 'usd',
      customer: customer.id,
      payment_method: setupIntent.payment_method as string,
      off_session: true,
      confirm: true,
      transfer_data: { destination: account.id },
      application_fee_amount: 250,
      metadata: { charge: 'rent-2027-05' },
    });
    expect(pi).toMatchObject({ status: 'succeeded', amount_received: 95_000, transfer_data: { destination: account.id }, metadata: { charge: 'rent-2027-05' } });
    await f.platformHooks.waitForType('payment_intent.succeeded', pi.id);
    expect(f.platformHooks.types(pi.id)).toEqual(['payment_intent.created', 'payment_intent.succeeded']);
  });

  it('answers a card that saves but declines later (4000 0000 0000 0341) with a 402 card error carrying the PaymentIntent', async () => {
    const { customer, setupIntent } = await saveCard('4000000000000341');
    expect(setupIntent.status).toBe('succeeded');
    const failure = f.stripe.paymentIntents.create({
      amount: 95_000,
      currency: 'usd',
      customer: customer.id,
      payment_method: setupIntent.payment_method as string,
      off_session: true,
      confirm: true,
    });
    await expect(failure).rejects.toMatchObject({ type: 'StripeCardError', statusCode: 402, code: 'card_declined', decline_code: 'generic_decline' });
    const error = (await failure.catch((e: unknown) => e)) as { raw: { payment_intent: Stripe.PaymentIntent } };
    expect(error.raw.payment_intent).toMatchObject({ status: 'requires_payment_method', last_payment_error: { code: 'card_declined' } });
    await f.platformHooks.waitForType('payment_intent.payment_failed', error.raw.payment_intent.id);
  });

  it('creates and confirms SetupIntents over the API with a test PaymentMethod id', async () => {
    const customer = await f.stripe.customers.create({ email: 'api-setup@example.com' });
    const si = await f.stripe.setupIntents.create({ customer: customer.id, payment_method: 'pm_card_visa', confirm: true, allowed_payment_method_types: ['card'] });
    expect(si).toMatchObject({ status: 'succeeded', customer: customer.id });
    expect(si.id).toMatch(/^seti_/);
    const methods = await f.stripe.customers.listPaymentMethods(customer.id);
    expect(methods.data.map((m) => m.id)).toEqual([si.payment_method]);
  });
});
