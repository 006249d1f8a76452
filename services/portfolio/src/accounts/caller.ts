import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AccountType } from '@pm/contracts';
import { AccountTypeSchema } from '@pm/contracts';
import type { Principal } from '@pm/nest-kit';
import { UserAccount } from './user-account.entity.js';

/** The product's default campaign (spec 000 §2.3 sign-up, §9): a user with no other campaign is a property owner. */
export const DEFAULT_CAMPAIGN = 'property_owner';

/** Who is asking, as portfolio sees it: the verified user, their account and what identity told us about them. */
export interface Caller {
  userId: string;
  /** Today a user's own account; partners will act on accounts they are members of. */
  accountId: string;
  accountType: AccountType | null;
  campaign: string;
}

/**
 * Resolves a verified principal to a Caller. Account type and campaign come from portfolio's read model of
 * identity's events; until the first event arrives (a token minted a moment ago), the token's claims stand in.
 */
@Injectable()
export class CallerResolver {
  async resolve(em: EntityManager, principal: Principal): Promise<Caller> {
    return this.of(principal, await em.findOne(UserAccount, { userId: principal.userId }));
  }

  /** The Caller from the principal and its account row as read with other rows in one query (null: none yet). */
  of(principal: Principal, known: Pick<UserAccount, 'accountType' | 'campaign'> | null): Caller {
    const claimedType = AccountTypeSchema.safeParse(principal.claims['account_type']);
    const claimedCampaign = typeof principal.claims['campaign'] === 'string' ? principal.claims['campaign'] : null;
    return {
      userId: principal.userId,
      accountId: principal.userId,
      accountType: known?.accountType ?? (claimedType.success ? claimedType.data : null),
      campaign: known?.campaign ?? claimedCampaign ?? DEFAULT_CAMPAIGN,
    };
  }
}
