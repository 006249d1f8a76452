import { rpcRegistry } from '@pm/contracts';
import { locationScopedRequests, notLocationScoped } from './location-scoped-requests.js';

describe('the location-scoped request table', () => {
  it('names every request contract of the registry, either with its permission or as not location-scoped', () => {
    const unclassified = rpcRegistry.filter((contract) => !locationScopedRequests.has(contract) && !notLocationScoped.includes(contract));
    expect(unclassified.map((contract) => contract.subject)).toEqual([]);
  });

  it('never names a request both ways, nor one outside the registry', () => {
    expect([...locationScopedRequests.keys()].filter((contract) => notLocationScoped.includes(contract)).map((c) => c.subject)).toEqual([]);
    const known = new Set(rpcRegistry);
    expect([...locationScopedRequests.keys(), ...notLocationScoped].filter((contract) => !known.has(contract)).map((c) => c.subject)).toEqual([]);
  });
});
