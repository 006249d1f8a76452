import { defineEntity, p } from '@mikro-orm/core';

export type OneTimeTokenPurpose = 'verify_email' | 'recover_password' | 'oauth_state';

const OneTimeTokenSchema = defineEntity({
  name: 'OneTimeToken',
  tableName: 'one_time_tokens',
  properties: {
    id: p.uuid().primary(),
    purpose: p.text().$type<OneTimeTokenPurpose>(),
    tokenHash: p.text().fieldName('token_hash'),
    userId: p.text().nullable().fieldName('user_id'),
    data: p.json<Record<string, unknown>>().nullable(),
    createdAt: p.datetime().fieldName('created_at'),
    expiresAt: p.datetime().fieldName('expires_at'),
    usedAt: p.datetime().nullable().fieldName('used_at'),
  },
});

/**
 * A link token (e-mail verification, password recovery) or OAuth round-trip state: single use, expiring, stored as
 * a hash. Kept apart from better-auth's verification values because the product tells "used" from "expired".
 */
export class OneTimeToken extends OneTimeTokenSchema.class {}
OneTimeTokenSchema.setClass(OneTimeToken);
export { OneTimeTokenSchema };
