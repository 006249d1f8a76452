import { defineEntity, p } from '@mikro-orm/core';
import type { AccountType } from '@pm/contracts';

const UserSchema = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    id: p.text().primary(),
    name: p.text(),
    email: p.text(),
    emailVerified: p.boolean().fieldName('email_verified'),
    isAnonymous: p.boolean().fieldName('is_anonymous'),
    phone: p.text().nullable(),
    accountType: p.text().$type<AccountType>().nullable().fieldName('account_type'),
    campaign: p.text().nullable(),
    hasAcceptedTerms: p.boolean().fieldName('has_accepted_terms'),
    referralMetadata: p.json<Record<string, unknown>>().nullable().fieldName('referral_metadata'),
    lastResidentLoginAt: p.datetime().nullable().fieldName('last_resident_login_at'),
    createdAt: p.datetime().fieldName('created_at'),
    updatedAt: p.datetime().fieldName('updated_at'),
  },
});

/**
 * A person (or an anonymous visitor). The row is better-auth's `users` table; this entity is how our use cases change
 * it in the same transaction as the events they record.
 */
export class User extends UserSchema.class {}
UserSchema.setClass(User);
export { UserSchema };
