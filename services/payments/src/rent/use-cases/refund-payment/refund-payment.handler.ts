import { Injectable } from '@nestjs/common';
import { RefundPayment, ledgerCorrectionMessages, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { v7 as uuidv7 } from 'uuid';
import { LedgerCorrections } from '../../ledger-corrections.js';
import { UnitRent, unitLedgerView } from '../../unit-rent.js';

/** POST unit/{id}/refund (`payment:write`, `Idempotency-Key`): part or all of what is left of a payment, given back. */
@Injectable()
@UseCase(RefundPayment)
export class RefundPaymentHandler implements UseCaseHandler<typeof RefundPayment> {
  constructor(
    private readonly units: UnitRent,
    private readonly corrections: LedgerCorrections,
  ) {}

  async handle(request: RequestOf<typeof RefundPayment>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof RefundPayment>> {
    const place = await this.units.place(em, caller, request.id, 'payment:write');
    // The BFF answers a repeated Idempotency-Key itself; this key keeps one provider refund per request it lets through.
    const status = await this.corrections.refund(em, place, request.payment_id, request.amount, request.reason, `refund:${place.unitId}:${uuidv7()}`);
    return {
      refund: { status, message: status === 'recorded' ? ledgerCorrectionMessages.refundRecorded : ledgerCorrectionMessages.refundRequested },
      ledger: unitLedgerView(place.unitId, await this.units.ledger(em, place.unitId)),
    };
  }
}
