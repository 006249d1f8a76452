import { defineEvent } from '../../define.js';
import { QuestionEventDetailsSchema } from '../knowledge.js';
import { LocationScopeSchema } from '../property-location.js';

/** A Q&A item was added to a location's knowledge base. */
export const QuestionCreated = defineEvent({
  subject: 'pm.portfolio.question.created.v1',
  data: LocationScopeSchema.extend(QuestionEventDetailsSchema.shape),
  fixture: {
    locationId: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c',
    accountId: 'usr_01HZX3',
    ownerUserId: 'usr_01HZX3',
    questionId: '01936f6e-a1b2-7c3d-8e4f-5a6b7c8d9e0f',
    question: 'Where do I put the trash?',
    answer: 'In the bins behind building A, collected on Tuesdays.',
    changedAt: '2026-11-24T10:15:00.000Z',
  },
});
