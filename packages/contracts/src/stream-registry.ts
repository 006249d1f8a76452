import { ManagerChatAnswerStream } from './assistant/streams/manager-chat-answer-stream.js';
import { ManagerChatStream } from './assistant/streams/manager-chat-stream.js';
import type { StreamContract } from './define-stream.js';
import { TerriChatStream } from './assistant/terri-chat-stream.js';
import { MessagingNotifyStream } from './messaging/streams/notify-stream.js';
import { DocumentStatusStream } from './vault/streams/status-stream.js';

/**
 * Every server-sent event stream the BFF serves, one generic endpoint each. Streams of the spec (msg/notify-stream,
 * document/status-stream) join as their contexts arrive; adding one here is all it takes to serve it.
 */
export const streamRegistry: readonly StreamContract[] = [TerriChatStream, ManagerChatStream, ManagerChatAnswerStream, MessagingNotifyStream, DocumentStatusStream];

