import type { DemoApi } from './demo-api.ts';
import type { DemoLocation } from './demo-portfolio.data.ts';

/** The local Stripe the payments service talks to, for the seed's tenants to pay on its hosted pages. */
export interface DemoPaymentsInputs {
  stripeUrl: string;
}

/** What a demo unit's tenant did in one month of the past year. */
export type DemoMonthPayment =
  | { kind: 'on-time'; day: number; method: 'bank_transfer' | 'check' }
  | { kind: 'late'; day: number; method: 'check' }
  | { kind: 'partial'; day: number; method: 'cash'; percent: number };

/**
 * How a unit's tenant paid each month before this one, from the unit's place in the list and the month: most pay on
 * time by transfer or check, every fifth unit pays one month in part, every seventh pays some months late. Fixed by
 * its inputs, so the same demo is seeded every time.
 */
export function demoMonthPayment(unitIndex: number, monthsAgo: number): DemoMonthPayment {
  if (unitIndex % 5 === 4 && monthsAgo === 2) return { kind: 'partial', day: 3, method: 'cash', percent: 60 };
  if (unitIndex % 7 === 3 && monthsAgo % 4 === 1) return { kind: 'late', day: 12, method: 'check' };
  return { kind: 'on-time', day: 1 + ((unitIndex + monthsAgo) % 4), method: (unitIndex + monthsAgo) % 3 === 0 ? 'check' : 'bank_transfer' };
}

/** This month, by the unit's place in the list: paid by card or ACH through the links, an ACH returned, or not yet. */
export type DemoThisMonth = 'card' | 'ach' | 'ach-returned' | 'unpaid';

export function demoThisMonth(unitIndex: number): DemoThisMonth {
  const plan: DemoThisMonth[] = ['card', 'ach', 'card', 'unpaid', 'card', 'ach-returned', 'card', 'ach'];
  return plan[unitIndex % plan.length]!;
}

/** The months of history the demo has: a year, this month included. */
export const DEMO_RENT_MONTHS = 12;
const LATE_FEE_CENTS = 7_500;
const GRACE_DAYS = 5;

const CARD = { method: 'card', card_number: '4242424242424242', card_expiry: '12 / 34', card_cvc: '123' };
const BANK = { method: 'us_bank_account', routing_number: '110000000', account_number: '000123456789' };

type Seeded = { units: number; payments: number; recurring: number; connected: boolean };
export type DemoPaymentsResult = Seeded | { skipped: string };

/**
 * Rent on the demo account, through the same calls the browser makes: the account's payouts connected in the Stripe
 * sandbox (its hosted onboarding form submitted), rent on every unit with a tenant from a year ago, a year of payments
 * recorded as a manager records checks and transfers (on time, late, in part), and this month's rent paid by the
 * tenants on the sandbox's checkout pages (card, ACH still processing, an ACH returned by the bank) or not yet, which
 * the service's schedule charges a late fee for once the grace period is over; the first unit's tenant also signs up
 * for recurring rent by bank account on the link the manager sends. A unit whose rent is set already is left as it is,
 * so a second start adds nothing.
 */
export async function seedDemoPayments(api: DemoApi, inputs: DemoPaymentsInputs, portfolio: readonly DemoLocation[], today: Date): Promise<Seeded> {
  const connected = await connectPayouts(api);
  const start = monthStart(today, -(DEMO_RENT_MONTHS - 1));
  const locations = await api.get<{ id: string; name: string }[]>('property-location/all');
  let units = 0;
  let payments = 0;
  let recurring = 0;
  let index = 0;
  for (const location of portfolio) {
    const locationId = locations.find((l) => l.name === location.name)?.id;
    if (!locationId) continue;
    for (const unit of await rentRollOf(api, locationId)) {
      const tenant = location.tenants.find((t) => t.unit === unit.unit_name);
      if (!tenant || unit.rent !== null) continue;
      const unitIndex = index++;
      const rentCents = tenant.rentDollars * 100;
      await api.put(`unit/${unit.unit_id}/rent-details`, { amount: rentCents, due_day: 1, late_fee: LATE_FEE_CENTS, grace_period_days: GRACE_DAYS, start_date: start });
      units++;
      for (let monthsAgo = DEMO_RENT_MONTHS - 1; monthsAgo >= 1; monthsAgo--) {
        const plan = demoMonthPayment(unitIndex, monthsAgo);
        const amount = plan.kind === 'partial' ? Math.round((rentCents * plan.percent) / 100) : rentCents;
        await api.post(`unit/${unit.unit_id}/payment`, { amount, method: plan.method, paid_on: dayOfMonth(today, -monthsAgo, plan.day), ...(plan.method === 'check' ? { reference: `Check ${1000 + unitIndex * 20 + monthsAgo}` } : {}) });
        payments++;
      }
      payments += await payThisMonth(api, inputs, unit.unit_id, demoThisMonth(unitIndex));
      if (unitIndex === 0) recurring += await signUpRecurringRent(api, unit.unit_id);
    }
  }
  return { units, payments, recurring, connected };
}

type RentRollUnit = { unit_id: string; unit_name: string; rent: number | null };

/** Every unit of the location's rent roll, page after page. */
async function rentRollOf(api: DemoApi, locationId: string): Promise<RentRollUnit[]> {
  const units: RentRollUnit[] = [];
  let cursor: string | null = null;
  do {
    const roll: { units: { items: RentRollUnit[]; next_cursor: string | null } } = await api.get(`property-location/${locationId}/rent?limit=200${cursor ? `&cursor=${cursor}` : ''}`);
    units.push(...roll.units.items);
    cursor = roll.units.next_cursor;
  } while (cursor);
  return units;
}

/** The payouts tab's Connect button, then the sandbox's hosted onboarding form filled in as the owner would. */
async function connectPayouts(api: DemoApi): Promise<boolean> {
  const status = await api.get<{ chargesEnabled: boolean; payoutsEnabled: boolean }>('connect/account-status');
  if (status.chargesEnabled && status.payoutsEnabled) return false;
  const { url } = await api.post<{ url: string }>('connect/onboard', {});
  const form = new URLSearchParams({
    business_name: 'Harbor Property Group',
    business_type: 'company',
    first_name: 'Dana',
    last_name: 'Whitfield',
    email: 'demo@pm.local',
    routing_number: '110000000',
    account_number: '000123456789',
    tos: 'accepted',
  });
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString(), redirect: 'manual' });
  if (response.status !== 302 && response.status !== 303) throw new Error(`the sandbox's onboarding form answered ${response.status}: ${await response.text()}`);
  return true;
}

/** This month's rent paid by the tenant on the link the manager sent (or not): answers how many payments were made. */
async function payThisMonth(api: DemoApi, inputs: DemoPaymentsInputs, unitId: string, plan: DemoThisMonth): Promise<number> {
  if (plan === 'unpaid') return 0;
  const { links } = await api.post<{ links: { method: string; url: string }[] }>(`unit/${unitId}/generate-rent-link`, {});
  const method = plan === 'card' ? 'card' : 'us_bank_account';
  const link = links.find((l) => l.method === method);
  if (!link) throw new Error(`no ${method} link for unit ${unitId}`);
  const fields = { ...(plan === 'card' ? CARD : BANK), name: 'Demo Tenant', email: 'tenant@example.com' };
  const response = await fetch(link.url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString(), redirect: 'manual' });
  if (response.status !== 303 && response.status !== 302) throw new Error(`the sandbox's checkout answered ${response.status}: ${await response.text()}`);
  if (plan === 'ach-returned') {
    // The debit settles, then the bank returns it (R01, insufficient funds), as banks do days later.
    const paymentIntent = await processingPaymentOf(api, unitId);
    for (const [control, body] of [['settle', { payment_intent: paymentIntent }], ['return', { payment_intent: paymentIntent, code: 'R01' }]] as const) {
      const answer = await fetch(`${inputs.stripeUrl}/_sandbox/${control}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      if (!answer.ok) throw new Error(`the sandbox did not ${control} ${paymentIntent}: ${answer.status} ${await answer.text()}`);
    }
  }
  return 1;
}

/** The unit's recurring payment link, and the tenant signing up on it with their bank account (nothing is charged until the next due day). */
async function signUpRecurringRent(api: DemoApi, unitId: string): Promise<number> {
  const { url } = await api.post<{ url: string }>(`unit/${unitId}/regenerate-subscription-link`, {});
  const fields = { ...BANK, name: 'Demo Tenant', email: 'tenant@example.com' };
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString(), redirect: 'manual' });
  if (response.status !== 303 && response.status !== 302) throw new Error(`the sandbox's subscription checkout answered ${response.status}: ${await response.text()}`);
  return 1;
}

/** The ACH payment the unit's ledger shows as processing, once Stripe's webhook has put it there. */
async function processingPaymentOf(api: DemoApi, unitId: string): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const ledger = await api.get<{ lines: { entry_id: string; status: string | null }[] }>(`unit/${unitId}/ledger`);
    const line = ledger.lines.find((l) => l.status === 'processing' && l.entry_id.startsWith('stripe:'));
    if (line) return line.entry_id.slice('stripe:'.length);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`unit ${unitId}: the ACH payment did not reach the ledger`);
}

/** The first of the month `offset` months from today's (UTC), as YYYY-MM-DD. */
function monthStart(today: Date, offset: number): string {
  return dayOfMonth(today, offset, 1);
}

function dayOfMonth(today: Date, offset: number, day: number): string {
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + offset, day)).toISOString().slice(0, 10);
}
