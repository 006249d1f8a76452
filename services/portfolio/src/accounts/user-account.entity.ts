import { defineEntity, p } from '@mikro-orm/core';
import { AccountTypeSchema } from '@pm/contracts';

const UserAccountSchema = defineEntity({
  name: 'UserAccount',
  tableName: 'user_account',
  properties: {
    userId: p.string().primary().fieldName('user_id'),
    accountType: p.enum(AccountTypeSchema.options).nullable().fieldName('account_type'),
    campaign: p.text().nullable(),
    /** From UserRegistered: the address the user registered with. Kept as a fact of the account; nothing grants access by it (partners accept invitations). */
    email: p.text().nullable(),
    updatedAt: p.datetime().fieldName('updated_at'),
  },
});

/**
 * Portfolio's read model of who a user is (account type, campaign), fed by identity's events, so rules such as
 * "progress only for managers" or "type optional for the property-owner campaign" need no call to identity.
 */
export class UserAccount extends UserAccountSchema.class {}
UserAccountSchema.setClass(UserAccount);
export { UserAccountSchema };
