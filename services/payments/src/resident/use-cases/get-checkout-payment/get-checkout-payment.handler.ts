import { Injectable } from '@nestjs/common';
import { GetCheckoutPayment, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { ResidentPayments } from '../../resident-payments.js';

/** GET payments/checkout/{id} (public): the /rent/success verification, for a payer signed in or not. */
@Injectable()
@UseCase(GetCheckoutPayment, { readOnly: true })
export class GetCheckoutPaymentHandler implements UseCaseHandler<typeof GetCheckoutPayment> {
  constructor(private readonly resident: ResidentPayments) {}

  handle(request: RequestOf<typeof GetCheckoutPayment>, { em }: UseCaseContext): Promise<ResponseOf<typeof GetCheckoutPayment>> {
    return this.resident.ofCheckout(em, request.id);
  }
}
