import { rpcRegistry } from '@pm/contracts';
import { GetTenant, GetUserProperty } from '@pm/contracts';
import { FORBIDDEN } from '../location-access.js';
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

describe('what a location-scoped request documents', () => {
  // LocationAccess answers a caller without access 404 (the resource's own message) and a role without the permission
  // 403; the API description is generated from the contracts' errors, so each must list both (schemathesis checks it).
  it('lists the 404 and the 403 of the access rule in every location-scoped contract', () => {
    const undocumented = [...locationScopedRequests.keys()].flatMap((contract) => {
      const errors = (contract.errors ?? {}) as Record<number, string | readonly string[] | undefined>;
      const forbidden = ([] as string[]).concat(errors[403] ?? []);
      return [
        ...(errors[404] === undefined ? [`${contract.subject}: 404`] : []),
        ...(forbidden.includes(FORBIDDEN) ? [] : [`${contract.subject}: 403 "${FORBIDDEN}"`]),
      ];
    });
    expect(undocumented).toEqual([]);
  });
});
