import { z } from 'zod';
import { defineEvent } from '../../define.js';
import { DocumentSourceSchema, vaultLimits } from '../documents.js';

/**
 * A document's file is stored and its row written (status PROCESSING, progress 0): the vault's processing pipeline
 * reads it from here. Recorded in the transaction that writes the row, once per document; reprocessing records it
 * again with `attempt` raised, so a redelivered old event is told from a new request.
 */
export const DocumentUploaded = defineEvent({
  subject: 'pm.vault.document.uploaded.v1',
  data: z.object({
    documentId: z.string().min(1),
    /** Null while the document waits in Pending Location Assignment. */
    locationId: z.string().min(1).nullable(),
    accountId: z.string().min(1),
    storageKey: z.string().min(1).max(500),
    /** Sniffed from the file's first bytes. */
    contentType: z.string().min(1).max(100),
    size: z.number().int().nonnegative().max(vaultLimits.documentBytes),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    fileName: z.string().min(1).max(255),
    source: DocumentSourceSchema,
    /** The category the uploader chose (e.g. Lease from the onboarding link), which the AI does not override. */
    chosenCategoryId: z.number().int().min(1).max(1_000).nullable(),
    attempt: z.number().int().min(1).max(vaultLimits.attempts),
    uploadedAt: z.iso.datetime(),
  }),
  fixture: {
    documentId: '01937c40-0a1b-7c2d-8e3f-4a5b6c7d8e01',
    locationId: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c',
    accountId: 'usr_01HZX3',
    storageKey: 'vault/documents/01937c40-0a1b-7c2d-8e3f-4a5b6c7d8e03',
    contentType: 'application/pdf',
    size: 48_213,
    sha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
    fileName: 'Lease - 12 Elm Street Unit 2B.pdf',
    source: 'upload',
    chosenCategoryId: 2,
    attempt: 1,
    uploadedAt: '2026-11-24T10:15:00.000Z',
  },
});
