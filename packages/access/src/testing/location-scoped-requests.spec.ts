import { rpcRegistry } from '@pm/contracts';
import { GetTenant, GetUserProperty, ListChatSessions, ListMessageSessions, RateChatMessage } from '@pm/contracts';
import { FORBIDDEN } from '../location-access.js';
import { locationScopedRequests, namesNoResource, notLocationScoped, permissionFor } from './location-scoped-requests.js';

describe('the access matrix read from the contracts', () => {
  it('has every request contract that names a resource say its permission or that it reaches only the caller', () => {
    const unclassified = rpcRegistry.filter((contract) => contract.access === undefined && !namesNoResource(contract));
    expect(unclassified.map((contract) => contract.subject)).toEqual([]);
  });

  it('takes a request that names no resource as acting on the caller alone, and one that names a location as not', () => {
    expect(namesNoResource(GetUserProperty)).toBe(true);
    expect(namesNoResource(GetTenant)).toBe(false);
    expect(namesNoResource(ListChatSessions)).toBe(true);
  });

  it("lists a contract's permission as location-scoped and `caller` as not", () => {
    expect(permissionFor(ListMessageSessions)).toBe('message:read');
    expect(permissionFor(GetTenant)).toBe('tenant:read');
    expect(notLocationScoped).toContain(RateChatMessage);
    expect(locationScopedRequests.has(RateChatMessage)).toBe(false);
    expect(() => permissionFor(RateChatMessage)).toThrow('pm.rpc.assistant.chat-message.rate.v1 names no permission');
    expect([...locationScopedRequests.keys()].filter((contract) => notLocationScoped.includes(contract))).toEqual([]);
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
