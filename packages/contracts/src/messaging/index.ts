import { rpcContractsIn, type EventContract, type RpcContract } from '../define.js';
import { MessageReceived } from './events/message-received.js';
import { DraftRequested } from './events/draft-requested.js';
import * as draftsRpc from './rpc/drafts.js';
import * as inboxRpc from './rpc/inbox.js';
import * as inboundCallsRpc from './rpc/inbound-calls.js';
import * as threadExportRpc from './rpc/thread-export.js';
import * as sandboxPhoneRpc from './rpc/sandbox-phone.js';
import * as repliesRpc from './rpc/replies.js';
import * as autoSendRpc from './rpc/auto-send.js';

export * from './inbound.js';
export * from './inbox.js';
export * from './drafts.js';
export * from './outbound.js';
export * from './rpc/replies.js';
export * from './rpc/auto-send.js';
export * from './events/draft-requested.js';
export * from './rpc/drafts.js';
export * from './events/message-received.js';
export * from './rpc/inbox.js';
export * from './inbound-calls.js';
export * from './rpc/inbound-calls.js';
export * from './thread-export.js';
export * from './rpc/thread-export.js';
export * from './rpc/sandbox-phone.js';

export const messagingEvents: readonly EventContract[] = [MessageReceived, DraftRequested];
export const messagingRequests: readonly RpcContract[] = rpcContractsIn(inboxRpc, draftsRpc, repliesRpc, autoSendRpc, inboundCallsRpc, threadExportRpc, sandboxPhoneRpc);
