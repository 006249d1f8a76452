import type { User as UserView } from '@pm/contracts';
import type { User } from './user.entity.js';

/** The User of the HTTP contract. Anonymous users have a placeholder address internally; they show none. */
export function toUserView(user: User): UserView {
  return {
    id: user.id,
    is_anonymous: user.isAnonymous,
    full_name: user.isAnonymous ? null : user.name,
    phone: user.phone ?? null,
    email: user.isAnonymous ? null : user.email,
    account_type: user.accountType ?? null,
    campaign: user.campaign ?? null,
    email_verified: user.emailVerified,
  };
}
