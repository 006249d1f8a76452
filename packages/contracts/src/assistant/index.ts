import type { EventContract, RpcContract } from '../define.js';
import { GetAssistantStatus } from './rpc/assistant-status.js';

export * from './tenant-intents.js';
export * from './rpc/assistant-status.js';

export const assistantEvents: readonly EventContract[] = [];
export const assistantRequests: readonly RpcContract[] = [GetAssistantStatus];
