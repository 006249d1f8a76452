import { Injectable } from '@nestjs/common';
import { GetUnitLedger, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { UnitRent, unitLedgerView } from '../../unit-rent.js';

/** GET unit/{id}/ledger (`payment:read`): the statement with its running balance, `from`/`to` days included. */
@Injectable()
@UseCase(GetUnitLedger, { readOnly: true })
export class GetUnitLedgerHandler implements UseCaseHandler<typeof GetUnitLedger> {
  constructor(private readonly units: UnitRent) {}

  async handle(request: RequestOf<typeof GetUnitLedger>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof GetUnitLedger>> {
    const place = await this.units.place(em, caller, request.id, 'payment:read');
    return unitLedgerView(place.unitId, await this.units.ledger(em, place.unitId), { from: request.from, to: request.to });
  }
}
