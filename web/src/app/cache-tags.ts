import type { TagDescription } from '@reduxjs/toolkit/query';
import type { TagType } from './tag-types.js';

/** The pseudo-id every list query carries, so creating an item can refresh lists without knowing their items. */
export const LIST_ID = 'LIST';

type Tags = readonly TagDescription<TagType>[];

/**
 * Tags for a query returning a list: one per item plus the list tag. A failed query still provides the list
 * tag, so the next successful mutation refetches it instead of leaving the error cached.
 */
export function providesList<Item extends { id: string | number }>(result: readonly Item[] | undefined, type: TagType): Tags {
  const listTag = { type, id: LIST_ID };
  return result ? [listTag, ...result.map(({ id }) => ({ type, id }))] : [listTag];
}

/**
 * invalidatesTags for a mutation that must only refetch when it succeeded: a rejected change leaves the cached
 * data true, and refetching it would only flash the screen. `tags` may depend on the result and argument.
 */
export function invalidatesOnSuccess<Result, Arg>(
  tags: Tags | ((result: Result, arg: Arg) => Tags),
): (result: Result | undefined, error: unknown, arg: Arg) => Tags {
  return (result, error, arg) => {
    if (error !== undefined) return [];
    return typeof tags === 'function' ? tags(result as Result, arg) : tags;
  };
}
