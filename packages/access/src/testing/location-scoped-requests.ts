import { rpcRegistry, type Permission, type RpcContract } from '@pm/contracts';

/**
 * The permission every location-scoped request needs, read from the contracts' own `access` (written there as data,
 * independently of the handlers, so a handler that checks the wrong permission fails its service's access matrix).
 * A request that names a resource says its permission or `caller` in its contract; the unit test beside this file
 * fails until it does, and each service's matrix test fails until it calls every request of its context listed here.
 */
export const locationScopedRequests: ReadonlyMap<RpcContract, Permission> = new Map(
  rpcRegistry.flatMap((contract): [RpcContract, Permission][] => (contract.access && contract.access !== 'caller' ? [[contract, contract.access]] : [])),
);

/**
 * Requests that name a resource yet no location: they reach only the caller's own things (the chat sessions, a
 * membership, the resident's own conversations); each contract says why beside its `access: 'caller'`.
 */
export const notLocationScoped: readonly RpcContract[] = rpcRegistry.filter((contract) => contract.access === 'caller');

/**
 * A request whose fields name no resource (no `id`, `*_id`, `*Id`, `*_ids`, `*Ids`) cannot reach into a location: it
 * acts on the caller alone (their own home, their locations' list), so it needs no `access`.
 */
export function namesNoResource(contract: RpcContract): boolean {
  const shape = (contract.request as { shape?: Record<string, unknown> }).shape;
  return shape !== undefined && !Object.keys(shape).some((field) => /(^id|_id|Id|_ids|Ids)$/.test(field));
}

/** The permission a location-scoped request needs (throws for one whose contract names none). */
export function permissionFor(contract: RpcContract): Permission {
  const permission = locationScopedRequests.get(contract);
  if (!permission) throw new Error(`${contract.subject} names no permission in its contract's access (@pm/access/testing)`);
  return permission;
}

/** The location-scoped requests of one context, e.g. every portfolio request its matrix test must call. */
export function locationScopedRequestsOf(context: RpcContract['context']): RpcContract[] {
  return [...locationScopedRequests.keys()].filter((contract) => contract.context === context);
}
