import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ledgerCorrectionMessages as messages, paymentMessages } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import Stripe from 'stripe';
import { v7 as uuidv7 } from 'uuid';
import type { UnitPlace } from '../directory/directory.repository.js';
import { LedgerStore } from '../ledger/ledger-store.js';
import { localDate, type PlainDate } from '../ledger/plain-date.js';
import { providerCall } from '../providers/provider-call.js';
import { paymentIntentOfInvoice, refundStripePayment } from '../providers/stripe-refunds.js';
import { UnitRent } from './unit-rent.js';

/**
 * A manager's corrections to a unit's ledger, each a new entry: refunds and adjustments. A refund of a payment made
 * through the provider is asked of the provider, and reaches the ledger with its webhook like every money movement;
 * one of a payment received by hand is the manager's own record, written at once.
 */
@Injectable()
export class LedgerCorrections {
  constructor(
    private readonly units: UnitRent,
    private readonly store: LedgerStore,
    private readonly stripe: Stripe,
  ) {}

  async refund(em: EntityManager, place: UnitPlace, paymentId: string, amountCents: number, reason: string | undefined, idempotencyKey: string): Promise<'requested' | 'recorded'> {
    const payment = (await this.units.ledger(em, place.unitId)).payments.get(paymentId);
    if (!payment) throw RpcFailure.notFound(messages.paymentNotFound);
    if (payment.status === 'processing') throw RpcFailure.conflict(messages.stillProcessing);
    if (payment.netCents <= 0) throw RpcFailure.conflict(messages.nothingToRefund);
    if (amountCents > payment.netCents) throw RpcFailure.conflict(messages.refundTooHigh);
    const now = new Date();
    if (!paymentId.startsWith('stripe:')) {
      await this.store.appendNew(em, place.unitId, [{ type: 'refund', id: `manual-refund:${uuidv7()}`, postedAt: now.toISOString(), paymentId, amountCents, refundedOn: localDate(now, place.timeZone) }]);
      return 'recorded';
    }
    const providerId = paymentId.slice('stripe:'.length);
    await providerCall(paymentMessages.providerUnavailable, async () => {
      const paymentIntentId = providerId.startsWith('in_') ? await paymentIntentOfInvoice(this.stripe, providerId) : providerId;
      if (!paymentIntentId) throw RpcFailure.conflict(messages.nothingToRefund);
      await refundStripePayment(this.stripe, { paymentIntentId, amountCents, paymentEntryId: paymentId, unitId: place.unitId, timeZone: place.timeZone, reason, idempotencyKey });
    });
    return 'requested';
  }

  async adjust(em: EntityManager, place: UnitPlace, amountCents: number, description: string, effectiveOn: PlainDate): Promise<void> {
    const now = new Date();
    if (effectiveOn > localDate(now, place.timeZone)) throw RpcFailure.badRequest(messages.adjustmentInFuture);
    await this.store.appendNew(em, place.unitId, [{ type: 'adjustment', id: `adjustment:${uuidv7()}`, postedAt: now.toISOString(), amountCents, effectiveOn, description: description.trim() }]);
  }
}
