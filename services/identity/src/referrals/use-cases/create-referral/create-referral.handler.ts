import { Injectable } from '@nestjs/common';
import { CreateReferral, type Referral as ReferralView, type RequestOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { Clock } from '../../../clock.js';
import { ReferralsRepository, toReferralView } from '../../referrals.repository.js';

/** POST user/referral: the caller's referral, submitted after sign-in (spec 4.3); takes an Idempotency-Key. */
@Injectable()
@UseCase(CreateReferral)
export class CreateReferralHandler implements UseCaseHandler<typeof CreateReferral> {
  constructor(
    private readonly referrals: ReferralsRepository,
    private readonly clock: Clock,
  ) {}

  async handle(request: RequestOf<typeof CreateReferral>, { em, caller }: UseCaseContext): Promise<ReferralView> {
    const referral = this.referrals.create(em, {
      userId: caller.userId,
      referralType: request.referralType ?? null,
      referralRef: request.referralId ?? null,
      referralUrl: request.referralUrl ?? null,
      referralMetadata: request.referralMetadata ?? null,
      now: this.clock.now(),
    });
    await em.flush();
    return toReferralView(referral);
  }
}
