export * from './tenant-intents.js';
export * from './rpc/assistant-status.js';
export * from './terri-chat.js';
export * from './events/chat-message-posted.js';
export * from './events/reply-draft-completed.js';
export * from './rpc/terri-chat.js';
export * from './terri-chat-stream.js';
export * from './manager-chat.js';
export * from './rpc/manager-chat.js';
export * from './events/manager-chat-answered.js';
export * from './rpc/voice-answer.js';
export * from './streams/manager-chat-stream.js';
export * from './streams/manager-chat-answer-stream.js';
export * from './events/manager-chat-answer-progressed.js';
export * from './events/manager-chat-answer-failed.js';
export * from './events/chat-reply-progressed.js';
export * from './events/document-insights-ready.js';

import * as assistantStatusRpc from './rpc/assistant-status.js';
import * as terriChatRpc from './rpc/terri-chat.js';
import * as managerChatRpc from './rpc/manager-chat.js';
import * as voiceAnswerRpc from './rpc/voice-answer.js';
import { rpcContractsIn } from '../define.js';
import { ChatMessagePosted } from './events/chat-message-posted.js';
import { DocumentInsightsReady } from './events/document-insights-ready.js';
import { ManagerChatAnswered } from './events/manager-chat-answered.js';
import { ManagerChatAnswerFailed } from './events/manager-chat-answer-failed.js';
import { ManagerChatAnswerProgressed } from './events/manager-chat-answer-progressed.js';
import { ChatReplyProgressed } from './events/chat-reply-progressed.js';
import { ReplyDraftCompleted } from './events/reply-draft-completed.js';

/** The assistant context's events and requests, for the platform registry. */
export const assistantEvents = [ChatMessagePosted, ChatReplyProgressed, ManagerChatAnswered, ManagerChatAnswerProgressed, ManagerChatAnswerFailed, ReplyDraftCompleted, DocumentInsightsReady] as const;
/** Every request contract the rpc files export: a contract added to one of them is registered. */
export const assistantRequests = rpcContractsIn(assistantStatusRpc, terriChatRpc, managerChatRpc, voiceAnswerRpc);
