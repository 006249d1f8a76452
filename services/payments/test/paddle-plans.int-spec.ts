import { jest } from '@jest/globals';
import {
  GetCurrentSubscription,
  GetSubscriptionCancelLink,
  ListSubscriptionPlans,
  PlanChanged,
  PLANS,
  StartSubscriptionCheckout,
  TRIAL_DAYS,
} from '@pm/contracts';
import { paddleSignature } from '@pm/paddle-sandbox';
import { waitFor } from '@pm/testing';
import { PADDLE_WEBHOOK_SECRET, PaymentsHarness, type TestCaller } from './support/payments-harness.js';

jest.setTimeout(300_000);

/**
 * The platform's plans end to end on the Paddle sandbox: the service talks to it with the official SDK, the buyer pays
 * on its hosted checkout, and its signed notifications reach the service's own `POST /paddle/webhook`, which is the only
 * way a subscription reaches an account.
 */
let harness: PaymentsHarness;
let emails = 0;

const CARD = { country: 'US', postal_code: '10001', card_number: '4242 4242 4242 4242', card_expiry: '12 / 34', card_cvc: '123', cardholder_name: 'Pat Manager' };

/** A manager's account with an e-mail address (the Paddle customer is made from it). */
async function manager(): Promise<TestCaller> {
  return harness.resident(`plans-manager-${++emails}-${Date.now()}@example.com`);
}

/** Pays a checkout URL on the sandbox's hosted page; answers where the page sends the buyer. */
async function pay(url: string): Promise<string> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(CARD).toString(), redirect: 'manual' });
  expect(response.status).toBe(303);
  return response.headers.get('location')!;
}

async function subscribed(caller: TestCaller, plan: 'starter' | 'basic' | 'growth' | 'professional') {
  const { url } = await harness.call(StartSubscriptionCheckout, { plan }, caller);
  const back = await pay(url);
  await harness.paddle.webhooksIdle();
  const current = await waitFor(async () => {
    const now = await harness.call(GetCurrentSubscription, {}, caller);
    return now.plan === plan ? now : undefined;
  }, { timeout: 20_000, description: `${plan} reached the account` });
  return { url, back, current };
}

async function planEvents(accountId: string) {
  const { rows } = await harness.db.query<{ envelope: { data: { plan: string; status: string | null; occurredAt: string } } }>(
    `select envelope from ${harness.table('outbox')} where subject = $1 and envelope->'data'->>'accountId' = $2 order by created_at, id`,
    [PlanChanged.subject, accountId],
  );
  return rows.map((row) => row.envelope.data);
}

function postWebhook(body: string, signature: string): Promise<Response> {
  return fetch(`${harness.service.baseUrl}/paddle/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'paddle-signature': signature }, body });
}

beforeAll(async () => {
  harness = await PaymentsHarness.start();
});

afterAll(async () => {
  await harness?.close();
});

describe('paddle/subscription/*', () => {
  it('lists the pricing table: six plans, four sold through checkout, money in cents', async () => {
    const { plans } = await harness.call(ListSubscriptionPlans, {}, await manager());
    expect(plans).toEqual([...PLANS]);
    expect(plans.map((plan) => [plan.name, plan.price, plan.unitPrice])).toEqual([
      ['Free', 0, null],
      ['Starter', 1599, 320],
      ['Basic', 2599, 130],
      ['Growth', 3599, 72],
      ['Professional', 5099, 51],
      ['Enterprise', null, null],
    ]);
    expect(plans.filter((plan) => plan.checkout).map((plan) => plan.id)).toEqual(['starter', 'basic', 'growth', 'professional']);
    expect(plans.find((plan) => plan.id === 'growth')!.features).toMatchObject({ workflows: true, apiAccess: true, exportReports: true, users: 5, storageGb: 50 });
    expect(plans.find((plan) => plan.id === 'free')!.features).toMatchObject({ inboundMessages: true, documentVault: true, inboundSMS: false, inboundCalls: false, propertyInvoices: false, propertyCalendar: false, maintenanceRequests: false, workflows: false });
  });

  it('has an account on Free before it subscribes', async () => {
    expect(await harness.call(GetCurrentSubscription, {}, await manager())).toEqual({ plan: 'free', subscription: null });
  });

  it('sells a plan: hosted checkout → signed webhooks → the account trialing for the pricing hero’s 30 days, PlanChanged recorded', async () => {
    const caller = await manager();
    const before = Date.parse(harness.paddle.now());
    const { url, back, current } = await subscribed(caller, 'growth');
    expect(url.startsWith(harness.paddle.url)).toBe(true);
    expect(back).toBe('http://127.0.0.1:5173/property-manager/subscription?success=true');
    expect(current.subscription).toMatchObject({ plan: 'growth', planName: 'Growth', status: 'trialing', amount: 3599, cancelAt: null, canceledAt: null });
    const trialDays = (Date.parse(current.subscription!.trialEndsAt!) - before) / 86_400_000;
    expect(Math.round(trialDays)).toBe(TRIAL_DAYS);
    const events = await planEvents(caller.userId);
    expect(events.at(-1)).toMatchObject({ plan: 'growth', status: 'trialing' });
    expect(await harness.call(GetCurrentSubscription, {}, await manager())).toEqual({ plan: 'free', subscription: null });

    // The same plan again is refused; another plan moves the subscription (no second subscription, no second checkout).
    await expect(harness.call(StartSubscriptionCheckout, { plan: 'growth' }, caller)).rejects.toMatchObject({ status: 409, message: 'Your account already has this plan' });
    const moved = await harness.call(StartSubscriptionCheckout, { plan: 'professional' }, caller);
    expect(moved.url).toBe('http://127.0.0.1:5173/property-manager/subscription?success=true');
    const professional = await waitFor(async () => {
      const now = await harness.call(GetCurrentSubscription, {}, caller);
      return now.plan === 'professional' ? now : undefined;
    }, { timeout: 20_000, description: 'the plan change reached the account' });
    expect(professional.subscription).toMatchObject({ id: current.subscription!.id, amount: 5099, status: 'trialing' });
  });

  it('becomes active when the trial ends', async () => {
    const caller = await manager();
    const { current } = await subscribed(caller, 'starter');
    const response = await fetch(`${harness.paddle.url}/_sandbox/subscriptions/${current.subscription!.id}/advance`, { method: 'POST' });
    expect(response.status).toBe(200);
    await harness.paddle.webhooksIdle();
    await waitFor(async () => (await harness.call(GetCurrentSubscription, {}, caller)).subscription?.status === 'active', { timeout: 20_000, description: 'active after the trial' });
    expect((await planEvents(caller.userId)).at(-1)).toMatchObject({ plan: 'starter', status: 'active' });
  });

  it("gives the account's cancellation link, which cancels at the period end; then the account is on Free", async () => {
    const caller = await manager();
    const { current } = await subscribed(caller, 'basic');
    const id = current.subscription!.id;
    const { cancelUrl } = await harness.call(GetSubscriptionCancelLink, { id }, caller);
    expect(cancelUrl.startsWith(harness.paddle.url)).toBe(true);
    // Another account's subscription and a made-up one are not found.
    await expect(harness.call(GetSubscriptionCancelLink, { id }, await manager())).rejects.toMatchObject({ status: 404, message: 'Subscription not found' });
    await expect(harness.call(GetSubscriptionCancelLink, { id: 'sub_01hv8x9z2k3m4n5p6q7r8s9t0v' }, caller)).rejects.toMatchObject({ status: 404 });

    const page = new URL(cancelUrl);
    const confirm = await fetch(page, { method: 'POST', body: new URLSearchParams({ token: page.searchParams.get('token')! }), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(confirm.status).toBe(200);
    await harness.paddle.webhooksIdle();
    const scheduled = await waitFor(async () => {
      const now = await harness.call(GetCurrentSubscription, {}, caller);
      return now.subscription?.cancelAt ? now : undefined;
    }, { timeout: 20_000, description: 'cancellation scheduled' });
    expect(scheduled).toMatchObject({ plan: 'basic', subscription: { status: 'trialing', cancelAt: current.subscription!.currentPeriodEnd } });

    await fetch(`${harness.paddle.url}/_sandbox/subscriptions/${id}/advance`, { method: 'POST' });
    await harness.paddle.webhooksIdle();
    await waitFor(async () => (await harness.call(GetCurrentSubscription, {}, caller)).plan === 'free', { timeout: 20_000, description: 'Free after the cancellation' });
    expect((await planEvents(caller.userId)).at(-1)).toMatchObject({ plan: 'free', status: null });
    await expect(harness.call(GetSubscriptionCancelLink, { id }, caller)).rejects.toMatchObject({ status: 404 });
  });
});

describe('Paddle unreachable', () => {
  it('answers 502 with the message the page shows, and keeps no customer', async () => {
    const { freePort } = await import('@pm/testing');
    const down = await PaymentsHarness.start({ env: { PADDLE_API_URL: `http://127.0.0.1:${await freePort()}` } });
    try {
      const caller = await down.resident(`plans-down-${Date.now()}@example.com`);
      await expect(down.call(StartSubscriptionCheckout, { plan: 'starter' }, caller)).rejects.toMatchObject({ status: 502, message: 'Paddle could not be reached. Please try again.' });
      expect(await down.row(`select 1 from ${down.table('plan_customer')} where account_id = $1`, [caller.userId])).toBeUndefined();
    } finally {
      await down.close();
    }
  });
});

describe('POST /paddle/webhook', () => {
  it('refuses a bad signature with 400 and keeps nothing', async () => {
    const count = async () => Number((await harness.row<{ n: string }>(`select count(*) as n from ${harness.table('provider_event')} where provider = 'paddle'`))!.n);
    const before = await count();
    const body = JSON.stringify({ event_id: 'evt_01hv8x9z2k3m4n5p6q7r8s9t0a', event_type: 'subscription.canceled', occurred_at: new Date().toISOString(), notification_id: 'ntf_01hv8x9z2k3m4n5p6q7r8s9t0a', data: {} });
    expect((await postWebhook(body, paddleSignature(body, 'pdl_ntfset_someone_else'))).status).toBe(400);
    expect((await postWebhook(body, '')).status).toBe(400);
    const signed = paddleSignature(body, PADDLE_WEBHOOK_SECRET);
    expect((await postWebhook(body.replace('canceled', 'activated'), signed)).status).toBe(400);
    expect(await count()).toBe(before);
  });

  it('takes an event delivered twenty times, concurrently, once', async () => {
    const caller = await manager();
    const { current } = await subscribed(caller, 'starter');
    const eventsBefore = (await planEvents(caller.userId)).length;
    const response = await fetch(`${harness.paddle.url}/_sandbox/events`);
    const { data } = (await response.json()) as { data: { event_id: string; event_type: string; data: { id?: string } }[] };
    const created = data.find((event) => event.event_type === 'subscription.created' && event.data.id === current.subscription!.id)!;
    expect(created).toBeDefined();
    const body = JSON.stringify({ ...created, notification_id: 'ntf_01hv8x9z2k3m4n5p6q7r8s9t0b' });
    const answers = await Promise.all(Array.from({ length: 20 }, () => postWebhook(body, paddleSignature(body, PADDLE_WEBHOOK_SECRET))));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    const rows = await harness.db.query(`select 1 from ${harness.table('provider_event')} where provider = 'paddle' and event_id = $1`, [created.event_id]);
    expect(rows.rowCount).toBe(1);
    expect(await planEvents(caller.userId)).toHaveLength(eventsBefore);
    expect(await harness.call(GetCurrentSubscription, {}, caller)).toEqual(current);
  });
});
