import { CommunicateWithAssistant, type RequestInputOf, type ResponseOf } from '@pm/contracts';
import { baseApi } from '../../app/base-api.js';
import { invalidatesOnSuccess, LIST_ID } from '../../app/cache-tags.js';

import { callOf } from '../../app/contract-endpoints.js';

/** Spec 001 §9: the chat gives up on an answer after 60 s. */
const CHAT_TIMEOUT_MS = 60_000;

/**
 * The document page's chat card asks the manager assistant's Documents tab about this document (`chat_type:
 * 'documents'`, `document_id`), the same call the floating widget makes; the answer names the page it quotes.
 */
export const documentChatApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    askAboutDocument: build.mutation<ResponseOf<typeof CommunicateWithAssistant>, RequestInputOf<typeof CommunicateWithAssistant>>({
      query: (request) => ({ ...callOf(CommunicateWithAssistant)(request), timeout: CHAT_TIMEOUT_MS }),
      invalidatesTags: invalidatesOnSuccess((result) => [{ type: 'ManagerChatSession', id: LIST_ID }, { type: 'ManagerChatSession', id: result.session_id }]),
    }),
  }),
});

export const { useAskAboutDocumentMutation } = documentChatApi;
