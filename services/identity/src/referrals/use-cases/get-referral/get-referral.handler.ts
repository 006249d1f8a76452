import { Injectable } from '@nestjs/common';
import { GetReferral, type Referral as ReferralView, type RequestOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { ReferralsRepository, toReferralView } from '../../referrals.repository.js';

/** GET user/referral: the caller's latest referral only (null when none). */
@Injectable()
@UseCase(GetReferral)
export class GetReferralHandler implements UseCaseHandler<typeof GetReferral> {
  constructor(private readonly referrals: ReferralsRepository) {}

  async handle(_request: RequestOf<typeof GetReferral>, { em, caller }: UseCaseContext): Promise<ReferralView | null> {
    const referral = await this.referrals.latestOf(em, caller.userId);
    return referral ? toReferralView(referral) : null;
  }
}
