import { Injectable } from '@nestjs/common';
import { RecordAdjustment, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { LedgerCorrections } from '../../ledger-corrections.js';
import { UnitRent, unitLedgerView } from '../../unit-rent.js';

/** POST unit/{id}/adjustment (`payment:write`, `Idempotency-Key`): a charge or a credit with its reason. */
@Injectable()
@UseCase(RecordAdjustment)
export class RecordAdjustmentHandler implements UseCaseHandler<typeof RecordAdjustment> {
  constructor(
    private readonly units: UnitRent,
    private readonly corrections: LedgerCorrections,
  ) {}

  async handle(request: RequestOf<typeof RecordAdjustment>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof RecordAdjustment>> {
    const place = await this.units.place(em, caller, request.id, 'payment:write');
    await this.corrections.adjust(em, place, request.amount, request.description, request.effective_on);
    return unitLedgerView(place.unitId, await this.units.ledger(em, place.unitId));
  }
}
