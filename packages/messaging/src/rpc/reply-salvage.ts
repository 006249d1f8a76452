import type { z } from 'zod';

/** Where a reply was mended: fields cleared to null, list entries left out (paths only, never the stored values). */
export interface ReplyRepairs {
  cleared: string[];
  dropped: string[];
}

export type SalvagedReply = { ok: true; data: unknown; repairs: ReplyRepairs | null } | { ok: false; issues: z.core.$ZodIssue[] };

/**
 * A reply checked against its schema, mended where one bad stored value would otherwise fail all of it: a value that
 * breaks its field is cleared to null where the field may be empty (the row still shows, and its owner can find it
 * and set the value again), and an entry of a list that still does not fit is left out (the rest of the list still
 * reads). What cannot be mended this way (the reply's own shape is wrong) stays a failure.
 */
export function salvageReply(schema: z.ZodType, value: unknown): SalvagedReply {
  const first = schema.safeParse(value);
  if (first.success) return { ok: true, data: first.data, repairs: null };
  const copy = structuredClone(value);
  const repairs: ReplyRepairs = { cleared: [], dropped: [] };

  for (const issue of first.error.issues) {
    if (issue.path.length > 0 && setAt(copy, issue.path, null)) repairs.cleared.push(pathText(issue.path));
  }
  let attempt = schema.safeParse(copy);
  if (attempt.success) return { ok: true, data: attempt.data, repairs };

  const drops = new Map<unknown[], Set<number>>();
  for (const issue of attempt.error.issues) {
    const entry = innermostListEntry(copy, issue.path);
    if (!entry) return { ok: false, issues: first.error.issues };
    const indexes = drops.get(entry.list) ?? new Set<number>();
    indexes.add(entry.index);
    drops.set(entry.list, indexes);
    if (!repairs.dropped.includes(pathText(entry.path))) repairs.dropped.push(pathText(entry.path));
  }
  for (const [list, indexes] of drops) for (const index of [...indexes].sort((a, b) => b - a)) list.splice(index, 1);
  repairs.cleared = repairs.cleared.filter((cleared) => !repairs.dropped.some((dropped) => cleared === dropped || cleared.startsWith(`${dropped}.`)));
  attempt = schema.safeParse(copy);
  return attempt.success ? { ok: true, data: attempt.data, repairs } : { ok: false, issues: first.error.issues };
}

function setAt(root: unknown, path: readonly PropertyKey[], value: unknown): boolean {
  let node = root;
  for (const key of path.slice(0, -1)) {
    if (typeof node !== 'object' || node === null) return false;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return false;
  (node as Record<PropertyKey, unknown>)[path.at(-1)!] = value;
  return true;
}

/** The deepest array entry on an issue's path: the contact rather than the tenant, the tenant rather than the page. */
function innermostListEntry(root: unknown, path: readonly PropertyKey[]): { list: unknown[]; index: number; path: PropertyKey[] } | undefined {
  let node = root;
  let found: { list: unknown[]; index: number; path: PropertyKey[] } | undefined;
  for (let i = 0; i < path.length; i++) {
    if (typeof node !== 'object' || node === null) break;
    const key = path[i]!;
    if (Array.isArray(node) && typeof key === 'number' && key < node.length) found = { list: node, index: key, path: path.slice(0, i + 1) as PropertyKey[] };
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return found;
}

function pathText(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}
