import { rpcContractsIn, type EventContract, type RpcContract } from '../define.js';
import { MessageReceived } from './events/message-received.js';
import * as inboxRpc from './rpc/inbox.js';

export * from './inbound.js';
export * from './inbox.js';
export * from './events/message-received.js';
export * from './rpc/inbox.js';

export const messagingEvents: readonly EventContract[] = [MessageReceived];
export const messagingRequests: readonly RpcContract[] = rpcContractsIn(inboxRpc);
