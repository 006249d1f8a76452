import type { EventContract, RpcContract } from './define.js';
import { UserRegistered } from './identity/events/user-registered.js';
import { PropertyLocationCreated } from './portfolio/events/property-location-created.js';

/** Every event of the platform. Adding an event means adding it here; the registry test checks it. */
export const eventRegistry: readonly EventContract[] = [UserRegistered, PropertyLocationCreated];

/** Every request/reply message of the platform. */
export const rpcRegistry: readonly RpcContract[] = [];

export function eventBySubject(subject: string): EventContract | undefined {
  return eventRegistry.find((contract) => contract.subject === subject);
}
