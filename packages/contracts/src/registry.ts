import type { EventContract, RpcContract } from './define.js';
import { identityEvents, identityRequests } from './identity/index.js';
import { portfolioEvents, portfolioRequests } from './portfolio/index.js';
import { assistantEvents, assistantRequests } from './assistant/index.js';

/** Every event of the platform. Adding an event means adding it here; the registry test checks it. */
export const eventRegistry: readonly EventContract[] = [...identityEvents, ...portfolioEvents, ...assistantEvents];

/** Every request/reply message of the platform. */
export const rpcRegistry: readonly RpcContract[] = [...identityRequests, ...portfolioRequests, ...assistantRequests];

export function eventBySubject(subject: string): EventContract | undefined {
  return eventRegistry.find((contract) => contract.subject === subject);
}
