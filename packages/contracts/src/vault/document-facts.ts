import { z } from 'zod';

/**
 * Facts read from a document (a lease's parties, dates, money, notice period), each with where it was read: the page
 * (1-based), the exact sentence and the characters of the page it spans. `derived` marks a value computed in code from
 * other facts (an end date from a start date and a term, the notice deadline from the end date and the notice period,
 * the grace days from the due day and "late after the 5th"), `source` who found it: the deterministic parser or the
 * model (whose value is still parsed by code from the sentence it pointed at, never taken from its own words).
 *
 * Values by field: names, the address, the unit and the clauses (`renewal_terms`, `pets`, `utilities`, as written) are
 * text; `month_to_month` is the text "Month-to-month" (present only for such a tenancy, which has no end date);
 * `term_months`, `rent_due_day`, `grace_period_days`, `notice_period_days` and `notice_period_months` are numbers;
 * `key_date` is a date with its label ("Notice deadline", "Move-in inspection", "Signing date"…).
 */
export const LEASE_FACT_FIELDS = [
  'landlord',
  'tenant',
  'premises',
  'start_date',
  'end_date',
  'monthly_rent',
  'security_deposit',
  'rent_due_day',
  'notice_period_days',
  'key_date',
  'unit',
  'month_to_month',
  'term_months',
  'late_fee',
  'grace_period_days',
  'notice_period_months',
  'renewal_terms',
  'pets',
  'utilities',
] as const;
/** A lease's facts, and `date`: any date a document states (every document's dates are listed, leases' too). */
export const DOCUMENT_FACT_FIELDS = [...LEASE_FACT_FIELDS, 'date'] as const;
export const DocumentFactFieldSchema = z.enum(DOCUMENT_FACT_FIELDS);
export type DocumentFactField = z.infer<typeof DocumentFactFieldSchema>;

/** A document's summary as stored and shown: a few sentences. */
export const DOCUMENT_SUMMARY_MAX = 2_000;
/** Facts one document keeps per source (the parser's, the model's). */
export const DOCUMENT_FACTS_MAX = 500;
/** The longest source sentence a fact keeps (a longer one is cut). */
export const DOCUMENT_FACT_SENTENCE_MAX = 2_000;

export const DocumentFactValueSchema = z.union([
  z.object({ kind: z.literal('text'), text: z.string().min(1).max(500) }),
  z.object({ kind: z.literal('date'), date: z.iso.date(), label: z.string().max(200).optional() }),
  z.object({ kind: z.literal('money'), cents: z.number().int().nonnegative().max(100_000_000_000), currency: z.string().length(3) }),
  z.object({ kind: z.literal('number'), value: z.number().int().min(0).max(100_000) }),
]);
export type DocumentFactValue = z.infer<typeof DocumentFactValueSchema>;

export const DocumentFactSchema = z.object({
  field: DocumentFactFieldSchema,
  value: DocumentFactValueSchema,
  page: z.number().int().min(1).max(100_000),
  sentence: z.string().min(1).max(DOCUMENT_FACT_SENTENCE_MAX),
  /** Offsets in the page's text, which the vault keeps at most DOCUMENT_TEXT_EVENT_CHARS-sized pages of. */
  span_start: z.number().int().nonnegative().max(10_000_000),
  span_end: z.number().int().nonnegative().max(10_000_000),
  derived: z.boolean(),
  source: z.enum(['parser', 'model']),
});
export type DocumentFact = z.infer<typeof DocumentFactSchema>;
