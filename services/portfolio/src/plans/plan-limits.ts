import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { PLAN_LIMIT_CODE, planLimitMessages, planOf, PlanKeySchema, UPGRADE_PATH, type Plan } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';

/**
 * The limits of an account's plan that portfolio holds (spec 000 §9: units and users): a creation that would pass
 * one is refused with 409 `plan_limit`, a message naming the limit and the plan, and the upgrade page in `details`;
 * never a silent failure. The plan row is read `for update`, so two creations for one account at the same moment are
 * decided one after the other and the limit holds. An account without a plan record has no limits (see
 * AccountPlans: the flags and limits of before plans were sold), nor has a plan without that limit (Free's units are
 * n/a in the table; Enterprise is unlimited).
 */
@Injectable()
export class PlanLimits {
  /** Before adding a unit to the account. */
  async requireUnitRoom(em: EntityManager, accountId: string): Promise<void> {
    const plan = await this.lockedPlan(em, accountId);
    const max = plan?.units?.max;
    if (!plan || max === undefined || max === null || plan.id === 'free') return;
    const [row] = await em.execute<{ n: string }[]>(`select count(*) as n from ${tableOf(em, 'unit')} where account_id = ?`, [accountId], 'all');
    if (Number(row?.n ?? 0) >= max) throw limitReached(planLimitMessages.units(plan));
  }

  /**
   * Before inviting someone new to the account: its users are the owner, its partners and its pending invitations (an
   * invitation accepted later must not take the account over its users).
   */
  async requireUserRoom(em: EntityManager, accountId: string, email: string): Promise<void> {
    const plan = await this.lockedPlan(em, accountId);
    const max = plan?.features.users;
    if (!plan || max === null || max === undefined) return;
    const [row] = await em.execute<{ n: string; known: boolean }[]>(
      `select count(*) as n, bool_or(lower(email) = lower(?)) as known from (
         select email from ${tableOf(em, 'partner')} where account_id = ?
         union
         select email from ${tableOf(em, 'partner_invitation')} where account_id = ? and expires_at > now()
       ) people`,
      [email, accountId, accountId],
      'all',
    );
    // Someone already counted (a partner given another location, an invitation sent again) takes no new seat.
    if (row?.known) return;
    if (1 + Number(row?.n ?? 0) >= max) throw limitReached(planLimitMessages.users(plan));
  }

  private async lockedPlan(em: EntityManager, accountId: string): Promise<Plan | null> {
    const [row] = await em.execute<{ plan: string }[]>(`select plan from ${tableOf(em, 'account_plan')} where account_id = ? for update`, [accountId], 'all');
    const key = PlanKeySchema.safeParse(row?.plan);
    return key.success ? planOf(key.data) : null;
  }
}

function limitReached(message: string): RpcFailure {
  return new RpcFailure(409, message, PLAN_LIMIT_CODE, { upgradeUrl: UPGRADE_PATH });
}

function tableOf(em: EntityManager, name: 'unit' | 'partner' | 'partner_invitation' | 'account_plan'): string {
  return `"${em.config.get('schema') ?? 'portfolio'}"."${name}"`;
}
