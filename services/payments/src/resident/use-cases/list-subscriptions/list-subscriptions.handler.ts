import { Injectable } from '@nestjs/common';
import { ListSubscriptions, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { RentSubscriptions, rentSubscriptionView } from '../../../rent/rent-subscriptions.js';
import { ResidentPayments } from '../../resident-payments.js';

/** GET payments/subscriptions: the caller's own recurring rent payments (as a current tenant, by their account's e-mail). */
@Injectable()
@UseCase(ListSubscriptions, { readOnly: true })
export class ListSubscriptionsHandler implements UseCaseHandler<typeof ListSubscriptions> {
  constructor(
    private readonly resident: ResidentPayments,
    private readonly subscriptions: RentSubscriptions,
  ) {}

  async handle(request: RequestOf<typeof ListSubscriptions>, { em, principal }: UseCaseContext): Promise<ResponseOf<typeof ListSubscriptions>> {
    const own = await this.resident.unitsOf(em, principal.isAnonymous ? null : (principal.email ?? null));
    return (await this.subscriptions.ofUnits(em, request.unit_id ? own.filter((id) => id === request.unit_id) : own)).map(rentSubscriptionView);
  }
}
