import { z } from 'zod';
import { defineEvent } from '../../define.js';

/** Bounds of what is stored of a document's insights. */
export const insightLimits = { summary: 5_000, sentence: 2_000, field: 64, facts: 500 } as const;

/**
 * One extracted fact as the vault stores and answers it (`document/{id}/extract`): its field (start_date, rent, ...),
 * its value, the page and sentence it came from with the character span of the value in the page text, whether it was
 * derived from other facts (an end date from a start and a term), and who found it (the deterministic parser or the
 * model).
 */
export const ExtractedFactSchema = z.object({
  field: z.string().min(1).max(insightLimits.field),
  value: z.json(),
  page: z.number().int().min(1).nullable(),
  sentence: z.string().max(insightLimits.sentence).nullable(),
  span_start: z.number().int().min(0).nullable(),
  span_end: z.number().int().min(0).nullable(),
  derived: z.boolean(),
  source: z.enum(['parser', 'model']),
});
export type ExtractedFact = z.infer<typeof ExtractedFactSchema>;

/**
 * The assistant's reading of a document (its answer to `DocumentTextExtracted` for the same `attempt`): a category
 * from the fixed list (or null), a summary, and facts with their sources. `outcome` says whether the model produced
 * them or the assistant's fallback did. The vault stores them and finishes the document as PROCESSED; an answer for an
 * older attempt is ignored.
 */
export const DocumentInsightsReady = defineEvent({
  subject: 'pm.vault.document.insights-ready.v1',
  data: z.object({
    documentId: z.string().min(1),
    attempt: z.number().int().min(1),
    categoryId: z.number().int().min(1).nullable(),
    summary: z.string().max(insightLimits.summary).nullable(),
    facts: z.array(ExtractedFactSchema.extend({ source: z.literal('model') })).max(insightLimits.facts),
    outcome: z.enum(['model', 'fallback']),
  }),
  fixture: {
    documentId: '01937c40-0a1b-7c2d-8e3f-4a5b6c7d8e01',
    attempt: 1,
    categoryId: 2,
    summary: 'A 12-month residential lease for Unit 2B at 12 Elm Street starting January 1, 2027, at $1,850 a month.',
    facts: [
      { field: 'monthly_rent', value: { amount: 1850, currency: 'USD' }, page: 1, sentence: 'Tenant shall pay $1,850.00 per month.', span_start: 17, span_end: 26, derived: false, source: 'model' },
    ],
    outcome: 'model',
  },
});
