import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: the raw value goes into a link or cookie, only its hash into the database. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
