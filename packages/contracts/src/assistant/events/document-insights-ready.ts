import { z } from 'zod';
import { defineEvent } from '../../define.js';
import { DOCUMENT_FACTS_MAX, DOCUMENT_SUMMARY_MAX, DocumentFactSchema } from '../../vault/document-facts.js';
import { vaultLimits } from '../../vault/documents.js';

/**
 * The assistant read a document (DocumentTextExtracted): its category from the product's fixed list (null: keep the
 * vault's), a short summary whose every number, date and name a page of the document states, and the facts the
 * parser missed, each with the sentence it was read from. `outcome`: `model` (the model's words passed the checks),
 * `fallback` (the model was unavailable or its words failed the checks: the category is the keyword guess and the
 * summary, when there is one, is the document's own sentences). Answers the `attempt` it read.
 */
export const DocumentInsightsReady = defineEvent({
  subject: 'pm.assistant.document.insights-ready.v1',
  data: z.object({
    documentId: z.string().min(1),
    attempt: z.number().int().min(1).max(vaultLimits.attempts),
    locationId: z.string().min(1).nullable(),
    accountId: z.string().min(1),
    categoryId: z.number().int().min(1).max(1_000).nullable(),
    summary: z.string().max(DOCUMENT_SUMMARY_MAX).nullable(),
    /** The pages the summary's sentences come from. */
    summaryPages: z.array(z.number().int().min(1)).max(50),
    facts: z.array(DocumentFactSchema).max(DOCUMENT_FACTS_MAX),
    outcome: z.enum(['model', 'fallback']),
    /** Why the model's words were not used, for the logs and the card's fine print. */
    note: z.string().max(500).nullable(),
  }),
  fixture: {
    documentId: '01937c40-0a1b-7c2d-8e3f-4a5b6c7d8e01',
    attempt: 1,
    locationId: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c',
    accountId: 'usr_01HZX3',
    categoryId: 2,
    summary: 'A residential lease between Elm Street Properties LLC and Maria Lopez from January 1, 2026 to December 31, 2026 at $1,850.00 a month.',
    summaryPages: [1, 2],
    facts: [],
    outcome: 'model',
    note: null,
  },
});
