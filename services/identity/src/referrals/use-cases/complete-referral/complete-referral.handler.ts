import { Injectable } from '@nestjs/common';
import { CompleteReferral, type RequestOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { ReferralsRepository } from '../../referrals.repository.js';

/** POST user/referral/complete: the caller's referrals count as followed. */
@Injectable()
@UseCase(CompleteReferral)
export class CompleteReferralHandler implements UseCaseHandler<typeof CompleteReferral> {
  constructor(private readonly referrals: ReferralsRepository) {}

  async handle(_request: RequestOf<typeof CompleteReferral>, { em, caller }: UseCaseContext): Promise<{ ok: true }> {
    await this.referrals.markRedirected(em, caller.userId);
    return { ok: true };
  }
}
