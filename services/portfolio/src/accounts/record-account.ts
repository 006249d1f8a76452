import type { AccountType } from '@pm/contracts';
import type { EventContext } from '@pm/messaging';
import { UserAccount } from './user-account.entity.js';

/**
 * Applies what an identity event says about a user. The two events come through two consumers and may arrive in
 * either order, so an event older than what the row already reflects only fills gaps; a null never erases a known value.
 */
export async function recordAccount(
  context: EventContext,
  userId: string,
  occurredAt: Date,
  facts: { accountType: AccountType | null; campaign: string | null; email?: string },
): Promise<void> {
  const em = context.em;
  if (!em) throw new Error('portfolio consumers need the transaction of their inbox row');
  const account = await em.findOne(UserAccount, { userId });
  if (!account) {
    em.create(UserAccount, { userId, accountType: facts.accountType, campaign: facts.campaign, email: facts.email ?? null, updatedAt: occurredAt });
    await em.flush();
    return;
  }
  if (facts.email) account.email = facts.email;
  if (occurredAt >= account.updatedAt) {
    account.accountType = facts.accountType ?? account.accountType ?? null;
    account.campaign = facts.campaign ?? account.campaign ?? null;
    account.updatedAt = occurredAt;
  } else {
    // A late, older event only fills what is still unknown.
    account.accountType ??= facts.accountType;
    account.campaign ??= facts.campaign;
  }
  await em.flush();
}
