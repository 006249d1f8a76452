import { z } from 'zod';
import { defineEvent } from '../../define.js';
import { ExtractedFactSchema } from './document-insights-ready.js';

/** What the assistant receives of a document's text: about 200 KB in all, the rest cut (and `truncated` set). */
export const TEXT_FOR_INSIGHTS_BYTES = 200_000;

/**
 * A document's text is read (status READY): the assistant categorises it into the fixed categories, summarises it and
 * extracts facts, and answers with `DocumentInsightsReady` for the same `attempt`. The parser's facts travel along so
 * the model confirms or completes them instead of starting from nothing.
 */
export const DocumentTextExtracted = defineEvent({
  subject: 'pm.vault.document.text-extracted.v1',
  data: z.object({
    documentId: z.string().min(1),
    locationId: z.string().min(1).nullable(),
    accountId: z.string().min(1),
    attempt: z.number().int().min(1),
    fileName: z.string().min(1).max(255),
    /** The category a person chose, which the model must not change; null lets it choose. */
    chosenCategoryId: z.number().int().nullable(),
    pages: z.array(z.object({ page: z.number().int().min(1), text: z.string().max(TEXT_FOR_INSIGHTS_BYTES) })).max(2_000),
    truncated: z.boolean(),
    parserFacts: z.array(ExtractedFactSchema).max(500),
  }),
  fixture: {
    documentId: '01937c40-0a1b-7c2d-8e3f-4a5b6c7d8e01',
    locationId: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c',
    accountId: 'usr_01HZX3',
    attempt: 1,
    fileName: 'Lease - 12 Elm Street Unit 2B.pdf',
    chosenCategoryId: null,
    pages: [{ page: 1, text: 'RESIDENTIAL LEASE AGREEMENT. The term begins on January 1, 2027.' }],
    truncated: false,
    parserFacts: [
      { field: 'start_date', value: '2027-01-01', page: 1, sentence: 'The term begins on January 1, 2027.', span_start: 19, span_end: 34, derived: false, source: 'parser' },
    ],
  },
});
