import { z } from 'zod';
import { ACCESS_FORBIDDEN } from '../../access/permissions.js';
import { defineRpc } from '../../define.js';
import { IdRefSchema, requiredText } from '../../portfolio/validation.js';
import { draftLimits, MessageDraftSchema, type MessageDraftView } from '../drafts.js';
import { MESSAGE_SESSION_NOT_FOUND, NOT_AN_EMAIL_THREAD } from './inbox.js';
import { REPLY_REQUIRED } from './replies.js';

export const MESSAGE_NOT_FOUND = 'Message not found';
/** Spec 001 §6 (Messaging toasts): the answer of Regenerate, shown as is. */
export const DRAFT_REGENERATED = 'AI response regenerated successfully';
export const DRAFT_STORED = 'Manager response stored successfully';

const draftFixture: MessageDraftView = {
  id: '01937b20-0a1b-7c2d-8e3f-4a5b6c7d8ea1',
  message_id: '01937b20-0a1b-7c2d-8e3f-4a5b6c7d8e9f',
  version: 1,
  origin: 'ai',
  status: 'ready',
  reply: 'Thank you for letting us know. Please turn off the water valve under the sink; a plumber is on the way.',
  language: 'en',
  urgent: true,
  intent: 'emergency',
  confidence: 0.82,
  sources: [{ kind: 'question', id: '01937a20-0a1b-7c2d-8e3f-4a5b6c7d8e00', title: 'What do I do about a water leak?', score: 0.82 }],
  near_misses: [],
  outcome: 'model-reply',
  flagged_for_manager: true,
  failure: null,
  edited_by: null,
  created_at: '2026-11-24T10:15:00.000Z',
  completed_at: '2026-11-24T10:15:08.000Z',
};

/**
 * GET message/{id}/draft: the draft of an inbound message, every version newest first (the card shows the first,
 * View History all of them); 404 'Message not found'.
 */
export const GetMessageDraft = defineRpc({
  subject: 'pm.rpc.messaging.draft.get.v1',
  description: "every version of the message's draft, newest first (card + View History)",
  access: 'message:read',
  http: { method: 'GET', path: 'message/:id/draft' },
  errors: { 404: MESSAGE_NOT_FOUND, 403: ACCESS_FORBIDDEN },
  request: z.object({ id: IdRefSchema }),
  response: z.object({ versions: z.array(MessageDraftSchema) }),
  fixture: { request: { id: draftFixture.message_id }, response: { versions: [draftFixture] } },
});

/**
 * POST message/{id}/draft/regenerate: asks the assistant for a new draft of the message. The new version is
 * `pending` until the assistant answers (seconds with the local model); the earlier versions stay in the history.
 */
export const RegenerateMessageDraft = defineRpc({
  subject: 'pm.rpc.messaging.draft.regenerate.v1',
  description: 'a new `pending` version and a new request to the assistant; answers `{ message: "AI response regenerated successfully", draft }`; takes `Idempotency-Key`',
  access: 'message:send',
  http: { method: 'POST', path: 'message/:id/draft/regenerate', idempotent: true },
  errors: { 404: MESSAGE_NOT_FOUND, 403: ACCESS_FORBIDDEN },
  request: z.object({ id: IdRefSchema }),
  response: z.object({ message: z.string().max(200), draft: MessageDraftSchema }),
  fixture: {
    request: { id: draftFixture.message_id },
    response: { message: DRAFT_REGENERATED, draft: { ...draftFixture, version: 2, origin: 'regenerate', status: 'pending', reply: null, language: null, urgent: false, intent: null, confidence: null, sources: [], near_misses: [], outcome: null, flagged_for_manager: false, completed_at: null } },
  },
});

/** PUT message/{id}/draft: the team's own text for the reply, kept as a new version with who wrote it and when. */
export const EditMessageDraft = defineRpc({
  subject: 'pm.rpc.messaging.draft.edit.v1',
  description: 'the team\'s own text as a new version (trimmed, ≤ 10,000 characters, control characters refused: 400 "Response is required" / "Response must be at most 10,000 characters" / "Response contains characters that are not allowed"); answers `{ message: "Manager response stored successfully", draft }`',
  access: 'message:send',
  http: { method: 'PUT', path: 'message/:id/draft' },
  errors: { 400: ['Response is required', `Response must be at most ${draftLimits.reply.toLocaleString('en-US')} characters`, 'Response contains characters that are not allowed'], 404: MESSAGE_NOT_FOUND, 403: ACCESS_FORBIDDEN },
  request: z.object({ id: IdRefSchema, response: requiredText('Response', draftLimits.reply) }),
  response: z.object({ message: z.string().max(200), draft: MessageDraftSchema }),
  fixture: {
    request: { id: draftFixture.message_id, response: 'Please shut the valve under the sink; our plumber arrives within the hour.' },
    response: { message: DRAFT_STORED, draft: { ...draftFixture, version: 2, origin: 'edit', reply: 'Please shut the valve under the sink; our plumber arrives within the hour.', edited_by: 'usr_01HZX3' } },
  },
});

/** Our words where the spec is silent: an e-mail thread with nothing from the tenant (only the team's own messages). */
export const NO_MESSAGE_TO_ANSWER = 'This conversation has no message from the tenant to answer';

/** An optional id that must match the thread's own when given; '' (an empty form value) is none. */
const MatchingIdSchema = IdRefSchema.optional().transform((value) => value || undefined);
const threadErrors = { 404: MESSAGE_SESSION_NOT_FOUND, 409: [NOT_AN_EMAIL_THREAD, NO_MESSAGE_TO_ANSWER], 403: ACCESS_FORBIDDEN } as const;

/**
 * POST email/manager-response (spec 001 §7: sessionId, message, propertyId): the team's own text for the reply to an
 * e-mail thread, stored as a new version of the draft of its latest message from the tenant, with who wrote it and
 * when (`PUT message/{id}/draft` on that message); nothing is sent. `propertyId`, when given, must be the thread's
 * location (another answers 404, as a thread that does not exist). Answers "Manager response stored successfully".
 */
export const StoreEmailManagerResponse = defineRpc({
  subject: 'pm.rpc.messaging.email.manager-response.v1',
  access: 'message:send',
  http: { method: 'POST', path: 'email/manager-response', idempotent: true },
  errors: { 400: [REPLY_REQUIRED, `Message must be at most ${draftLimits.reply.toLocaleString('en-US')} characters`, 'Message contains characters that are not allowed'], ...threadErrors },
  request: z.object({
    sessionId: IdRefSchema,
    message: requiredText('Message', draftLimits.reply, { required: REPLY_REQUIRED }),
    propertyId: MatchingIdSchema,
  }),
  response: z.object({ message: z.string().max(200), draft: MessageDraftSchema }),
  fixture: {
    request: { sessionId: '01937b20-0a1b-7c2d-8e3f-4a5b6c7d8ea0', message: 'Please shut the valve under the sink; our plumber arrives within the hour.', propertyId: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c' },
    response: { message: DRAFT_STORED, draft: { ...draftFixture, version: 2, origin: 'edit', reply: 'Please shut the valve under the sink; our plumber arrives within the hour.', edited_by: 'usr_01HZX3' } },
  },
});

/**
 * POST email/generate (spec 001 §7: message, location_id, tenant_id, session_id): asks the assistant for a new draft of
 * the reply to an e-mail thread (`POST message/{id}/draft/regenerate` on its latest message from the tenant, or on
 * `message`, the id of one of the thread's messages from the tenant). The new version is answered `pending`; its text
 * comes with the assistant's answer (seconds with the local model), read with `GET message/{id}/draft` or the inbox.
 * `location_id` and `tenant_id`, when given, must be the thread's (another answers 404).
 */
export const GenerateEmailResponse = defineRpc({
  subject: 'pm.rpc.messaging.email.generate.v1',
  access: 'message:send',
  http: { method: 'POST', path: 'email/generate', idempotent: true },
  errors: threadErrors,
  request: z.object({ message: MatchingIdSchema, location_id: MatchingIdSchema, tenant_id: MatchingIdSchema, session_id: IdRefSchema }),
  response: z.object({ message: z.string().max(200), draft: MessageDraftSchema }),
  fixture: {
    request: { session_id: '01937b20-0a1b-7c2d-8e3f-4a5b6c7d8ea0', location_id: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c' },
    response: {
      message: DRAFT_REGENERATED,
      draft: { ...draftFixture, version: 2, origin: 'regenerate', status: 'pending', reply: null, language: null, urgent: false, intent: null, confidence: null, sources: [], near_misses: [], outcome: null, flagged_for_manager: false, completed_at: null },
    },
  },
});
