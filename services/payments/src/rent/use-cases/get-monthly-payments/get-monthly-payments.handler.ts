import { Injectable } from '@nestjs/common';
import { GetMonthlyPayments, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { localDate, periodOf } from '../../../ledger/plain-date.js';
import { UnitRent } from '../../unit-rent.js';

/** GET payments/stripe/monthly-payments?location_id= (`payment:read`): the dashboard's Total Rent Collected This Month. */
@Injectable()
@UseCase(GetMonthlyPayments, { readOnly: true })
export class GetMonthlyPaymentsHandler implements UseCaseHandler<typeof GetMonthlyPayments> {
  constructor(private readonly units: UnitRent) {}

  async handle(request: RequestOf<typeof GetMonthlyPayments>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof GetMonthlyPayments>> {
    const location = await this.units.location(em, caller, request.location_id, 'payment:read');
    const month = periodOf(localDate(new Date(), location.timeZone));
    return [{ currency: 'usd', amount: await this.units.collectedAtLocation(em, location.locationId, month), month }];
  }
}
