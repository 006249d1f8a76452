import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { LocationAccess } from '@pm/access';
import { GetOnboardingProgress, noOnboardingProgress, type AccountType, type OnboardingProgress as OnboardingProgressView, type RequestOf } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { CallerResolver } from '../../../accounts/caller.js';
import type { UserAccount } from '../../../accounts/user-account.entity.js';
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
    const { account, progress } = await accountAndProgress(em, principal.userId);
    const caller = this.callers.of(principal, account);
    if (id !== caller.userId && !(await this.access.grant(em, caller, id))) {
      throw RpcFailure.notFound('Onboarding progress not found');
    }
    if (caller.accountType !== 'property_manager') return { ...noOnboardingProgress };
    return progress?.toView() ?? { ...noOnboardingProgress };
  }
}

/**
 * The user's account row and their progress row in one round trip (the dashboard asks on every load): a user's
 * progress is kept under their account, which today is their own user id.
 */
async function accountAndProgress(em: EntityManager, userId: string): Promise<{ account: Pick<UserAccount, 'accountType' | 'campaign'> | null; progress: OnboardingProgress | null }> {
  const schema = em.config.get('schema') ?? 'portfolio';
  const [row] = await em.execute<Array<{ account: { account_type: AccountType | null; campaign: string | null } | null; progress: Record<string, unknown> | null }>>(
    `select (select json_build_object('account_type', ua.account_type, 'campaign', ua.campaign)
               from "${schema}"."user_account" ua where ua.user_id = ?) as account,
            (select to_json(op) from "${schema}"."onboarding_progress" op where op.user_id = ?) as progress`,
    [userId, userId],
  );
  return {
    account: row?.account ? { accountType: row.account.account_type, campaign: row.account.campaign } : null,
    // The row's columns as the ORM maps any row it reads (field names to properties, types converted).
    progress: row?.progress ? em.map(OnboardingProgress, row.progress) : null,
  };
}
