// Paddle's pagination: `per_page` (default 50, at most 200), `after` an id, `order_by=id[ASC]` (default) or
// `id[DESC]`; the answer's `meta.pagination.next` is the full URL of the next page, which the SDK follows as is.
import type { QueryReader } from './fields.js';
import { invalidField } from './paddle-error.js';
import type { ApiRequest, ApiResult } from './router.js';

/** A list filter: no filter given, or the value is one of those asked for. */
export const within = (wanted: readonly string[] | undefined, value: string | null | undefined): boolean => !wanted || (value != null && wanted.includes(value));

export function readPaging(query: QueryReader) {
  return {
    after: query.string('after'),
    perPage: query.integer('per_page', 1, 200) ?? 50,
    order: query.listOf('order_by', ['id[ASC]', 'id[DESC]'])?.[0] ?? 'id[ASC]',
  };
}

/** One page of `items` (in creation order) after the cursor, with the link to the next page. */
export function listPage<T extends { id: string }>(request: ApiRequest, items: readonly T[], paging: ReturnType<typeof readPaging>, view: (item: T) => object = (item) => item): ApiResult {
  const ordered = paging.order === 'id[DESC]' ? [...items].reverse() : [...items];
  let start = 0;
  if (paging.after) {
    const at = ordered.findIndex((item) => item.id === paging.after);
    if (at === -1) throw invalidField('after', `no entity with id ${paging.after} in this list`);
    start = at + 1;
  }
  const data = ordered.slice(start, start + paging.perPage);
  const hasMore = start + paging.perPage < ordered.length;
  const next = new URLSearchParams(request.search);
  if (data.length > 0) next.set('after', data[data.length - 1]!.id);
  return {
    data: data.map(view),
    pagination: {
      per_page: paging.perPage,
      next: `${request.sb.baseUrl()}${request.pathname}?${next.toString()}`,
      has_more: hasMore,
      estimated_total: ordered.length,
    },
  };
}
