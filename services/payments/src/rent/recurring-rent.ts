import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { LocationAccess } from '@pm/access';
import { NEXT_PAYMENT_DATE_MAX_DAYS, paymentMessages, rentSubscriptionMessages as messages, type RentSubscription } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import type { Principal, UseCaseCaller } from '@pm/nest-kit';
import Stripe from 'stripe';
import { v7 as uuidv7 } from 'uuid';
import { DirectoryRepository, type UnitPlace } from '../directory/directory.repository.js';
import { addDays, localDate, startOfDay, type PlainDate } from '../ledger/plain-date.js';
import { nextDueDate } from '../ledger/rent-schedule.js';
import { providerCall } from '../providers/provider-call.js';
import { cancelRentSubscription, createRentSubscriptionCheckout, moveNextRentPayment } from '../providers/stripe-rent-subscription.js';
import { ResidentPayments } from '../resident/resident-payments.js';
import { RentBook } from './rent-book.js';
import { RentLinks } from './rent-links.js';
import { describedRow, isRecurring, rentSubscriptionView, RentSubscriptions, type RentSubscriptionRow } from './rent-subscriptions.js';
import { rentDescription } from './unit-rent.js';

export interface RecurringRentLink {
  url: string;
  amountCents: number;
  firstPaymentDate: PlainDate;
}

/**
 * Recurring rent: the link a manager sends for it, and the changes the tenant paying it or a manager of its unit may
 * make (cancel at the period's end or at once, move the next payment). The provider's answer is shown at once; its
 * webhooks keep the stored record, as they do every money movement.
 */
@Injectable()
export class RecurringRent {
  constructor(
    private readonly subscriptions: RentSubscriptions,
    private readonly directory: DirectoryRepository,
    private readonly book: RentBook,
    private readonly links: RentLinks,
    private readonly resident: ResidentPayments,
    private readonly access: LocationAccess,
    private readonly stripe: Stripe,
  ) {}

  /** A checkout link for the month's rent debited on each due day from the next one, by bank account. */
  async link(em: EntityManager, place: UnitPlace, now: Date = new Date()): Promise<RecurringRentLink> {
    const terms = await this.book.terms(em, place.unitId);
    if (!terms) throw RpcFailure.conflict(paymentMessages.rentNotSet);
    const firstPaymentDate = nextDueDate(terms, localDate(now, place.timeZone));
    if (!firstPaymentDate) throw RpcFailure.conflict(paymentMessages.rentNotSet);
    if ((await this.subscriptions.ofUnits(em, [place.unitId])).some(isRecurring)) throw RpcFailure.conflict(messages.alreadyRecurring);
    const destination = await this.links.destinationOf(em, place);
    const tenantEmail = (await this.directory.tenantsOf(em, place.unitId)).flatMap((tenant) => tenant.emails)[0] ?? null;
    const { url } = await providerCall(paymentMessages.providerUnavailable, () =>
      createRentSubscriptionCheckout(this.stripe, {
        unitId: place.unitId,
        timeZone: place.timeZone,
        amountCents: terms.amountCents,
        description: rentDescription(place),
        connectedAccountId: destination,
        tenantEmail,
        firstPaymentAt: Math.floor(startOfDay(firstPaymentDate, place.timeZone).getTime() / 1000),
        ...this.links.defaultReturns(),
        idempotencyKey: `rent-subscription-link:${place.unitId}:${uuidv7()}`,
      }),
    );
    return { url, amountCents: terms.amountCents, firstPaymentDate };
  }

  async cancel(em: EntityManager, who: Who, subscriptionId: string, atPeriodEnd: boolean, reason: string | undefined): Promise<{ message: string; subscription: RentSubscription }> {
    const row = await this.changeable(em, who, subscriptionId);
    if (atPeriodEnd && row.cancelAtPeriodEnd) return { message: messages.canceledAtPeriodEnd, subscription: rentSubscriptionView(row) };
    const answer = await providerCall(paymentMessages.providerUnavailable, () => cancelRentSubscription(this.stripe, subscriptionId, atPeriodEnd, reason));
    return { message: atPeriodEnd ? messages.canceledAtPeriodEnd : messages.canceledNow, subscription: await this.recorded(em, answer, row) };
  }

  /** Moves the next payment to `date` (after today, at most 60 days ahead, in the location's zone). */
  async moveNextPayment(em: EntityManager, who: Who, subscriptionId: string, date: PlainDate, now: Date = new Date()): Promise<{ message: string; subscription: RentSubscription }> {
    const row = await this.changeable(em, who, subscriptionId);
    const today = localDate(now, row.timeZone);
    if (date <= today) throw RpcFailure.badRequest(messages.dateNotAfterToday);
    if (date > addDays(today, NEXT_PAYMENT_DATE_MAX_DAYS)) throw RpcFailure.badRequest(messages.dateTooFar);
    const at = Math.floor(startOfDay(date, row.timeZone).getTime() / 1000);
    const answer = await providerCall(paymentMessages.providerUnavailable, () => moveNextRentPayment(this.stripe, subscriptionId, at));
    return { message: messages.dateUpdated, subscription: await this.recorded(em, answer, row) };
  }

  /**
   * A subscription the caller may change: one paying a unit they are a current tenant of, or, for a manager (and
   * whenever `tenant_id` is sent), one at a location where they have `payment:write`, the tenant being of that unit.
   * Anyone else is told it does not exist.
   */
  private async changeable(em: EntityManager, who: Who, subscriptionId: string): Promise<RentSubscriptionRow> {
    const row = await this.subscriptions.find(em, subscriptionId);
    const place = row ? await this.directory.unit(em, row.unitId) : null;
    if (!row || !place) throw RpcFailure.notFound(messages.notFound);
    const ownUnits = who.tenantId === undefined ? await this.resident.unitsOf(em, who.principal.isAnonymous ? null : (who.principal.email ?? null)) : [];
    if (!ownUnits.includes(row.unitId)) {
      await this.access.require(em, who.caller, place.locationId, 'payment:write', messages.notFound);
      if (who.tenantId !== undefined && !(await this.directory.tenantsOf(em, row.unitId)).some((tenant) => tenant.tenantId === who.tenantId)) {
        throw RpcFailure.notFound(messages.tenantNotOfUnit);
      }
    }
    if (row.status === 'canceled') throw RpcFailure.conflict(messages.alreadyCanceled);
    return row;
  }

  /** The provider's answer, kept (when no newer webhook has come first) and shown. */
  private async recorded(em: EntityManager, answer: Stripe.Subscription, before: RentSubscriptionRow): Promise<RentSubscription> {
    const stored = await this.subscriptions.record(em, answer, before.accountId, Math.floor(Date.now() / 1000));
    const shown = describedRow(answer, before.accountId, before.checkoutSessionId) ?? stored ?? before;
    return rentSubscriptionView(shown);
  }
}

/** Who asks for a change: the signed-in principal (a tenant is known by e-mail), their access, and the tenant a manager names. */
export interface Who {
  principal: Principal;
  caller: UseCaseCaller;
  tenantId: string | undefined;
}
