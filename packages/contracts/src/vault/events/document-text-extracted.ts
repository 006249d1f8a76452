import { z } from 'zod';
import { defineEvent } from '../../define.js';
import { DOCUMENT_FACTS_MAX, DocumentFactSchema } from '../document-facts.js';
import { DocumentSourceSchema, vaultLimits } from '../documents.js';

/** The text a document's event carries at most (the rest stays in the vault; `truncated` says so). */
export const DOCUMENT_TEXT_EVENT_CHARS = 200_000;

/**
 * A document's text is read (PDF text layer, OCR, or its converted PDF): the assistant reads it for the category, the
 * summary and the facts the parser missed, and keeps it to answer the document chat. Recorded by the vault's pipeline
 * in the transaction that stores the pages (status READY); again with a higher `attempt` when reprocessed.
 */
export const DocumentTextExtracted = defineEvent({
  subject: 'pm.vault.document.text-extracted.v1',
  data: z.object({
    documentId: z.string().min(1),
    attempt: z.number().int().min(1).max(vaultLimits.attempts),
    locationId: z.string().min(1).nullable(),
    accountId: z.string().min(1),
    fileName: z.string().min(1).max(255),
    /**
     * How the document came in (the assistant reads a person's uploads before imports and e-mail attachments).
     * Absent on events recorded before it was added: read as an upload.
     */
    source: DocumentSourceSchema.optional(),
    pages: z.array(z.object({ page: z.number().int().min(1), text: z.string().max(DOCUMENT_TEXT_EVENT_CHARS) })).max(2_000),
    truncated: z.boolean(),
    /** A category a person chose (kept as it is), and the keyword categoriser's guess from the fixed list. */
    chosenCategoryId: z.number().int().min(1).max(1_000).nullable(),
    suggestedCategoryId: z.number().int().min(1).max(1_000).nullable(),
    /** What the deterministic parser found already: the model is asked only for the rest. */
    facts: z.array(DocumentFactSchema).max(DOCUMENT_FACTS_MAX),
  }),
  fixture: {
    documentId: '01937c40-0a1b-7c2d-8e3f-4a5b6c7d8e01',
    attempt: 1,
    locationId: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c',
    accountId: 'usr_01HZX3',
    fileName: 'Lease - 12 Elm Street Unit 2B.pdf',
    source: 'upload',
    pages: [
      { page: 1, text: 'RESIDENTIAL LEASE AGREEMENT. This Lease is made between Elm Street Properties LLC ("Landlord") and Maria Lopez ("Tenant").' },
      { page: 2, text: 'The term of this Lease begins on January 1, 2026 and ends on December 31, 2026. Tenant shall pay monthly rent of $1,850.00.' },
    ],
    truncated: false,
    chosenCategoryId: null,
    suggestedCategoryId: 2,
    facts: [
      {
        field: 'start_date',
        value: { kind: 'date', date: '2026-01-01' },
        page: 2,
        sentence: 'The term of this Lease begins on January 1, 2026 and ends on December 31, 2026.',
        span_start: 0,
        span_end: 80,
        derived: false,
        source: 'parser',
      },
    ],
  },
});
