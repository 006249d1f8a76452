import { z } from 'zod';
import { defineEvent } from '../../define.js';
import { draftLimits, DraftResultSchema } from '../../messaging/drafts.js';

/**
 * The assistant's answer to a `DraftRequested`: the draft (`status: 'ready'`) or why there is none (`failed`: the
 * models are unavailable, with the message to show, or drafting timed out). Messaging fills the draft version
 * `draftId` with it, once.
 */
export const ReplyDraftCompleted = defineEvent({
  subject: 'pm.assistant.reply-draft.completed.v1',
  data: z.object({
    locationId: z.string().min(1),
    accountId: z.string().min(1),
    draftId: z.string().min(1),
    messageId: z.string().min(1),
    status: z.enum(['ready', 'failed']),
    draft: DraftResultSchema.nullable(),
    failure: z.string().max(draftLimits.failure).nullable(),
    completedAt: z.iso.datetime(),
  }),
  fixture: {
    locationId: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c',
    accountId: 'usr_01HZX3',
    draftId: '01937b20-0a1b-7c2d-8e3f-4a5b6c7d8ea1',
    messageId: '01937b20-0a1b-7c2d-8e3f-4a5b6c7d8e9f',
    status: 'ready',
    draft: {
      reply: 'Thank you for letting us know. Please turn off the water valve under the sink; a plumber is on the way.',
      language: 'en',
      urgent: true,
      intent: 'emergency',
      confidence: 0.82,
      sources: [{ kind: 'question', id: '01937a20-0a1b-7c2d-8e3f-4a5b6c7d8e00', title: 'What do I do about a water leak?', score: 0.82 }],
      nearMisses: [],
      outcome: 'model-reply',
      flaggedForManager: true,
    },
    failure: null,
    completedAt: '2026-11-24T10:15:08.000Z',
  },
});
