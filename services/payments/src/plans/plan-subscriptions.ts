import type { EntityManager } from '@mikro-orm/postgresql';
import type { SubscriptionNotification } from '@paddle/paddle-node-sdk';
import { Injectable } from '@nestjs/common';
import { PLAN_HOLDING_STATUSES, PlanChanged, planOf, type PaidPlanKey, type PlanKey, type PlanSubscription, type PlanSubscriptionStatus } from '@pm/contracts';
import { recordEvent } from '@pm/messaging';
import { table } from './plans-tables.js';

interface SubscriptionRow {
  subscription_id: string;
  account_id: string;
  plan: PaidPlanKey;
  status: PlanSubscriptionStatus;
  amount_cents: number;
  trial_ends_at: Date | null;
  current_period_end: Date | null;
  next_billed_at: Date | null;
  cancel_at: Date | null;
  canceled_at: Date | null;
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** The account's plan and the subscription giving it; `subscription` null: Free (never subscribed, or all ended). */
export interface AccountPlan {
  plan: PlanKey;
  subscription: PlanSubscription | null;
}

/**
 * Each account's Paddle subscriptions as Paddle's signed webhooks last described them (`plan_subscription`), its
 * Paddle customer (`plan_customer`), and the plan they give the account. Only webhooks write subscriptions: a
 * checkout stores nothing but the customer.
 */
@Injectable()
export class PlanSubscriptions {
  async customerOf(em: EntityManager, accountId: string): Promise<string | null> {
    const [row] = await em.execute<{ customer_id: string }[]>(`select customer_id from ${table(em, 'plan_customer')} where account_id = ?`, [accountId], 'all');
    return row?.customer_id ?? null;
  }

  /** Keeps the first customer found for the account (a concurrent checkout found the same one by e-mail). */
  async rememberCustomer(em: EntityManager, accountId: string, customerId: string): Promise<void> {
    await em.execute(`insert into ${table(em, 'plan_customer')} (account_id, customer_id) values (?, ?) on conflict do nothing`, [accountId, customerId], 'run');
  }

  /** One of the account's subscriptions, or null (another account's is as unknown as a made-up id). */
  async find(em: EntityManager, accountId: string, subscriptionId: string): Promise<PlanSubscription | null> {
    const [row] = await em.execute<SubscriptionRow[]>(`select * from ${table(em, 'plan_subscription')} where subscription_id = ? and account_id = ?`, [subscriptionId, accountId], 'all');
    return row ? this.view(row) : null;
  }

  /** The account's plan: the newest subscription that holds one (trialing, active, past due), else Free. */
  async current(em: EntityManager, accountId: string): Promise<AccountPlan> {
    const [row] = await em.execute<SubscriptionRow[]>(
      `select * from ${table(em, 'plan_subscription')} where account_id = ? and status in (${PLAN_HOLDING_STATUSES.map(() => '?').join(', ')})
       order by started_at desc, subscription_id desc limit 1`,
      [accountId, ...PLAN_HOLDING_STATUSES],
      'all',
    );
    return row ? { plan: row.plan, subscription: this.view(row) } : { plan: 'free', subscription: null };
  }

  /**
   * A subscription as an event of `occurredAt` describes it, unless a later event already did (Paddle may deliver
   * out of order after a retry); then the account's plan as `PlanChanged`, in the same transaction. Answers whether
   * it changed anything.
   */
  async apply(em: EntityManager, input: { accountId: string; plan: PaidPlanKey; subscription: SubscriptionNotification; eventId: string; occurredAt: string }): Promise<boolean> {
    const s = input.subscription;
    const trialEnd = s.status === 'trialing' ? (s.items.find((item) => item.trialDates)?.trialDates?.endsAt ?? s.currentBillingPeriod?.endsAt ?? null) : null;
    const cancelAt = s.scheduledChange?.action === 'cancel' ? s.scheduledChange.effectiveAt : null;
    const amount = Number(s.items[0]?.price?.unitPrice?.amount ?? planOf(input.plan).price ?? 0);
    const written = await em.execute<{ subscription_id: string }[]>(
      `insert into ${table(em, 'plan_subscription')}
         (subscription_id, account_id, customer_id, plan, status, amount_cents, trial_ends_at, current_period_end, next_billed_at, cancel_at, canceled_at, started_at, event_at, event_id)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       on conflict (subscription_id) do update set plan = excluded.plan, status = excluded.status, amount_cents = excluded.amount_cents,
         trial_ends_at = excluded.trial_ends_at, current_period_end = excluded.current_period_end, next_billed_at = excluded.next_billed_at,
         cancel_at = excluded.cancel_at, canceled_at = excluded.canceled_at, event_at = excluded.event_at, event_id = excluded.event_id
       where ${table(em, 'plan_subscription')}.event_at <= excluded.event_at
       returning subscription_id`,
      [
        s.id,
        input.accountId,
        s.customerId,
        input.plan,
        s.status,
        Number.isSafeInteger(amount) && amount >= 0 ? amount : 0,
        trialEnd,
        s.currentBillingPeriod?.endsAt ?? null,
        s.nextBilledAt,
        cancelAt,
        s.canceledAt,
        s.startedAt ?? s.createdAt,
        input.occurredAt,
        input.eventId,
      ],
      'all',
    );
    if (written.length === 0) return false;
    const now = await this.current(em, input.accountId);
    recordEvent(em, PlanChanged, {
      accountId: input.accountId,
      plan: now.plan,
      subscriptionId: now.subscription?.id ?? null,
      status: now.subscription?.status ?? null,
      trialEndsAt: now.subscription?.trialEndsAt ?? null,
      occurredAt: new Date(input.occurredAt).toISOString(),
    });
    return true;
  }

  /** The account a subscription belongs to: the `account_id` our checkout put in its custom data, else its customer's. */
  async accountOf(em: EntityManager, subscription: Pick<SubscriptionNotification, 'customData' | 'customerId'>): Promise<string | null> {
    const named = subscription.customData?.['account_id'];
    if (typeof named === 'string' && named.length > 0 && named.length <= 100) return named;
    const [row] = await em.execute<{ account_id: string }[]>(`select account_id from ${table(em, 'plan_customer')} where customer_id = ?`, [subscription.customerId], 'all');
    return row?.account_id ?? null;
  }

  private view(row: SubscriptionRow): PlanSubscription {
    return {
      id: row.subscription_id,
      plan: row.plan,
      planName: planOf(row.plan).name,
      status: row.status,
      amount: row.amount_cents,
      trialEndsAt: iso(row.trial_ends_at),
      currentPeriodEnd: iso(row.current_period_end),
      nextBilledAt: iso(row.next_billed_at),
      cancelAt: iso(row.cancel_at),
      canceledAt: iso(row.canceled_at),
    };
  }
}
