import type { EntityManager } from '@mikro-orm/postgresql';
import { decodeCursor, encodeCursor, type DocumentView, type Page } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { DOCUMENT_COLUMNS, type DocumentRow } from './document-view.js';
import type { DocumentsRepository } from './documents.repository.js';
import { table } from './vault-tables.js';

export type DocumentSort = 'created_at' | 'name' | 'size' | 'status' | 'category';

/** Each sort's key, as SQL and as the type its cursor value is compared as; ties are broken by id. */
const SORT_KEYS: Record<DocumentSort, { sql: string; cast: string }> = {
  created_at: { sql: 'd.created_at', cast: 'timestamptz' },
  name: { sql: 'lower(d.original_name)', cast: 'text' },
  size: { sql: 'd.size', cast: 'bigint' },
  status: { sql: 'd.status', cast: 'text' },
  category: { sql: 'coalesce(d.category_id, 0)', cast: 'integer' },
};

/**
 * One page of documents matching `where` (SQL over the alias `d`, with its parameters), in the order asked, with the
 * total: the vault list and the folder contents read documents the same way, with the same cursors.
 */
export async function documentPage(
  em: EntityManager,
  documents: DocumentsRepository,
  filter: { where: readonly string[]; params: readonly unknown[] },
  page: { sort: DocumentSort; order: 'asc' | 'desc'; limit: number; cursor?: string | undefined },
): Promise<Page<DocumentView>> {
  const where = [...filter.where];
  const params = [...filter.params];
  const total = Number((await em.execute<{ n: string }[]>(`select count(*) as n from ${table(em, 'document')} d where ${where.join(' and ')}`, params))[0]?.n ?? 0);
  const key = SORT_KEYS[page.sort];
  const direction = page.order === 'asc' ? 'asc' : 'desc';
  const comparison = direction === 'asc' ? '>' : '<';
  if (page.cursor) {
    const position = decodeCursor(page.cursor, 2);
    if (!position) throw RpcFailure.badRequest('Invalid cursor');
    where.push(`(${key.sql}, d.id) ${comparison} (?::${key.cast}, ?::uuid)`);
    params.push(position[0], position[1]);
  }
  const rows = await em.execute<(DocumentRow & { sort_key: string | number | Date })[]>(
    `select ${DOCUMENT_COLUMNS}, ${key.sql} as sort_key from ${table(em, 'document')} d
      where ${where.join(' and ')} order by ${key.sql} ${direction}, d.id ${direction} limit ?`,
    [...params, page.limit + 1],
  );
  const items = rows.slice(0, page.limit);
  const last = items.at(-1);
  const lastKey = last ? (last.sort_key instanceof Date ? last.sort_key.toISOString() : String(last.sort_key)) : null;
  return {
    items: await documents.views(em, items),
    next_cursor: rows.length > page.limit && last ? encodeCursor([lastKey, last.id]) : null,
    total,
  };
}
