import { LIST_ID } from '../cache-tags.js';
import type { EndpointTable } from '../contract-endpoints.js';

/** Spec 001 §9: the chat gives up on an answer after 60 s. */
const CHAT_TIMEOUT_MS = 60_000;

/** The cache tags and call options of assistant's generated endpoints (app/generated/assistant-api.ts). */
export const assistant: EndpointTable = {
  GetChatUsage: { provides: ['ChatUsage'] },
  ListChatMessages: { provides: ['ChatMessage'] },
  // The anonymous visitor's usage counts each message sent.
  SendChatMessage: { invalidates: ['ChatUsage'] },
  ListChatSessions: {
    provides: (result) => [{ type: 'ManagerChatSession', id: LIST_ID }, ...(result?.items ?? []).map(({ id }) => ({ type: 'ManagerChatSession' as const, id }))],
  },
  GetChatSession: { provides: (_result, { id }) => [{ type: 'ManagerChatSession', id }] },
  DeleteChatSession: { invalidates: [{ type: 'ManagerChatSession', id: LIST_ID }] },
  // The document page's chat card asks the manager assistant about one document (the floating widget streams instead).
  CommunicateWithAssistant: {
    call: { timeout: CHAT_TIMEOUT_MS },
    invalidates: (result) => [{ type: 'ManagerChatSession', id: LIST_ID }, { type: 'ManagerChatSession', id: result.session_id }],
  },
};
