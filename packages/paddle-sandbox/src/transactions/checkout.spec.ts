import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Paddle } from '@paddle/paddle-node-sdk';
import { CARD, DECLINED, startFixture, uniqueEmail, type SandboxFixture } from '../../test/sandbox-fixture.js';
import { paddleSignature } from '../index.js';

const SUCCESS = 'http://127.0.0.1:9/property-manager/subscription?success=true';

describe('checkout: a transaction, its hosted page and the subscription it starts', () => {
  let f: SandboxFixture;
  beforeAll(async () => {
    f = await startFixture();
  });
  afterAll(() => f.stop());

  it('answers a transaction with a checkout.url on the sandbox whose page labels every field and loads nothing from elsewhere', async () => {
    const customer = await f.paddle.customers.create({ email: uniqueEmail() });
    const transaction = await f.paddle.transactions.create({
      items: [{ priceId: f.sandbox.priceId('basic'), quantity: 1 }],
      customerId: customer.id,
      customData: { success_url: SUCCESS },
      checkout: { url: 'https://app.example.com/pay' },
    });
    expect(transaction).toMatchObject({ status: 'draft', customerId: customer.id, origin: 'api', currencyCode: 'USD', customData: { success_url: SUCCESS } });
    expect(transaction.checkout?.url).toBe(`${f.sandbox.url}/checkout/${transaction.id}`);
    expect(transaction.details?.totals?.grandTotal).toBe('0');
    expect(transaction.items[0]?.price?.unitPrice.amount).toBe('2599');

    const page = await fetch(transaction.checkout!.url!);
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const id of ['country', 'postal_code', 'card_number', 'card_expiry', 'card_cvc', 'cardholder_name']) {
      expect(html).toContain(`<label for="${id}">`);
      expect(html).toContain(`id="${id}"`);
    }
    expect(html).toContain('30-day free trial, then $25.99 per month');
    expect(html).not.toMatch(/<(script|link|img)\b/);
    expect((await fetch(`${f.sandbox.url}/checkout?_ptxn=${transaction.id}`)).status).toBe(200);
  });

  it('shows a declined card on the page, keeps the transaction open and notifies transaction.payment_failed', async () => {
    const customer = await f.paddle.customers.create({ email: uniqueEmail() });
    const transaction = await f.paddle.transactions.create({ items: [{ priceId: f.sandbox.priceId('starter'), quantity: 1 }], customerId: customer.id });
    const declined = await f.pay(transaction, DECLINED);
    expect(declined.status).toBe(402);
    expect(await declined.text()).toMatch(/role="alert"[^>]*>Your card was declined/);
    const failed = await f.hooks.waitFor('transaction.payment_failed', transaction.id);
    expect(failed.body.data).toMatchObject({ status: 'ready', payments: [{ status: 'error', error_code: 'declined' }] });
    expect((await f.paddle.transactions.get(transaction.id)).status).toBe('ready');
    expect(await f.paddle.subscriptions.list({ customerId: [customer.id] }).next()).toEqual([]);

    const unknown = await f.pay(transaction, { ...CARD, card_number: '4111 1111 1111 1111' });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain('use a test card such as 4242 4242 4242 4242');
  });

  it('takes 4242 4242 4242 4242, redirects to custom_data.success_url and starts a trialing subscription with working management URLs', async () => {
    const { customer, transaction, subscription } = await f.subscribe('starter');
    expect(subscription).toMatchObject({ status: 'trialing', customerId: customer.id, currencyCode: 'USD', collectionMode: 'automatic', scheduledChange: null, firstBilledAt: null, customData: { account_id: 'acc_1' } });
    expect(subscription.id).toMatch(/^sub_[0-9a-z]{26}$/);
    const period = subscription.currentBillingPeriod!;
    expect(Date.parse(period.endsAt) - Date.parse(period.startsAt)).toBe(30 * 86_400_000);
    expect(subscription.nextBilledAt).toBe(period.endsAt);
    expect(subscription.items).toHaveLength(1);
    expect(subscription.items[0]).toMatchObject({ status: 'trialing', quantity: 1, price: { id: f.sandbox.priceId('starter') }, product: { name: 'Starter' }, trialDates: { endsAt: period.endsAt } });
    for (const url of [subscription.managementUrls!.cancel, subscription.managementUrls!.updatePaymentMethod!]) {
      expect(url.startsWith(`${f.sandbox.url}/manage/subscriptions/${subscription.id}/`)).toBe(true);
    }
    expect((await fetch(subscription.managementUrls!.cancel)).status).toBe(200);

    const completed = await f.paddle.transactions.get(transaction.id);
    expect(completed).toMatchObject({ status: 'completed', subscriptionId: subscription.id, billingPeriod: { startsAt: period.startsAt, endsAt: period.endsAt } });
    expect(completed.invoiceNumber).toMatch(/^SBX-\d{6}$/);
    expect(completed.payments[0]).toMatchObject({ status: 'captured', methodDetails: { type: 'card', card: { last4: '4242', type: 'visa' } } });
    expect((await f.pay(completed)).status).toBe(410);
  });

  it('sends transaction.paid, subscription.created, subscription.trialing and transaction.completed, each accepted by webhooks.unmarshal', async () => {
    const { transaction, subscription } = await f.subscribe('growth');
    expect(f.hooks.types(transaction.id)).toEqual(['transaction.paid', 'transaction.completed']);
    expect(f.hooks.types(subscription.id)).toEqual(['subscription.created', 'subscription.trialing']);
    const created = await f.hooks.waitFor('subscription.created', subscription.id);
    expect(created.body.data).toMatchObject({ transaction_id: transaction.id, status: 'trialing' });
    expect(created.body.data).not.toHaveProperty('management_urls');
    expect(created.body.event_id).toMatch(/^evt_[0-9a-z]{26}$/);
    expect(created.body.notification_id).toMatch(/^ntf_[0-9a-z]{26}$/);
    expect(created.event).toMatchObject({ eventType: 'subscription.created', eventId: created.body.event_id, data: { id: subscription.id, transactionId: transaction.id } });
    const order = f.hooks.received.map((r) => r.body.event_type).filter((t) => t !== 'customer.created');
    expect(order.slice(-4)).toEqual(['transaction.paid', 'subscription.created', 'subscription.trialing', 'transaction.completed']);
    expect(created.signature).toMatch(/^ts=\d+;h1=[0-9a-f]{64}$/);
  });

  it("signs as Paddle does: the SDK accepts the exact body and refuses a tampered one or another secret", async () => {
    const sample = f.hooks.received.find((r) => r.body.event_type === 'transaction.completed')!;
    const verifier = new Paddle('pdl_sdbx_apikey_verifier');
    const fresh = paddleSignature(sample.raw, f.hooks.secretKey);
    await expect(verifier.webhooks.unmarshal(sample.raw, f.hooks.secretKey, fresh)).resolves.toMatchObject({ eventType: 'transaction.completed' });
    await expect(verifier.webhooks.unmarshal(sample.raw.replace('"completed"', '"canceled"'), f.hooks.secretKey, fresh)).rejects.toThrow('signature verification failed');
    await expect(verifier.webhooks.unmarshal(sample.raw, 'pdl_ntfset_other', fresh)).rejects.toThrow('signature verification failed');
    expect(f.hooks.refused).toEqual([]);
  });

  it('asks for an email when the transaction has no customer, and makes the customer from it', async () => {
    const transaction = await f.paddle.transactions.create({ items: [{ priceId: f.sandbox.priceId('professional'), quantity: 1 }] });
    expect(transaction.customerId).toBeNull();
    expect(await (await fetch(transaction.checkout!.url!)).text()).toContain('<label for="email">Email</label>');
    expect((await f.pay(transaction, CARD)).status).toBe(400);
    const email = uniqueEmail();
    const paid = await f.pay(transaction, { ...CARD, email });
    expect(paid.status).toBe(200);
    expect(await paid.text()).toContain('Payment complete');
    const [customer] = await f.paddle.customers.list({ email: [email] }).next();
    expect((await f.paddle.transactions.get(transaction.id)).customerId).toBe(customer!.id);
  });

  it('validates a transaction: items of known prices within their quantity, a known customer, an http(s) success_url', async () => {
    await expect(f.paddle.transactions.create({ items: [{ priceId: 'pri_01nonexistent00000000000000', quantity: 1 }] })).rejects.toMatchObject({ code: 'invalid_field', errors: [{ field: 'items[0].price_id' }] });
    await expect(f.paddle.transactions.create({ items: [{ priceId: f.sandbox.priceId('basic'), quantity: 2 }] })).rejects.toMatchObject({ errors: [{ field: 'items[0].quantity', message: expect.stringContaining('between 1 and 1') }] });
    await expect(f.paddle.transactions.create({ items: [{ priceId: f.sandbox.priceId('basic'), quantity: 1 }], customerId: 'ctm_01nonexistent00000000000000' })).rejects.toMatchObject({ errors: [{ field: 'customer_id' }] });
    await expect(f.paddle.transactions.create({ items: [{ priceId: f.sandbox.priceId('basic'), quantity: 1 }], customData: { success_url: 'javascript:alert(1)' } })).rejects.toMatchObject({ errors: [{ field: 'custom_data.success_url' }] });
  });
});
