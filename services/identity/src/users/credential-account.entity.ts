import { defineEntity, p } from '@mikro-orm/core';

const CredentialAccountSchema = defineEntity({
  name: 'CredentialAccount',
  tableName: 'accounts',
  properties: {
    id: p.text().primary(),
    accountId: p.text().fieldName('account_id'),
    providerId: p.text().fieldName('provider_id'),
    userId: p.text().fieldName('user_id'),
    password: p.text().nullable(),
    createdAt: p.datetime().fieldName('created_at'),
    updatedAt: p.datetime().fieldName('updated_at'),
  },
});

/** A sign-in method of a user (better-auth's `accounts` row): `credential` holds the password hash, `google` the subject. */
export class CredentialAccount extends CredentialAccountSchema.class {}
CredentialAccountSchema.setClass(CredentialAccount);
export { CredentialAccountSchema };
