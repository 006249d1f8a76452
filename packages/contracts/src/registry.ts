import type { EventContract, RpcContract } from './define.js';
import { UserRegistered } from './identity/events/user-registered.js';
import { portfolioEvents, portfolioRequests } from './portfolio/index.js';

/** Every event of the platform. Adding an event means adding it here; the registry test checks it. */
export const eventRegistry: readonly EventContract[] = [UserRegistered, ...portfolioEvents];

/** Every request/reply message of the platform. */
export const rpcRegistry: readonly RpcContract[] = [...portfolioRequests];

export function eventBySubject(subject: string): EventContract | undefined {
  return eventRegistry.find((contract) => contract.subject === subject);
}
