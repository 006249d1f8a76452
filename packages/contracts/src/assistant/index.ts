export * from './tenant-intents.js';
export * from './manager-chat.js';
export * from './rpc/manager-chat.js';
export * from './events/manager-chat-answered.js';
export * from './streams/manager-chat-stream.js';

import { rpcContractsIn } from '../define.js';
import { ManagerChatAnswered } from './events/manager-chat-answered.js';
import * as managerChatRpc from './rpc/manager-chat.js';

/** The assistant context's events and requests, for the platform registry. */
export const assistantEvents = [ManagerChatAnswered] as const;
export const assistantRequests = rpcContractsIn(managerChatRpc);
