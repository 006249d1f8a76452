import type { ListObject } from '../wire/objects.js';
import type { Params } from './params.js';
import { invalidRequest } from './stripe-error.js';

export const LIST_PARAMS = ['limit', 'starting_after', 'ending_before'] as const;

/** Stripe's cursor pagination over items already sorted newest first. */
export function listResponse<T extends { id: string }>(items: T[], params: Params, url: string): ListObject<T> {
  const limit = params.int('limit') ?? 10;
  if (limit < 1 || limit > 100) throw invalidRequest('Invalid limit: must be between 1 and 100', 'limit');
  const after = params.string('starting_after');
  const before = params.string('ending_before');
  let start = 0;
  let end = items.length;
  if (after) {
    const i = items.findIndex((item) => item.id === after);
    if (i === -1) throw invalidRequest(`No such object: '${after}'`, 'starting_after', 'resource_missing');
    start = i + 1;
  } else if (before) {
    const i = items.findIndex((item) => item.id === before);
    if (i === -1) throw invalidRequest(`No such object: '${before}'`, 'ending_before', 'resource_missing');
    end = i;
    start = Math.max(0, end - limit);
  }
  const data = items.slice(start, Math.min(end, start + limit));
  const hasMore = before ? start > 0 : start + limit < end;
  return { object: 'list', data, has_more: hasMore, url };
}
