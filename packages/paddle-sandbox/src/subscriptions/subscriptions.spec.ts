import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CARD, startFixture, type SandboxFixture } from '../../test/sandbox-fixture.js';

const DAY = 86_400;

describe('subscriptions: trial end, renewals, cancellation, plan changes and failed renewals', () => {
  let f: SandboxFixture;
  beforeAll(async () => {
    f = await startFixture();
  });
  afterAll(() => f.stop());

  it('becomes active when the trial ends, with a renewal transaction.completed for the first month', async () => {
    const { subscription } = await f.subscribe('starter');
    const trialEnd = subscription.currentBillingPeriod!.endsAt;
    const advanced = await f.control('/_sandbox/advance', { days: 30 });
    expect(advanced.status).toBe(200);
    await f.sandbox.webhooksIdle();

    const active = await f.paddle.subscriptions.get(subscription.id);
    expect(active).toMatchObject({ status: 'active', firstBilledAt: trialEnd, currentBillingPeriod: { startsAt: trialEnd }, items: [{ status: 'active', previouslyBilledAt: trialEnd }] });
    expect(active.nextBilledAt).toBe(active.currentBillingPeriod!.endsAt);
    const renewal = f.hooks.received.find((r) => r.body.event_type === 'transaction.completed' && r.body.data['subscription_id'] === subscription.id && r.body.data['origin'] === 'subscription_recurring');
    expect(renewal?.body.data).toMatchObject({ status: 'completed', billing_period: { starts_at: trialEnd }, details: { totals: { grand_total: '1599' } } });
    expect(f.hooks.types(subscription.id).slice(-2)).toEqual(['subscription.updated', 'subscription.activated']);
    const transactions = await f.paddle.transactions.list({ subscriptionId: [subscription.id], origin: ['subscription_recurring'] }).next();
    expect(transactions.map((t) => t.status)).toEqual(['completed']);
  });

  it('renews each month from the first billing date', async () => {
    const { subscription } = await f.subscribe('basic');
    await f.control(`/_sandbox/subscriptions/${subscription.id}/advance`);
    const firstPaid = await f.paddle.subscriptions.get(subscription.id);
    await f.control(`/_sandbox/subscriptions/${subscription.id}/advance`);
    await f.sandbox.webhooksIdle();
    const renewed = await f.paddle.subscriptions.get(subscription.id);
    expect(renewed.currentBillingPeriod!.startsAt).toBe(firstPaid.currentBillingPeriod!.endsAt);
    const renewals = await f.paddle.transactions.list({ subscriptionId: [subscription.id], origin: ['subscription_recurring'] }).next();
    expect(renewals.map((t) => t.details?.totals?.grandTotal)).toEqual(['2599', '2599']);
  });

  it('cancels at the period end with effective_from next_billing_period, and sends subscription.canceled then', async () => {
    const { subscription } = await f.subscribe('starter');
    const end = subscription.currentBillingPeriod!.endsAt;
    const scheduled = await f.paddle.subscriptions.cancel(subscription.id, { effectiveFrom: 'next_billing_period' });
    expect(scheduled).toMatchObject({ status: 'trialing', nextBilledAt: null, scheduledChange: { action: 'cancel', effectiveAt: end, resumeAt: null } });
    await f.hooks.waitFor('subscription.updated', subscription.id);
    await expect(f.paddle.subscriptions.cancel(subscription.id, { effectiveFrom: 'next_billing_period' })).rejects.toMatchObject({ code: 'subscription_locked_pending_changes' });
    expect((await f.paddle.subscriptions.list({ scheduledChangeAction: ['cancel'], customerId: [subscription.customerId] }).next()).map((s) => s.id)).toEqual([subscription.id]);

    f.sandbox.advanceTime(30 * DAY);
    const canceled = await f.hooks.waitFor('subscription.canceled', subscription.id);
    expect(canceled.body.data).toMatchObject({ status: 'canceled', canceled_at: end, scheduled_change: null });
    expect(await f.paddle.transactions.list({ subscriptionId: [subscription.id], origin: ['subscription_recurring'] }).next()).toEqual([]);
    await expect(f.paddle.subscriptions.update(subscription.id, { items: [{ priceId: f.sandbox.priceId('basic'), quantity: 1 }], prorationBillingMode: 'do_not_bill' })).rejects.toMatchObject({
      code: 'subscription_update_when_canceled',
    });
  });

  it('takes back a scheduled cancellation with scheduled_change: null', async () => {
    const { subscription } = await f.subscribe('starter');
    await f.paddle.subscriptions.cancel(subscription.id, { effectiveFrom: 'next_billing_period' });
    const resumed = await f.paddle.subscriptions.update(subscription.id, { scheduledChange: null });
    expect(resumed).toMatchObject({ scheduledChange: null, nextBilledAt: subscription.currentBillingPeriod!.endsAt, status: 'trialing' });
  });

  it('cancels immediately', async () => {
    const { subscription } = await f.subscribe('growth');
    const canceled = await f.paddle.subscriptions.cancel(subscription.id, { effectiveFrom: 'immediately' });
    expect(canceled).toMatchObject({ status: 'canceled', currentBillingPeriod: null, nextBilledAt: null, items: [{ status: 'inactive' }] });
    expect(Date.parse(canceled.canceledAt!)).toBeLessThanOrEqual(Date.parse(f.sandbox.now()));
    expect(Date.parse(canceled.canceledAt!)).toBeGreaterThan(Date.parse(subscription.createdAt) - 1);
    await f.hooks.waitFor('subscription.canceled', subscription.id);
    expect((await f.paddle.subscriptions.list({ status: ['canceled'], customerId: [subscription.customerId] }).next()).map((s) => s.id)).toEqual([subscription.id]);
    await expect(f.paddle.subscriptions.cancel(subscription.id, { effectiveFrom: 'immediately' })).rejects.toMatchObject({ code: 'subscription_update_when_canceled' });
  });

  it('cancels at the period end through management_urls.cancel, as the customer portal does', async () => {
    const { subscription } = await f.subscribe('basic');
    const cancelUrl = new URL(subscription.managementUrls!.cancel);
    const confirm = await fetch(cancelUrl, { method: 'POST', body: new URLSearchParams({ token: cancelUrl.searchParams.get('token')! }), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(confirm.status).toBe(200);
    expect((await f.paddle.subscriptions.get(subscription.id)).scheduledChange?.action).toBe('cancel');
    const forged = new URL(cancelUrl);
    forged.searchParams.set('token', 'x'.repeat(cancelUrl.searchParams.get('token')!.length));
    expect((await fetch(forged)).status).toBe(404);
  });

  it('changes plan with proration_billing_mode, billing the prorated difference at once on an active subscription', async () => {
    const { subscription } = await f.subscribe('starter');
    await f.control(`/_sandbox/subscriptions/${subscription.id}/advance`);
    f.sandbox.advanceTime(10 * DAY);
    await expect(f.paddle.subscriptions.update(subscription.id, { items: [{ priceId: f.sandbox.priceId('growth'), quantity: 1 }] })).rejects.toMatchObject({
      code: 'invalid_field',
      errors: [{ field: 'proration_billing_mode' }],
    });
    const upgraded = await f.paddle.subscriptions.update(subscription.id, { items: [{ priceId: f.sandbox.priceId('growth'), quantity: 1 }], prorationBillingMode: 'prorated_immediately' });
    expect(upgraded.items.map((i) => i.price.id)).toEqual([f.sandbox.priceId('growth')]);
    await f.sandbox.webhooksIdle();
    const [charge] = await f.paddle.transactions.list({ subscriptionId: [subscription.id], origin: ['subscription_update'] }).next();
    const period = upgraded.currentBillingPeriod!;
    const rate = (Date.parse(period.endsAt) - Date.parse(f.sandbox.now())) / (Date.parse(period.endsAt) - Date.parse(period.startsAt));
    expect(Number(charge!.details!.totals!.grandTotal)).toBeCloseTo((3599 - 1599) * rate, -1);
    expect(charge).toMatchObject({ status: 'completed', items: [{ proration: { billingPeriod: { endsAt: period.endsAt } } }] });
    expect(f.hooks.types(subscription.id).at(-1)).toBe('subscription.updated');

    const downgraded = await f.paddle.subscriptions.update(subscription.id, { items: [{ priceId: f.sandbox.priceId('starter'), quantity: 1 }], prorationBillingMode: 'do_not_bill' });
    expect(downgraded.items[0]!.price.id).toBe(f.sandbox.priceId('starter'));
    expect(await f.paddle.transactions.list({ subscriptionId: [subscription.id], origin: ['subscription_update'] }).next()).toHaveLength(1);
  });

  it('goes past due when a renewal is declined, and back to active when a new card pays it', async () => {
    const { subscription } = await f.subscribe('starter');
    const failed = await f.control(`/_sandbox/subscriptions/${subscription.id}/past_due`);
    expect(failed.status).toBe(200);
    await f.hooks.waitFor('subscription.past_due', subscription.id);
    const pastDue = await f.paddle.subscriptions.get(subscription.id);
    expect(pastDue).toMatchObject({ status: 'past_due', nextBilledAt: null });
    const [declined] = await f.paddle.transactions.list({ subscriptionId: [subscription.id], status: ['past_due'] }).next();
    expect(declined!.payments[0]).toMatchObject({ status: 'error', errorCode: 'declined' });
    await expect(f.paddle.subscriptions.update(subscription.id, { items: [{ priceId: f.sandbox.priceId('basic'), quantity: 1 }], prorationBillingMode: 'do_not_bill' })).rejects.toMatchObject({
      code: 'subscription_update_when_past_due',
    });

    const update = await fetch(pastDue.managementUrls!.updatePaymentMethod!, { redirect: 'manual' });
    expect(update.status).toBe(303);
    const checkout = update.headers.get('location')!;
    const pmTransaction = await f.paddle.transactions.get(checkout.split('/').at(-1)!);
    expect(pmTransaction).toMatchObject({ origin: 'subscription_payment_method_change', subscriptionId: subscription.id });
    const paid = await fetch(checkout, { method: 'POST', body: new URLSearchParams(CARD), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(paid.status).toBe(200);
    await f.sandbox.webhooksIdle();
    expect(await f.paddle.subscriptions.get(subscription.id)).toMatchObject({ status: 'active', nextBilledAt: pastDue.currentBillingPeriod!.endsAt });
    expect((await f.paddle.transactions.get(declined!.id)).status).toBe('completed');
    const viaApi = await f.paddle.subscriptions.getPaymentMethodChangeTransaction(subscription.id);
    expect(viaApi).toMatchObject({ origin: 'subscription_payment_method_change', status: 'ready', checkout: { url: expect.stringContaining('/checkout/txn_') } });
  });

  it('answers unknown controls and bad clock moves in the error envelope', async () => {
    const bad = await f.control('/_sandbox/advance', { days: -1 });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe('bad_request');
    expect((await f.control('/_sandbox/subscriptions/sub_01nothing/past_due')).status).toBe(404);
  });
});
