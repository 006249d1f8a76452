import { Injectable } from '@nestjs/common';
import { GetMonthlyPayments, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { DirectoryRepository } from '../../../directory/directory.repository.js';
import { localDate, periodOf } from '../../../ledger/plain-date.js';
import { UnitRent, collectedIn } from '../../unit-rent.js';

/** GET payments/stripe/monthly-payments?location_id= (`payment:read`): the dashboard's Total Rent Collected This Month. */
@Injectable()
@UseCase(GetMonthlyPayments, { readOnly: true })
export class GetMonthlyPaymentsHandler implements UseCaseHandler<typeof GetMonthlyPayments> {
  constructor(
    private readonly units: UnitRent,
    private readonly directory: DirectoryRepository,
  ) {}

  async handle(request: RequestOf<typeof GetMonthlyPayments>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof GetMonthlyPayments>> {
    const location = await this.units.location(em, caller, request.location_id, 'payment:read');
    const month = periodOf(localDate(new Date(), location.timeZone));
    const { ledgerOf } = await this.units.ledgersOfLocation(em, location.locationId);
    let amount = 0;
    for (const unit of await this.directory.unitsOf(em, location.locationId)) amount += collectedIn(ledgerOf(unit.unitId), month);
    return [{ currency: 'usd', amount, month }];
  }
}
