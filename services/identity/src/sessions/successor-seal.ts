import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The successor of a spent refresh token, sealed (AES-256-GCM) with a key derived from the spent token's raw value.
 * The database keeps only the spent token's SHA-256, so what is stored opens for nobody but the holder of the spent
 * token, who may have the successor anyway within the reuse grace.
 */
export function sealSuccessor(successorRaw: string, spentRaw: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(spentRaw), iv);
  const sealed = Buffer.concat([cipher.update(successorRaw, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
}

/** The successor's raw value, or null when `sealed` was not sealed with this token. */
export function openSuccessor(sealed: string, spentRaw: string): string | null {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !body) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(spentRaw), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

function keyOf(spentRaw: string): Buffer {
  return Buffer.from(hkdfSync('sha256', spentRaw, Buffer.alloc(0), 'pm refresh-token successor', 32));
}
