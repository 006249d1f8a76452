import { Injectable } from '@nestjs/common';
import { GetPaymentBreakdown, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { UnitRent } from '../../unit-rent.js';

/** GET unit/{id}/payment-breakdown (`payment:read`). */
@Injectable()
@UseCase(GetPaymentBreakdown, { readOnly: true })
export class GetPaymentBreakdownHandler implements UseCaseHandler<typeof GetPaymentBreakdown> {
  constructor(private readonly units: UnitRent) {}

  async handle(request: RequestOf<typeof GetPaymentBreakdown>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof GetPaymentBreakdown>> {
    const place = await this.units.place(em, caller, request.id, 'payment:read');
    return this.units.breakdown(em, place);
  }
}
