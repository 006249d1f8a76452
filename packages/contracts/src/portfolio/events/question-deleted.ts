import { z } from 'zod';
import { defineEvent } from '../../define.js';
import { LocationScopeSchema } from '../property-location.js';

/** A Q&A item was deleted (a copy keeps it deleted even when an older update arrives after this). */
export const QuestionDeleted = defineEvent({
  subject: 'pm.portfolio.question.deleted.v1',
  data: LocationScopeSchema.extend({ questionId: z.string().min(1), changedAt: z.iso.datetime() }),
  fixture: {
    locationId: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c',
    accountId: 'usr_01HZX3',
    ownerUserId: 'usr_01HZX3',
    questionId: '01936f6e-a1b2-7c3d-8e4f-5a6b7c8d9e0f',
    changedAt: '2026-11-24T10:20:00.000Z',
  },
});
