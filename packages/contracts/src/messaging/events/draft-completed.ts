import { z } from 'zod';
import { defineEvent } from '../../define.js';

/**
 * A message's draft version was filled with the assistant's answer (ready or failed), in messaging's own words: the
 * inbox refreshes on it through the notify stream. (The assistant's ReplyDraftCompleted belongs to its context, and a
 * stream reads one context's events.)
 */
export const MessageDraftCompleted = defineEvent({
  subject: 'pm.messaging.draft.completed.v1',
  data: z.object({
    draftId: z.string().min(1),
    messageId: z.string().min(1),
    sessionId: z.string().min(1),
    locationId: z.string().min(1),
    accountId: z.string().min(1),
    status: z.enum(['ready', 'failed']),
    urgent: z.boolean(),
  }),
  fixture: {
    draftId: '01937b20-0a1b-7c2d-8e3f-4a5b6c7d8ea1',
    messageId: '01937b20-0a1b-7c2d-8e3f-4a5b6c7d8e9f',
    sessionId: '01937b20-0a1b-7c2d-8e3f-4a5b6c7d8ea0',
    locationId: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c',
    accountId: 'usr_01HZX3',
    status: 'ready',
    urgent: true,
  },
});
