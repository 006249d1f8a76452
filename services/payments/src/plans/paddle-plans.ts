import { ApiError, type Paddle, type Price } from '@paddle/paddle-node-sdk';
import { PAID_PLAN_KEYS, type PaidPlanKey } from '@pm/contracts';

/**
 * The calls the plans feature makes to Paddle, with the official SDK (the same code against Paddle and the local
 * sandbox). Each is one provider request or a short, idempotent sequence of them; nothing is stored here.
 */

const isPaidPlan = (value: unknown): value is PaidPlanKey => typeof value === 'string' && (PAID_PLAN_KEYS as readonly string[]).includes(value);

/**
 * Which Paddle price sells each paid plan: the configured ids (PADDLE_PRICE_IDS) or, without them, Paddle's active
 * recurring prices whose `custom_data.plan` names a plan (the catalog is set up so; the sandbox's default is). Read
 * once and kept: prices are immutable in Paddle, a new one is a new id and a restart.
 */
export class PlanPrices {
  private byPlan: Promise<ReadonlyMap<PaidPlanKey, string>> | null = null;

  constructor(
    private readonly paddle: Paddle,
    private readonly configured: Record<string, string> | undefined,
  ) {}

  async priceOf(plan: PaidPlanKey): Promise<string> {
    const prices = await this.all();
    const id = prices.get(plan);
    if (!id) throw new Error(`Paddle's catalog has no active price for the ${plan} plan (set custom_data.plan on its price, or PADDLE_PRICE_IDS)`);
    return id;
  }

  /** The plan a subscription's price sells: its `custom_data.plan`, else the configured or catalog id. */
  async planOf(price: Pick<Price, 'id' | 'customData'>): Promise<PaidPlanKey | null> {
    const named = price.customData?.['plan'];
    if (isPaidPlan(named)) return named;
    for (const [plan, id] of await this.all()) if (id === price.id) return plan;
    return null;
  }

  private all(): Promise<ReadonlyMap<PaidPlanKey, string>> {
    this.byPlan ??= this.load().catch((error: unknown) => {
      this.byPlan = null; // a failed read is tried again on the next call
      throw error;
    });
    return this.byPlan;
  }

  private async load(): Promise<ReadonlyMap<PaidPlanKey, string>> {
    if (this.configured && Object.keys(this.configured).length > 0) {
      return new Map(Object.entries(this.configured).filter((entry): entry is [PaidPlanKey, string] => isPaidPlan(entry[0])));
    }
    const found = new Map<PaidPlanKey, string>();
    const collection = this.paddle.prices.list({ status: ['active'], recurring: true, perPage: 200 });
    for await (const price of collection) {
      const plan = price.customData?.['plan'];
      if (isPaidPlan(plan) && !found.has(plan)) found.set(plan, price.id);
    }
    return found;
  }
}

/** The Paddle customer of an account's e-mail: made once; one Paddle already has for that e-mail is reused. */
export async function customerFor(paddle: Paddle, input: { accountId: string; email: string }): Promise<string> {
  try {
    const customer = await paddle.customers.create({ email: input.email, customData: { account_id: input.accountId } });
    return customer.id;
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'customer_already_exists') throw error;
    const [existing] = await paddle.customers.list({ email: [input.email] }).next();
    if (!existing) throw error;
    return existing.id;
  }
}

/**
 * A checkout for one plan: a transaction for its price and the customer, whose `checkout.url` is the hosted page.
 * `custom_data` names the account (every subscription notification carries it back, which is how the webhook finds the
 * account) and the page to return to once paid.
 */
export async function createPlanCheckout(
  paddle: Paddle,
  input: { accountId: string; customerId: string; priceId: string; plan: PaidPlanKey; successUrl: string },
): Promise<string> {
  const transaction = await paddle.transactions.create({
    items: [{ priceId: input.priceId, quantity: 1 }],
    customerId: input.customerId,
    customData: { account_id: input.accountId, plan: input.plan, success_url: input.successUrl },
  });
  const url = transaction.checkout?.url;
  if (!url) throw new Error(`Paddle gave transaction ${transaction.id} no checkout URL (set a default payment link in Paddle)`);
  return url;
}

/** Moves an account's subscription to another plan's price, charging the difference for the rest of the period now. */
export async function changeSubscriptionPlan(paddle: Paddle, input: { subscriptionId: string; priceId: string }): Promise<void> {
  await paddle.subscriptions.update(input.subscriptionId, { items: [{ priceId: input.priceId, quantity: 1 }], prorationBillingMode: 'prorated_immediately' });
}

/** Paddle's page that cancels the subscription at the end of its period (its customer portal's); null when it has none. */
export async function cancelLinkOf(paddle: Paddle, subscriptionId: string): Promise<string | null> {
  const subscription = await paddle.subscriptions.get(subscriptionId);
  return subscription.managementUrls?.cancel ?? null;
}
