import { z } from 'zod';
import { defineEvent } from '../../define.js';
import { DocumentStatusSchema } from '../documents.js';

/**
 * A document's status or processing progress changed (uploaded, a pipeline step done, processed, failed, deleted,
 * moved to another location). Recorded in the transaction that changes the row; document/status-stream carries it
 * to the browser so lists and the viewer change live. `categoryId` is the document's category after the change, so
 * other contexts (onboarding's "lease uploaded") need no query back.
 */
export const DocumentStatusChanged = defineEvent({
  subject: 'pm.vault.document.status-changed.v1',
  data: z.object({
    documentId: z.string().min(1),
    locationId: z.string().min(1).nullable(),
    accountId: z.string().min(1),
    status: DocumentStatusSchema,
    progress: z.number().int().min(0).max(100),
    categoryId: z.number().int().min(1).max(1_000).nullable(),
    changedAt: z.iso.datetime(),
  }),
  fixture: {
    documentId: '01937c40-0a1b-7c2d-8e3f-4a5b6c7d8e01',
    locationId: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c',
    accountId: 'usr_01HZX3',
    status: 'PROCESSING',
    progress: 40,
    categoryId: 2,
    changedAt: '2026-11-24T10:15:02.000Z',
  },
});
