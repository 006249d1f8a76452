import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { RENT_SUBSCRIPTION_STATUSES, type PaymentRecord, type RentSubscription } from '@pm/contracts';
import type Stripe from 'stripe';
import { localDate, periodOf } from '../ledger/plain-date.js';
import { LEDGER_METADATA } from '../provider-events/stripe-ledger-events.js';
import { table } from '../payments-tables.js';

type RentSubscriptionStatus = (typeof RENT_SUBSCRIPTION_STATUSES)[number];

/** A recurring rent payment as payments keeps it. */
export interface RentSubscriptionRow {
  subscriptionId: string;
  unitId: string;
  accountId: string;
  timeZone: string;
  amountCents: number;
  status: RentSubscriptionStatus;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
  checkoutSessionId: string | null;
  createdAt: Date;
}

interface Row {
  subscription_id: string;
  unit_id: string;
  account_id: string;
  time_zone: string;
  amount_cents: string | number;
  status: string;
  current_period_start: Date | string;
  current_period_end: Date | string;
  cancel_at_period_end: boolean;
  canceled_at: Date | string | null;
  checkout_session_id: string | null;
  created_at: Date | string;
}

const COLUMNS =
  'subscription_id, unit_id, account_id, time_zone, amount_cents, status, current_period_start, current_period_end, cancel_at_period_end, canceled_at, checkout_session_id, created_at';

/**
 * The recurring rent payments, as the provider last described each: its webhooks (`customer.subscription.*`), and the
 * answers to our own changes. A row is replaced only by a description at least as new (`seen_at`, the event's
 * creation time), so events delivered late or twice leave the newest; a cancelled subscription stays cancelled.
 */
@Injectable()
export class RentSubscriptions {
  /** Records a subscription of ours (its metadata names the unit); anything else is not rent and is ignored. */
  async record(em: EntityManager, subscription: Stripe.Subscription, accountId: string, seenAt: number): Promise<RentSubscriptionRow | null> {
    const described = describe(subscription);
    if (!described) return null;
    const t = table(em, 'rent_subscription');
    await em.execute(
      `insert into ${t} (${COLUMNS}, seen_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, null, ?, ?)
       on conflict (subscription_id) do update set status = excluded.status, amount_cents = excluded.amount_cents,
         current_period_start = excluded.current_period_start, current_period_end = excluded.current_period_end,
         cancel_at_period_end = excluded.cancel_at_period_end, canceled_at = excluded.canceled_at, seen_at = excluded.seen_at
       where ${t}.seen_at <= excluded.seen_at and ${t}.status <> 'canceled'`,
      [
        subscription.id,
        described.unitId,
        accountId,
        described.timeZone,
        described.amountCents,
        described.status,
        described.currentPeriodStart,
        described.currentPeriodEnd,
        subscription.cancel_at_period_end,
        subscription.canceled_at ? new Date(subscription.canceled_at * 1000) : null,
        new Date(subscription.created * 1000),
        seenAt,
      ],
      'run',
    );
    return this.find(em, subscription.id);
  }

  /** Remembers the checkout a subscription was signed up on (the success page's receipt), once. */
  async linkCheckout(em: EntityManager, subscriptionId: string, checkoutSessionId: string): Promise<void> {
    await em.execute(`update ${table(em, 'rent_subscription')} set checkout_session_id = ? where subscription_id = ? and checkout_session_id is null`, [checkoutSessionId, subscriptionId], 'run');
  }

  async find(em: EntityManager, subscriptionId: string): Promise<RentSubscriptionRow | null> {
    const [row] = await em.execute<Row[]>(`select ${COLUMNS} from ${table(em, 'rent_subscription')} where subscription_id = ?`, [subscriptionId], 'all');
    return row ? rowOf(row) : null;
  }

  async ofCheckout(em: EntityManager, checkoutSessionId: string): Promise<RentSubscriptionRow | null> {
    const [row] = await em.execute<Row[]>(`select ${COLUMNS} from ${table(em, 'rent_subscription')} where checkout_session_id = ?`, [checkoutSessionId], 'all');
    return row ? rowOf(row) : null;
  }

  /** The units' subscriptions, those still running first, then newest. */
  async ofUnits(em: EntityManager, unitIds: readonly string[]): Promise<RentSubscriptionRow[]> {
    if (unitIds.length === 0) return [];
    const rows = await em.execute<Row[]>(
      `select ${COLUMNS} from ${table(em, 'rent_subscription')} where unit_id in (${unitIds.map(() => '?').join(', ')})
        order by (status = 'canceled') asc, created_at desc, subscription_id desc`,
      [...unitIds],
      'all',
    );
    return rows.map(rowOf);
  }
}

/** Whether a subscription still takes the month's rent: running, and not set to end with its period. */
export function isRecurring(row: Pick<RentSubscriptionRow, 'status' | 'cancelAtPeriodEnd'>): boolean {
  return row.status !== 'canceled' && !row.cancelAtPeriodEnd;
}

/** A subscription as the calls show it: the next payment date is the current period's end, in the location's zone. */
export function rentSubscriptionView(row: RentSubscriptionRow): RentSubscription {
  const next = isRecurring(row) ? localDate(row.currentPeriodEnd, row.timeZone) : null;
  return {
    id: row.subscriptionId,
    subscriptionId: row.subscriptionId,
    stripe_subscription_id: row.subscriptionId,
    unit_id: row.unitId,
    amount: row.amountCents,
    currency: 'usd',
    interval: 'month',
    method: 'us_bank_account',
    status: row.status,
    date: next,
    period: next ? periodOf(next) : null,
    current_period_start: row.currentPeriodStart.toISOString(),
    current_period_end: row.currentPeriodEnd.toISOString(),
    cancel_at_period_end: row.cancelAtPeriodEnd,
    canceled_at: row.canceledAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** A subscription signed up on a checkout, as the payer's record of it (the success page's verification). */
export function subscriptionPaymentRecord(row: RentSubscriptionRow, description: string): PaymentRecord | null {
  if (row.status !== 'active' && row.status !== 'trialing') return null;
  const date = localDate(row.createdAt, row.timeZone);
  return {
    id: row.subscriptionId,
    amount: row.amountCents,
    status: 'active',
    type: 'rent',
    description: `${description} (recurring ACH)`,
    date,
    period: periodOf(date),
    isSubscription: true,
    subscriptionId: row.subscriptionId,
    metadata: { checkout_session_id: row.checkoutSessionId },
  };
}

/** The answer of our own change to a subscription, as a row, without waiting for its webhook. */
export function describedRow(subscription: Stripe.Subscription, accountId: string, checkoutSessionId: string | null): RentSubscriptionRow | null {
  const described = describe(subscription);
  if (!described) return null;
  return {
    subscriptionId: subscription.id,
    unitId: described.unitId,
    accountId,
    timeZone: described.timeZone,
    amountCents: described.amountCents,
    status: described.status,
    currentPeriodStart: described.currentPeriodStart,
    currentPeriodEnd: described.currentPeriodEnd,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    canceledAt: subscription.canceled_at ? new Date(subscription.canceled_at * 1000) : null,
    checkoutSessionId,
    createdAt: new Date(subscription.created * 1000),
  };
}

function describe(subscription: Stripe.Subscription) {
  const unitId = subscription.metadata?.[LEDGER_METADATA.unitId];
  const timeZone = subscription.metadata?.[LEDGER_METADATA.timeZone];
  const item = subscription.items?.data?.[0];
  if (!unitId || !timeZone || !item) return null;
  const amountCents = (item.price.unit_amount ?? 0) * (item.quantity ?? 1);
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) return null;
  const status = statusOf(subscription.status);
  return { unitId, timeZone, amountCents, status, currentPeriodStart: new Date(item.current_period_start * 1000), currentPeriodEnd: new Date(item.current_period_end * 1000) };
}

/** Stripe's statuses in ours: one that expired unpaid has ended; an unpaid or paused one is behind on its payments. */
function statusOf(status: Stripe.Subscription.Status): RentSubscriptionStatus {
  if (status === 'incomplete_expired') return 'canceled';
  if (status === 'unpaid' || status === 'paused') return 'past_due';
  // A status a later API version adds: shown as behind, never as paying.
  return (RENT_SUBSCRIPTION_STATUSES as readonly string[]).includes(status) ? (status as RentSubscriptionStatus) : 'past_due';
}

function rowOf(row: Row): RentSubscriptionRow {
  return {
    subscriptionId: row.subscription_id,
    unitId: row.unit_id,
    accountId: row.account_id,
    timeZone: row.time_zone,
    amountCents: Number(row.amount_cents),
    status: row.status as RentSubscriptionStatus,
    currentPeriodStart: new Date(row.current_period_start),
    currentPeriodEnd: new Date(row.current_period_end),
    cancelAtPeriodEnd: row.cancel_at_period_end,
    canceledAt: row.canceled_at === null ? null : new Date(row.canceled_at),
    checkoutSessionId: row.checkout_session_id,
    createdAt: new Date(row.created_at),
  };
}
