import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';

/** How long an invitation link opens its landing page. */
export const INVITATION_TTL_DAYS = 60;

function tableOf(em: EntityManager): string {
  return `"${em.config.get('schema') ?? 'portfolio'}"."tenant_invitation"`;
}

/** Only the hash is stored: the token itself exists in the e-mail alone. */
export function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new 256-bit token for one tenant's invitation e-mail, stored (as its hash) in the caller's transaction. */
export async function issueInvitationToken(em: EntityManager, tenantId: string, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000);
  await em.execute(`insert into ${tableOf(em)} ("token_hash", "tenant_id", "created_at", "expires_at") values (?, ?, ?, ?)`, [
    hashOf(token),
    tenantId,
    now,
    expiresAt,
  ]);
  return token;
}

/** The tenant a still valid token names, or null for an unknown or expired one. */
export async function tenantOfInvitationToken(em: EntityManager, token: string, now: Date): Promise<string | null> {
  const rows = await em.execute<{ tenant_id: string }[]>(
    `select "tenant_id" from ${tableOf(em)} where "token_hash" = ? and "expires_at" > ?`,
    [hashOf(token), now],
  );
  return rows[0]?.tenant_id ?? null;
}
