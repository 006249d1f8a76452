import { describe, expect, it } from '@jest/globals';
import { can, PARTNER_ROLES, type PartnerRole, type Permission, type RpcContract } from '@pm/contracts';
import { locationScopedRequestsOf } from './location-scoped-requests.js';

/** One location-scoped request of a service's matrix: called on a world's resources as one user. */
export interface MatrixEndpoint<World, Caller> {
  contract: RpcContract;
  /** How failures name it. */
  name: string;
  permission: Permission;
  call(world: World, as: Caller): Promise<unknown>;
}

/** An account's location as a matrix needs it: its owner and one partner per role on it. */
export interface MatrixWorld<Caller> {
  owner: Caller;
  partners: Record<PartnerRole, Caller>;
}

/**
 * The access matrix every service that serves location-scoped requests proves, in one place so the services prove the
 * same thing: of two accounts, each one's owner may do everything on its resources and gets 404 on the other's; each
 * partner gets exactly what ROLE_PERMISSIONS gives their role on their account's resources (else 403) and 404 on the
 * other's; a signed-in stranger gets 404 everywhere; and every request of `context` whose contract names a permission is
 * among the endpoints (a new request must be added to the matrix). Call it at the top level of a test file whose
 * `beforeAll` builds the two worlds; `accounts`, `outcome` ('ok' or the failure's status) and `stranger` are read when
 * the tests run.
 */
export function describeAccessMatrix<World extends MatrixWorld<Caller>, Caller>(options: {
  context: RpcContract['context'];
  endpoints: readonly MatrixEndpoint<World, Caller>[];
  accounts: () => readonly [World, World];
  outcome: (call: Promise<unknown>) => Promise<'ok' | number>;
  stranger: () => Promise<Caller>;
}): void {
  const { endpoints, outcome } = options;

  describe.each([0, 1])('account %i', (index) => {
    const own = () => options.accounts()[index]!;
    const other = () => options.accounts()[1 - index]!;

    it("its owner may do everything on its locations and nothing on the other account's (404)", async () => {
      const mismatches: string[] = [];
      for (const endpoint of endpoints) {
        const mine = await outcome(endpoint.call(own(), own().owner));
        if (mine !== 'ok') mismatches.push(`${endpoint.name} on own: ${mine}`);
        const theirs = await outcome(endpoint.call(other(), own().owner));
        if (theirs !== 404) mismatches.push(`${endpoint.name} on other account's: ${theirs}`);
      }
      expect(mismatches).toEqual([]);
    });

    it.each(PARTNER_ROLES)("a %s partner gets exactly the permissions of the table on it, and 404 on the other account's", async (role: PartnerRole) => {
      const user = own().partners[role];
      const mismatches: string[] = [];
      for (const endpoint of endpoints) {
        const expected = can(role, endpoint.permission) ? 'ok' : 403;
        const mine = await outcome(endpoint.call(own(), user));
        if (mine !== expected) mismatches.push(`${endpoint.name} (${endpoint.permission}) on own: ${mine}, expected ${expected}`);
        const theirs = await outcome(endpoint.call(other(), user));
        if (theirs !== 404) mismatches.push(`${endpoint.name} on other account's: ${theirs}, expected 404`);
      }
      expect(mismatches).toEqual([]);
    });

    it('a stranger (signed in, no grant anywhere) gets 404 on every request', async () => {
      const stranger = await options.stranger();
      const mismatches: string[] = [];
      for (const endpoint of endpoints) {
        const result = await outcome(endpoint.call(own(), stranger));
        if (result !== 404) mismatches.push(`${endpoint.name}: ${result}, expected 404`);
      }
      expect(mismatches).toEqual([]);
    });
  });

  it(`covers every ${options.context} request that reaches a location (new requests must be added to the matrix)`, () => {
    const covered = new Set(endpoints.map((endpoint) => endpoint.contract));
    expect(locationScopedRequestsOf(options.context).filter((contract) => !covered.has(contract)).map((c) => c.subject)).toEqual([]);
    expect(endpoints.length).toBe(covered.size);
  });
}
