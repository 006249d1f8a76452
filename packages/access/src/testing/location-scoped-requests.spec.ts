import { rpcRegistry } from '@pm/contracts';
import { GetTenant, GetUserProperty } from '@pm/contracts';
import { locationScopedRequests, namesNoResource, notLocationScoped } from './location-scoped-requests.js';

describe('the location-scoped request table', () => {
  it('names every request contract of the registry, either with its permission or as not location-scoped', () => {
    const unclassified = rpcRegistry.filter(
      (contract) => !locationScopedRequests.has(contract) && !notLocationScoped.includes(contract) && !namesNoResource(contract),
    );
    expect(unclassified.map((contract) => contract.subject)).toEqual([]);
  });

  it('takes a request that names no resource as acting on the caller alone, and one that names a location as not', () => {
    expect(namesNoResource(GetUserProperty)).toBe(true);
    expect(namesNoResource(GetTenant)).toBe(false);
  });

  it('never names a request both ways, nor one outside the registry', () => {
    expect([...locationScopedRequests.keys()].filter((contract) => notLocationScoped.includes(contract)).map((c) => c.subject)).toEqual([]);
    const known = new Set(rpcRegistry);
    expect([...locationScopedRequests.keys(), ...notLocationScoped].filter((contract) => !known.has(contract)).map((c) => c.subject)).toEqual([]);
  });
});
