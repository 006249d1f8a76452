import { z } from 'zod';
import { defineEvent } from '../../define.js';
import { limits } from '../../portfolio/validation.js';

/**
 * A member of the team stored their own text as the message's current draft (`PUT message/{id}/draft`): another
 * manager's open inbox shows it at once through the notify stream instead of the draft it had.
 */
export const MessageDraftEdited = defineEvent({
  subject: 'pm.messaging.draft.edited.v1',
  data: z.object({
    draftId: z.string().min(1),
    messageId: z.string().min(1),
    sessionId: z.string().min(1),
    locationId: z.string().min(1),
    accountId: z.string().min(1),
    version: z.number().int().positive().max(1_000_000),
    editedBy: z.string().min(1).max(limits.id),
  }),
  fixture: {
    draftId: '01937b20-0a1b-7c2d-8e3f-4a5b6c7d8ea2',
    messageId: '01937b20-0a1b-7c2d-8e3f-4a5b6c7d8e9f',
    sessionId: '01937b20-0a1b-7c2d-8e3f-4a5b6c7d8ea0',
    locationId: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c',
    accountId: 'usr_01HZX3',
    version: 2,
    editedBy: 'usr_01HZX4',
  },
});
