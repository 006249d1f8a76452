import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Stripe from 'stripe';
import { startFixture, type SandboxFixture } from '../../test/sandbox-fixture.js';

describe("Stripe's API conventions", () => {
  let f: SandboxFixture;
  beforeAll(async () => {
    f = await startFixture();
  });
  afterAll(() => f.stop());

  it('answers a key that is not sk_test_… with 401 in Stripe’s error shape', async () => {
    const live = new Stripe('sk_live_123456789', { ...f.sandbox.clientOptions, maxNetworkRetries: 0 });
    await expect(live.customers.create({ email: 'a@example.com' })).rejects.toMatchObject({ type: 'StripeAuthenticationError', statusCode: 401 });
    const raw = await fetch(`${f.sandbox.url}/v1/customers`, { headers: { authorization: 'Bearer pk_test_abc' } });
    expect(raw.status).toBe(401);
    const body = (await raw.json()) as { error: { type: string; message: string } };
    expect(body.error.type).toBe('invalid_request_error');
    expect(body.error.message).toMatch(/^Invalid API Key provided/);
    expect((await fetch(`${f.sandbox.url}/v1/customers`)).status).toBe(401);
  });

  it('answers an unknown id with 404 resource_missing, param id', async () => {
    await expect(f.stripe.customers.retrieve('cus_doesnotexist')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      code: 'resource_missing',
      param: 'id',
    });
    await expect(f.stripe.customers.retrieve('cus_doesnotexist')).rejects.toThrow("No such customer: 'cus_doesnotexist'");
    const raw = await fetch(`${f.sandbox.url}/v1/checkout/sessions/cs_test_nope`, { headers: { authorization: 'Bearer sk_test_x' } });
    expect(raw.status).toBe(404);
    expect(await raw.json()).toEqual({
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        doc_url: 'https://stripe.com/docs/error-codes/resource-missing',
        message: "No such checkout.session: 'cs_test_nope'",
        param: 'id',
      },
    });
  });

  it('answers missing and unknown parameters with 400 naming the parameter', async () => {
    await expect(
      f.stripe.checkout.sessions.create({ mode: 'payment', line_items: [{ quantity: 1, price_data: { currency: 'usd', product_data: { name: 'x' } } }] }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'line_items[0][price_data][unit_amount]' });
    await expect(f.stripe.customers.create({ email: 'a@example.com', nickname: 'x' } as Stripe.CustomerCreateParams)).rejects.toMatchObject({
      statusCode: 400,
      code: 'parameter_unknown',
      param: 'nickname',
    });
    await expect(f.stripe.paymentIntents.create({ amount: 10, currency: 'usd' })).rejects.toMatchObject({ code: 'amount_too_small', param: 'amount' });
  });

  it('replays the first answer for the same Idempotency-Key and parameters, and refuses the key with other parameters', async () => {
    const key = `create-customer-${Date.now()}`;
    const first = await f.stripe.customers.create({ email: 'same@example.com', metadata: { n: '1' } }, { idempotencyKey: key });
    const again = await f.stripe.customers.create({ email: 'same@example.com', metadata: { n: '1' } }, { idempotencyKey: key });
    expect(again.id).toBe(first.id);
    const list = await f.stripe.customers.list({ email: 'same@example.com' });
    expect(list.data).toHaveLength(1);
    await expect(f.stripe.customers.create({ email: 'other@example.com' }, { idempotencyKey: key })).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
      statusCode: 400,
    });
    await f.platformHooks.waitForType('customer.created', first.id);
    expect(f.platformHooks.events.filter((e) => e.type === 'customer.created' && (e.data.object as Stripe.Customer).email === 'same@example.com')).toHaveLength(1);
  });

  it('keeps objects made with Stripe-Account on that connected account, and sends their events to Connect endpoints', async () => {
    const account = await f.onboardedAccount();
    const customer = await f.stripe.customers.create({ email: 'connected@example.com' }, { stripeAccount: account.id });
    await expect(f.stripe.customers.retrieve(customer.id)).rejects.toMatchObject({ statusCode: 404 });
    expect((await f.stripe.customers.retrieve(customer.id, {}, { stripeAccount: account.id })).id).toBe(customer.id);
    const event = await f.connectHooks.waitForType('customer.created', customer.id);
    expect(event.account).toBe(account.id);
    expect(f.platformHooks.events.some((e) => (e.data.object as { id?: string }).id === customer.id)).toBe(false);
    await expect(f.stripe.customers.create({}, { stripeAccount: 'acct_unknown' })).rejects.toMatchObject({ statusCode: 403, code: 'account_invalid' });
  });

  it('lists newest first with Stripe’s list object and cursors, and retrieves events', async () => {
    for (const n of [1, 2, 3]) await f.stripe.customers.create({ email: `list-${n}@example.com`, metadata: { n: String(n) } });
    const page = await f.stripe.customers.list({ limit: 2 });
    expect(page).toMatchObject({ object: 'list', has_more: true, url: '/v1/customers' });
    expect(page.data.map((c) => c.email)).toEqual(['list-3@example.com', 'list-2@example.com']);
    const next = await f.stripe.customers.list({ limit: 2, starting_after: page.data[1]!.id });
    expect(next.data[0]!.email).toBe('list-1@example.com');

    const events = await f.stripe.events.list({ type: 'customer.created', limit: 1 });
    expect(events.data[0]).toMatchObject({ object: 'event', type: 'customer.created', livemode: false, api_version: '2026-11-18.endive' });
    const one = await f.stripe.events.retrieve(events.data[0]!.id);
    expect(one.data.object).toMatchObject({ email: 'list-3@example.com' });
  });

  it('expands ids into objects and refuses what cannot be expanded', async () => {
    const customer = await f.stripe.customers.create({ email: 'expand@example.com' });
    const pi = await f.stripe.paymentIntents.create({ amount: 2_000, currency: 'usd', customer: customer.id, payment_method: 'pm_card_visa', confirm: true }, {});
    const expanded = await f.stripe.paymentIntents.retrieve(pi.id, { expand: ['customer', 'latest_charge'] });
    expect(expanded.customer).toMatchObject({ object: 'customer', email: 'expand@example.com' });
    expect(expanded.latest_charge).toMatchObject({ object: 'charge', status: 'succeeded' });
    await expect(f.stripe.paymentIntents.retrieve(pi.id, { expand: ['amount'] })).rejects.toMatchObject({ statusCode: 400, param: 'expand' });
  });

  it('takes allowed_payment_method_types from API version endive on, and payment_method_types only from older clients', async () => {
    const base = { mode: 'payment' as const, line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 1_000, product_data: { name: 'Fee' } } }] };
    const session = await f.stripe.checkout.sessions.create({ ...base, allowed_payment_method_types: ['us_bank_account'] });
    expect(session).toMatchObject({ allowed_payment_method_types: ['us_bank_account'], payment_method_types: ['us_bank_account'] });
    const dynamic = await f.stripe.checkout.sessions.create(base);
    expect(dynamic).toMatchObject({ allowed_payment_method_types: null, payment_method_types: ['card', 'us_bank_account'] });

    const legacyParams = { ...base, payment_method_types: ['card'] } as Stripe.Checkout.SessionCreateParams;
    await expect(f.stripe.checkout.sessions.create(legacyParams)).rejects.toMatchObject({ statusCode: 400, code: 'parameter_unknown', param: 'payment_method_types' });
    const older = new Stripe('sk_test_older', { ...f.sandbox.clientOptions, maxNetworkRetries: 0, apiVersion: '2025-03-31.basil' as Stripe.StripeConfig['apiVersion'] });
    expect((await older.checkout.sessions.create(legacyParams)).payment_method_types).toEqual(['card']);
  });
});
