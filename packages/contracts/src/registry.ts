import type { EventContract, RpcContract } from './define.js';
import { assistantEvents, assistantRequests } from './assistant/index.js';
import { identityEvents, identityRequests } from './identity/index.js';
import { messagingEvents, messagingRequests } from './messaging/index.js';
import { portfolioEvents, portfolioRequests } from './portfolio/index.js';
import { paymentsEvents, paymentsRequests } from './payments/index.js';
import { vaultEvents, vaultRequests } from './vault/index.js';

/** Every event of the platform. Adding an event means adding it here; the registry test checks it. */
export const eventRegistry: readonly EventContract[] = [...identityEvents, ...portfolioEvents, ...messagingEvents, ...vaultEvents, ...assistantEvents, ...paymentsEvents];

/** Every request/reply message of the platform. */
export const rpcRegistry: readonly RpcContract[] = [...identityRequests, ...portfolioRequests, ...messagingRequests, ...vaultRequests, ...assistantRequests, ...paymentsRequests];

export function eventBySubject(subject: string): EventContract | undefined {
  return eventRegistry.find((contract) => contract.subject === subject);
}
