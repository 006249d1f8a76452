import { createHash } from 'node:crypto';
import { THREAD_EXPORT_GENESIS_HASH, type ThreadExportEntry } from '@pm/contracts';

type Unchained<E> = E extends unknown ? Omit<E, 'previous_hash' | 'hash'> : never;
export type UnchainedEntry = Unchained<ThreadExportEntry>;

/**
 * JSON with object keys sorted by code point at every level and no whitespace: one text per value, so anyone can
 * recompute a hash from the exported JSON. (`undefined` members are dropped, as JSON.stringify drops them.)
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item === undefined ? null : item)).join(',')}]`;
  const members = Object.entries(value as Record<string, unknown>)
    .filter(([, member]) => member !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, member]) => `${JSON.stringify(key)}:${canonicalJson(member)}`);
  return `{${members.join(',')}}`;
}

/** sha256(previous hash + canonical JSON of the entry without its chain fields), hex. */
export function entryHash(previousHash: string, entry: UnchainedEntry | ThreadExportEntry): string {
  const { previous_hash: _previous, hash: _hash, ...content } = entry as ThreadExportEntry;
  return createHash('sha256').update(previousHash + canonicalJson(content), 'utf8').digest('hex');
}

/** The entries chained from the genesis hash, and the final hash. */
export function chain(entries: readonly UnchainedEntry[]): { entries: ThreadExportEntry[]; finalHash: string } {
  let previous = THREAD_EXPORT_GENESIS_HASH;
  const chained = entries.map((entry) => {
    const hash = entryHash(previous, entry);
    const linked = { ...entry, previous_hash: previous, hash } as ThreadExportEntry;
    previous = hash;
    return linked;
  });
  return { entries: chained, finalHash: previous };
}

/**
 * Checks an export's chain as a recipient would: `valid`, or the index of the first entry whose links or hash do not
 * hold (an entry changed, removed, added or moved), or `final` when only the stated final hash is wrong.
 */
export function verifyChain(entries: readonly ThreadExportEntry[], finalHash: string): { valid: true } | { valid: false; brokenAt: number | 'final' } {
  let previous = THREAD_EXPORT_GENESIS_HASH;
  for (const [index, entry] of entries.entries()) {
    if (entry.previous_hash !== previous || entry.hash !== entryHash(previous, entry)) return { valid: false, brokenAt: index };
    previous = entry.hash;
  }
  return previous === finalHash ? { valid: true } : { valid: false, brokenAt: 'final' };
}
