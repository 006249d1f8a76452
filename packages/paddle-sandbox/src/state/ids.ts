// Paddle's ids: a prefix naming the entity and 26 lowercase characters of a ULID (`pri_01gsz8z1q1n00f12qt82y31smh`).
import { createHash, randomBytes } from 'node:crypto';

const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz';

function base32(bytes: Uint8Array, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += CROCKFORD[bytes[i % bytes.length]! % 32];
  return out;
}

export type IdPrefix = 'pro' | 'pri' | 'ctm' | 'add' | 'txn' | 'sub' | 'evt' | 'ntf' | 'ntfset' | 'paymtd' | 'inv';

/** A fresh id: ten characters of time (milliseconds), sixteen random. */
export function newId(prefix: IdPrefix, nowMs = Date.now()): string {
  let time = '';
  let t = nowMs;
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD[t % 32]! + time;
    t = Math.floor(t / 32);
  }
  return `${prefix}_${time}${base32(randomBytes(16), 16)}`;
}

/** The same id for the same name on every start (catalog entries the adapter is configured with). */
export function stableId(prefix: IdPrefix, name: string): string {
  return `${prefix}_01${base32(createHash('sha256').update(`${prefix}:${name}`).digest(), 24)}`;
}

export function randomToken(length = 32): string {
  return base32(randomBytes(length), length);
}
