import type { EventContract, RpcContract } from '../define.js';
import { MessageReceived } from './events/message-received.js';

export * from './inbound.js';
export * from './events/message-received.js';

export const messagingEvents: readonly EventContract[] = [MessageReceived];
export const messagingRequests: readonly RpcContract[] = [];
