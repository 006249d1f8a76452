import type { EntityManager } from '@mikro-orm/postgresql';
import type { LocationGrant } from '../location-access.js';
import { GrantCache } from './grant-cache.js';

const caller = { userId: 'user-1', accountId: 'account-1' };
const location = '0193a000-0000-7000-8000-000000000001';
const grant: LocationGrant = { locationId: location, accountId: 'account-1', role: 'OWNER' };
const em = () => ({}) as EntityManager;

describe('GrantCache', () => {
  it('answers a grant it was given, for that caller only', () => {
    const cache = new GrantCache();
    const request = em();
    cache.remember(request, caller, location, grant, cache.mark());
    expect(cache.lookup(em(), caller, location)).toEqual(grant);
    expect(cache.lookup(em(), { ...caller, userId: 'user-2' }, location)).toBeUndefined();
  });

  it('forgets everything when a grant event is applied, and keeps nothing read before it', () => {
    const cache = new GrantCache();
    cache.remember(em(), caller, location, grant, cache.mark());
    const before = cache.mark();
    cache.changed(em());
    expect(cache.lookup(em(), caller, location)).toBeUndefined();
    cache.remember(em(), caller, location, grant, before);
    expect(cache.lookup(em(), caller, location)).toBeUndefined();
  });

  it('remembers nothing while the transaction that applied a grant event may not have committed', () => {
    const cache = new GrantCache();
    const applying = em();
    cache.changed(applying);
    cache.remember(em(), caller, location, grant, cache.mark());
    expect(cache.lookup(em(), caller, location)).toBeUndefined();
    expect(cache.lookup(applying, caller, location)).toBeUndefined();
  });
});
