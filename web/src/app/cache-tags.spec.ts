import { invalidatesOnSuccess, LIST_ID, providesList } from './cache-tags.js';

describe('providesList', () => {
  it('tags every item and the list', () => {
    expect(providesList([{ id: 'a' }, { id: 7 }], 'PlatformHealth')).toEqual([
      { type: 'PlatformHealth', id: LIST_ID },
      { type: 'PlatformHealth', id: 'a' },
      { type: 'PlatformHealth', id: 7 },
    ]);
  });

  it('still tags the list when the query failed, so a later change refetches it', () => {
    expect(providesList(undefined, 'PlatformHealth')).toEqual([{ type: 'PlatformHealth', id: LIST_ID }]);
  });
});

describe('invalidatesOnSuccess', () => {
  const listTag = { type: 'PlatformHealth', id: LIST_ID } as const;

  it('invalidates the given tags after a successful mutation, including one that returned no body', () => {
    const invalidates = invalidatesOnSuccess<null, string>([listTag]);
    expect(invalidates(null, undefined, 'arg')).toEqual([listTag]);
  });

  it('invalidates nothing when the mutation failed', () => {
    const invalidates = invalidatesOnSuccess<{ id: string }, string>([listTag]);
    expect(invalidates(undefined, { status: 409, data: { message: 'conflict' } }, 'arg')).toEqual([]);
  });

  it('derives tags from the result and argument only on success', () => {
    const invalidates = invalidatesOnSuccess<{ id: string }, { locationId: string }>((result, arg) => [
      { type: 'PlatformHealth', id: result.id },
      { type: 'PlatformHealth', id: arg.locationId },
    ]);
    expect(invalidates({ id: 'r1' }, undefined, { locationId: 'l1' })).toEqual([
      { type: 'PlatformHealth', id: 'r1' },
      { type: 'PlatformHealth', id: 'l1' },
    ]);
    expect(invalidates(undefined, { status: 500 }, { locationId: 'l1' })).toEqual([]);
  });
});
