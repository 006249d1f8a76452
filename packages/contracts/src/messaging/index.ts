import { rpcContractsIn, type EventContract, type RpcContract } from '../define.js';
import { MessageReceived } from './events/message-received.js';
import { DraftRequested } from './events/draft-requested.js';
import * as draftsRpc from './rpc/drafts.js';
import * as inboxRpc from './rpc/inbox.js';
import * as repliesRpc from './rpc/replies.js';
import * as residentRpc from './rpc/resident.js';

export * from './inbound.js';
export * from './inbox.js';
export * from './drafts.js';
export * from './outbound.js';
export * from './rpc/replies.js';
export * from './events/draft-requested.js';
export * from './rpc/drafts.js';
export * from './events/message-received.js';
export * from './rpc/inbox.js';
export * from './rpc/resident.js';

export const messagingEvents: readonly EventContract[] = [MessageReceived, DraftRequested];
export const messagingRequests: readonly RpcContract[] = rpcContractsIn(inboxRpc, draftsRpc, repliesRpc, residentRpc);
