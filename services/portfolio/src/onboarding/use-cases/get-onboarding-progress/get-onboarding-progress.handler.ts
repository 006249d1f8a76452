import { Injectable } from '@nestjs/common';
import { LocationAccess } from '@pm/access';
import { GetOnboardingProgress, noOnboardingProgress, type OnboardingProgress as OnboardingProgressView, type RequestOf } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { CallerResolver } from '../../../accounts/caller.js';
import { OnboardingProgress } from '../../onboarding-progress.entity.js';

/**
 * `id` names whose progress: the caller's own user id, or one of the caller's locations (the progress is the
 * account's either way). Anything else is a 404. Users who are not property managers get all-false progress
 * (spec 000 §6).
 */
@Injectable()
@UseCase(GetOnboardingProgress, { readOnly: true })
export class GetOnboardingProgressHandler implements UseCaseHandler<typeof GetOnboardingProgress> {
  constructor(
    private readonly callers: CallerResolver,
    private readonly access: LocationAccess,
  ) {}

  async handle({ id }: RequestOf<typeof GetOnboardingProgress>, { em, principal }: UseCaseContext): Promise<OnboardingProgressView> {
    const caller = await this.callers.resolve(em, principal);
    if (id !== caller.userId && !(await this.access.grant(em, caller, id))) {
      throw RpcFailure.notFound('Onboarding progress not found');
    }
    if (caller.accountType !== 'property_manager') return { ...noOnboardingProgress };
    const progress = await em.findOne(OnboardingProgress, { userId: caller.accountId });
    return progress?.toView() ?? { ...noOnboardingProgress };
  }
}
