import { Injectable } from '@nestjs/common';
import { RecordPayment, paymentMessages, type RequestOf, type ResponseOf } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { v7 as uuidv7 } from 'uuid';
import { LedgerStore } from '../../../ledger/ledger-store.js';
import { localDate } from '../../../ledger/plain-date.js';
import { Receipts } from '../../../notices/receipts.js';
import { UnitRent, unitLedgerView } from '../../unit-rent.js';

/**
 * POST unit/{id}/payment (`payment:write`, `Idempotency-Key`): a payment the manager received outside the provider,
 * on any day up to today in the location's time zone. It is a new ledger entry of its own; the oldest debts are paid
 * first, as with every credit. The tenant gets a receipt (a payment dated before the rent was kept, history, gets none).
 */
@Injectable()
@UseCase(RecordPayment)
export class RecordPaymentHandler implements UseCaseHandler<typeof RecordPayment> {
  constructor(
    private readonly units: UnitRent,
    private readonly store: LedgerStore,
    private readonly receipts: Receipts,
  ) {}

  async handle(request: RequestOf<typeof RecordPayment>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof RecordPayment>> {
    const place = await this.units.place(em, caller, request.id, 'payment:write');
    const now = new Date();
    if (request.paid_on > localDate(now, place.timeZone)) throw RpcFailure.badRequest(paymentMessages.paidInFuture);
    const added = await this.store.appendNew(em, place.unitId, [
      {
        type: 'payment',
        id: `manual:${uuidv7()}`,
        postedAt: now.toISOString(),
        amountCents: request.amount,
        method: request.method,
        paidOn: request.paid_on,
        clearing: false,
        ...(request.reference ? { reference: request.reference } : {}),
      },
    ]);
    await this.receipts.forNewEntries(em, place.unitId, added);
    return unitLedgerView(place.unitId, await this.units.ledger(em, place.unitId));
  }
}
