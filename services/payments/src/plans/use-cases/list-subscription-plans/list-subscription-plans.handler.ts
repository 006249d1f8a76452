import { Injectable } from '@nestjs/common';
import { ListSubscriptionPlans, PLANS, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseHandler } from '@pm/nest-kit';

/** GET paddle/subscription/plans: the spec's pricing table, the same for every account (prices are in the contracts). */
@Injectable()
@UseCase(ListSubscriptionPlans, { readOnly: true })
export class ListSubscriptionPlansHandler implements UseCaseHandler<typeof ListSubscriptionPlans> {
  handle(): Promise<ResponseOf<typeof ListSubscriptionPlans>> {
    return Promise.resolve({ plans: [...PLANS] });
  }
}
