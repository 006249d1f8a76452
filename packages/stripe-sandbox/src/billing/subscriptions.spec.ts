import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type Stripe from 'stripe';
import { BANK, CARD, startFixture, type SandboxFixture } from '../../test/sandbox-fixture.js';

const DAY = 86_400;

describe('subscriptions made by checkout', () => {
  let f: SandboxFixture;
  let account: Stripe.Account;
  beforeAll(async () => {
    f = await startFixture({ achSettleAfterMs: 24 * 3600 * 1000 });
    account = await f.onboardedAccount();
  });
  afterAll(() => f.stop());

  const subscribe = async (paymentFields: Record<string, string>, extra: Partial<Stripe.Checkout.SessionCreateParams.SubscriptionData> = {}) => {
    const session = await f.stripe.checkout.sessions.create({
      mode: 'subscription',
      allowed_payment_method_types: ['card', 'us_bank_account'],
      line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 180_000, recurring: { interval: 'month' }, product_data: { name: 'Rent' } } }],
      customer_email: 'rita@example.com',
      success_url: 'http://app.test/subscribed?session={CHECKOUT_SESSION_ID}',
      subscription_data: { metadata: { lease: 'lease-9' }, transfer_data: { destination: account.id }, application_fee_percent: 1, ...extra },
    });
    const response = await f.pay(session, paymentFields);
    expect(response.status).toBe(303);
    const completed = await f.platformHooks.waitForType('checkout.session.completed', session.id);
    const done = completed.data.object as Stripe.Checkout.Session;
    return { session: done, subscription: await f.stripe.subscriptions.retrieve(done.subscription as string) };
  };

  const invoicesPaid = (subscriptionId: string) =>
    f.platformHooks.events
      .filter((e) => e.type === 'invoice.paid')
      .map((e) => e.data.object as Stripe.Invoice)
      .filter((i) => i.parent?.subscription_details?.subscription === subscriptionId);

  it('starts with a paid first invoice, then bills each period when the clock reaches its end', async () => {
    const { session, subscription } = await subscribe(CARD('4242424242424242'));
    expect(session.payment_status).toBe('paid');
    expect(subscription).toMatchObject({ object: 'subscription', status: 'active', metadata: { lease: 'lease-9' }, transfer_data: { destination: account.id } });
    const item = subscription.items.data[0]!;
    expect(item.current_period_end).toBeGreaterThan(item.current_period_start);

    const types = f.platformHooks.types(subscription.id);
    expect(types).toEqual(['customer.subscription.created', 'customer.subscription.updated']);
    const created = f.platformHooks.events.find((e) => e.type === 'customer.subscription.created' && (e.data.object as Stripe.Subscription).id === subscription.id)!;
    expect((created.data.object as Stripe.Subscription).status).toBe('incomplete');

    const [first] = invoicesPaid(subscription.id);
    expect(first).toMatchObject({ amount_paid: 180_000, billing_reason: 'subscription_create', status: 'paid' });
    expect(first!.lines.data[0]!.period).toEqual({ start: item.current_period_start, end: item.current_period_end });

    const advanced = await f.control(`/_sandbox/subscriptions/${subscription.id}/advance`);
    expect(advanced.status).toBe(200);
    await f.platformHooks.waitFor((e) => e.type === 'invoice.paid' && (e.data.object as Stripe.Invoice).billing_reason === 'subscription_cycle');
    const second = invoicesPaid(subscription.id)[1]!;
    expect(second).toMatchObject({ amount_paid: 180_000, billing_reason: 'subscription_cycle', period_start: item.current_period_start, period_end: item.current_period_end });
    expect(second.lines.data[0]!.period.start).toBe(item.current_period_end);
    const renewed = await f.stripe.subscriptions.retrieve(subscription.id);
    expect(renewed.items.data[0]!.current_period_start).toBe(item.current_period_end);
    expect(renewed.latest_invoice).toBe(second.id);

    const charged = await f.stripe.paymentIntents.list({ customer: subscription.customer as string });
    expect(charged.data[0]).toMatchObject({ amount: 180_000, application_fee_amount: 1_800, transfer_data: { destination: account.id }, status: 'succeeded' });
  });

  it('cancels at the period end: customer.subscription.updated now, customer.subscription.deleted at the end', async () => {
    const { subscription } = await subscribe(CARD('4242424242424242'));
    const updated = await f.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    expect(updated).toMatchObject({ status: 'active', cancel_at_period_end: true, cancel_at: subscription.items.data[0]!.current_period_end });
    const event = await f.platformHooks.waitFor(
      (e) => e.type === 'customer.subscription.updated' && (e.data.object as Stripe.Subscription).id === subscription.id && (e.data.object as Stripe.Subscription).cancel_at_period_end,
    );
    expect(event.data.previous_attributes).toMatchObject({ cancel_at_period_end: false });

    await f.control(`/_sandbox/subscriptions/${subscription.id}/advance`);
    const deleted = await f.platformHooks.waitForType('customer.subscription.deleted', subscription.id);
    expect(deleted.data.object).toMatchObject({ status: 'canceled', ended_at: subscription.items.data[0]!.current_period_end });
    expect(invoicesPaid(subscription.id)).toHaveLength(1);
  });

  it('cancels at once with DELETE', async () => {
    const { subscription } = await subscribe(CARD('4242424242424242'));
    const canceled = await f.stripe.subscriptions.cancel(subscription.id);
    expect(canceled).toMatchObject({ status: 'canceled' });
    expect(canceled.ended_at).not.toBeNull();
    await f.platformHooks.waitForType('customer.subscription.deleted', subscription.id);
    await expect(f.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true })).rejects.toMatchObject({ statusCode: 400 });
  });

  it('moves the next payment date with trial_end and proration_behavior=none; refuses a billing_cycle_anchor timestamp as Stripe does', async () => {
    const { subscription } = await subscribe(CARD('4242424242424242'));
    const currentEnd = subscription.items.data[0]!.current_period_end;
    const nextDate = currentEnd + 10 * DAY;

    // An update's billing_cycle_anchor is `{ type: 'now' | 'unchanged' }` from API version endive on: a date is refused.
    await expect(
      f.stripe.subscriptions.update(subscription.id, { billing_cycle_anchor: nextDate as unknown as Stripe.SubscriptionUpdateParams.BillingCycleAnchor, proration_behavior: 'none' }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400, param: 'billing_cycle_anchor' });
    await expect(
      f.stripe.subscriptions.update(subscription.id, { billing_cycle_anchor: { type: String(nextDate) }, proration_behavior: 'none' }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'billing_cycle_anchor[type]' });

    const moved = await f.stripe.subscriptions.update(subscription.id, { trial_end: nextDate, proration_behavior: 'none' });
    expect(moved).toMatchObject({ status: 'trialing', trial_end: nextDate, billing_cycle_anchor: nextDate });
    expect(moved.items.data[0]!.current_period_end).toBe(nextDate);

    f.sandbox.advanceTime(currentEnd - f.sandbox.now() + DAY);
    expect(invoicesPaid(subscription.id)).toHaveLength(1);
    await f.control(`/_sandbox/subscriptions/${subscription.id}/advance`);
    const next = await f.platformHooks.waitFor(
      (e) => e.type === 'invoice.paid' && (e.data.object as Stripe.Invoice).parent?.subscription_details?.subscription === subscription.id && (e.data.object as Stripe.Invoice).billing_reason === 'subscription_cycle',
    );
    expect((next.data.object as Stripe.Invoice).lines.data[0]!.period.start).toBe(nextDate);
    const after = await f.stripe.subscriptions.retrieve(subscription.id);
    expect(after.status).toBe('active');
    expect(after.items.data[0]!.current_period_start).toBe(nextDate);
  });

  it('resets the billing cycle to now with billing_cycle_anchor[type]=now: a full invoice at once', async () => {
    const { subscription } = await subscribe(CARD('4242424242424242'));
    f.sandbox.advanceTime(5 * DAY);
    const now = f.sandbox.now();
    const reset = await f.stripe.subscriptions.update(subscription.id, { billing_cycle_anchor: { type: 'now' }, proration_behavior: 'none' });
    expect(reset.billing_cycle_anchor).toBeGreaterThanOrEqual(now);
    expect(reset.items.data[0]!.current_period_start).toBe(reset.billing_cycle_anchor);
    const invoice = await f.platformHooks.waitFor(
      (e) => e.type === 'invoice.paid' && (e.data.object as Stripe.Invoice).parent?.subscription_details?.subscription === subscription.id && (e.data.object as Stripe.Invoice).billing_reason === 'subscription_update',
    );
    expect(invoice.data.object).toMatchObject({ amount_paid: 180_000 });
  });

  it('starts on a future billing_cycle_anchor without charging the partial period when proration_behavior=none', async () => {
    const target = f.sandbox.now() + 20 * DAY;
    const { session, subscription } = await subscribe(CARD('4242424242424242'), { billing_cycle_anchor: target, proration_behavior: 'none' });
    expect(session.payment_status).toBe('no_payment_required');
    expect(subscription).toMatchObject({ status: 'active', billing_cycle_anchor: target });
    expect(subscription.items.data[0]!.current_period_end).toBe(target);
    expect(invoicesPaid(subscription.id)[0]).toMatchObject({ amount_paid: 0 });
  });

  it('with a bank account: active while the first debit processes, invoice.paid when it settles', async () => {
    const { session, subscription } = await subscribe(BANK('000123456789'));
    expect(session.payment_status).toBe('unpaid');
    expect(subscription.status).toBe('active');
    expect(invoicesPaid(subscription.id)).toHaveLength(0);
    const [pi] = (await f.stripe.paymentIntents.list({ customer: subscription.customer as string })).data;
    expect(pi!.status).toBe('processing');
    f.sandbox.settle(pi!.id);
    await f.platformHooks.waitForType('checkout.session.async_payment_succeeded', session.id);
    expect(invoicesPaid(subscription.id)).toHaveLength(1);
  });
});
