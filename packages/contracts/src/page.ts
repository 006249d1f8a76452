import { z } from 'zod';

/**
 * One page shape for every list that grows: ask with `limit` (1–200, 50 by default) and the `cursor` of the previous
 * page; the answer has the `items`, the `next_cursor` (null on the last page) and the `total` of the whole list.
 * Cursors are opaque to callers: keyset positions (the last item's sort key and id), so a page stays correct while
 * rows are added or removed before it, and reading page 100 costs what reading page 1 does.
 */
export const PAGE_LIMIT_DEFAULT = 50;
export const PAGE_LIMIT_MAX = 200;
/** Cursors are a base64url keyset position of a few ids and times: far below this. */
const PAGE_CURSOR_MAX = 500;

const LIMIT_ERROR = `Limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}`;

export const pageRequestFields = {
  // The BFF reads an empty query value (`?limit=`) as a value not given (contracts/http.ts), so '' is documented as
  // allowed and read as the default, as query choices do (query-choice.ts): the conformance run holds the API to it.
  limit: z
    .union([z.literal(''), z.number({ error: LIMIT_ERROR }).int(LIMIT_ERROR).min(1, LIMIT_ERROR).max(PAGE_LIMIT_MAX, LIMIT_ERROR)], { error: LIMIT_ERROR })
    .default(PAGE_LIMIT_DEFAULT)
    .transform((value): number => (value === '' ? PAGE_LIMIT_DEFAULT : value)),
  cursor: z.string().max(PAGE_CURSOR_MAX, 'Invalid cursor').regex(/^[A-Za-z0-9_-]*$/, 'Invalid cursor').optional(),
};

export function pageSchema<Item extends z.ZodType>(item: Item) {
  return z.object({
    items: z.array(item),
    next_cursor: z.string().max(PAGE_CURSOR_MAX).nullable(),
    // zod's int() is already bounded by Number.MAX_SAFE_INTEGER; a count has no smaller natural ceiling.
    total: z.number().int().nonnegative(),
  });
}

export type Page<Item> = { items: Item[]; next_cursor: string | null; total: number };

/** A keyset position as an opaque, URL-safe cursor. */
export function encodeCursor(position: readonly (string | number | null)[]): string {
  return base64url(JSON.stringify(position));
}

/** The position a cursor stands for, or null when it is not one of ours (the caller answers 400 "Invalid cursor"). */
export function decodeCursor(cursor: string, arity: number): (string | number | null)[] | null {
  try {
    const position: unknown = JSON.parse(fromBase64url(cursor));
    if (!Array.isArray(position) || position.length !== arity) return null;
    return position.every((part) => part === null || typeof part === 'string' || typeof part === 'number') ? (position as (string | number | null)[]) : null;
  } catch {
    return null;
  }
}

// btoa/atob over UTF-8 bytes: this package runs in the browser as well as in Node.
function base64url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(cursor: string): string {
  const binary = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}
