import type { DemoApi } from './demo-api.ts';

/** The local Paddle the payments service sells the plans through (the checkout URL the seed pays on is its page). */
export interface DemoPlanInputs {
  paddleUrl: string;
}

/**
 * The demo account's plan: Professional, which shows every menu item (workflows come with Growth; inbound SMS, calls,
 * invoices, calendar and maintenance from Starter) and whose limits hold the demo: its 45 units (up to 100) and its
 * owner with nine partners (20 users; Growth's 5 would not).
 */
export const DEMO_PLAN = 'professional';

export type DemoPlanResult = { plan: string; status: string | null; trialEndsAt: string | null; subscribed: boolean } | { skipped: string };

const CARD = { country: 'US', postal_code: '02110', card_number: '4242 4242 4242 4242', card_expiry: '12 / 34', card_cvc: '123', cardholder_name: 'Dana Whitfield' };

/**
 * The subscription page's "Get started" on Professional, as the owner would: the checkout call, then the Paddle sandbox's
 * hosted checkout paid with a test card. The subscription reaches the account through Paddle's signed webhooks, in its
 * trial (the pricing hero's 30 days). An account that has a plan already keeps it, so a second start adds nothing.
 */
export async function seedDemoPlan(api: DemoApi): Promise<DemoPlanResult> {
  type Current = { plan: string; subscription: { status: string; trialEndsAt: string | null } | null };
  const before = await api.get<Current>('paddle/subscription/current');
  if (before.subscription) return { plan: before.plan, status: before.subscription.status, trialEndsAt: before.subscription.trialEndsAt, subscribed: false };
  const { url } = await api.post<{ url: string }>('paddle/subscription/checkout', { plan: DEMO_PLAN });
  const paid = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(CARD).toString(), redirect: 'manual' });
  if (paid.status !== 303) throw new Error(`the Paddle sandbox's checkout answered ${paid.status}: ${await paid.text()}`);
  for (let attempt = 0; attempt < 100; attempt++) {
    const now = await api.get<Current>('paddle/subscription/current');
    if (now.plan === DEMO_PLAN && now.subscription) return { plan: now.plan, status: now.subscription.status, trialEndsAt: now.subscription.trialEndsAt, subscribed: true };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the demo's ${DEMO_PLAN} subscription did not reach the account (Paddle's webhooks to payments)`);
}
