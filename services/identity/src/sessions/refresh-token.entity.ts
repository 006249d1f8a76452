import { defineEntity, p } from '@mikro-orm/core';

const RefreshTokenSchema = defineEntity({
  name: 'RefreshToken',
  tableName: 'refresh_tokens',
  properties: {
    id: p.uuid().primary(),
    /** The better-auth session the token belongs to: one family per sign-in, revoked as a whole. */
    familyId: p.text().fieldName('family_id'),
    userId: p.text().fieldName('user_id'),
    tokenHash: p.text().fieldName('token_hash'),
    kind: p.text().$type<'standard' | 'recovery'>(),
    createdAt: p.datetime().fieldName('created_at'),
    usedAt: p.datetime().nullable().fieldName('used_at'),
    /** The token this one was exchanged for, and its raw value sealed with this token (sessions/successor-seal.ts). */
    successorId: p.uuid().nullable().fieldName('successor_id'),
    successorSealed: p.text().nullable().fieldName('successor_sealed'),
  },
});

/** One opaque refresh token (only its SHA-256 is stored). Each use spends it and issues the next of the family. */
export class RefreshToken extends RefreshTokenSchema.class {}
RefreshTokenSchema.setClass(RefreshToken);
export { RefreshTokenSchema };
