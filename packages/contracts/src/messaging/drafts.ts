import { z } from 'zod';
import { TENANT_INTENT_NAMES } from '../assistant/tenant-intents.js';
import { messagingLimits } from './inbound.js';

export const draftLimits = {
  /** A draft is sent as an SMS (1,600 characters) or an e-mail; the e-mail reply box allows a long letter. */
  reply: 10_000,
  /** The earlier messages of the session a draft request carries (the model reads the most recent). */
  thread: 6,
  failure: 1_000,
} as const;

export const DraftStatusSchema = z.enum(['pending', 'ready', 'failed']);
export type DraftStatus = z.infer<typeof DraftStatusSchema>;

export const DraftSourceSchema = z.object({
  kind: z.enum(['question', 'rule']),
  id: z.string().min(1),
  title: z.string().max(2_000),
  /** The retrieval score: cosine (−1..1) + 0.5 × the lexical rank (0..1). */
  score: z.number().min(-1).max(2),
});
export type DraftSourceView = z.infer<typeof DraftSourceSchema>;

/**
 * Items retrieval found near the message that were not judged to answer it (the assistant's `Draft.nearMisses`): for
 * a deferral, what the manager may extend or correct. Added after drafts were stored, so a draft, an event or an
 * answer without them reads as none.
 */
export const DraftNearMissesSchema = z.array(DraftSourceSchema).max(10).default([]);

/**
 * How a draft's reply came about (the assistant's `Draft.outcome`): the model's grounded words, a cited Q&A answer
 * instead, the fixed holding reply when a cited answer could not be given in the tenant's language, or the holding
 * reply because the knowledge does not cover the message.
 */
export const DraftOutcomeSchema = z.enum(['model-reply', 'cited-answer', 'holding-reply', 'not-covered']);
export type DraftOutcome = z.infer<typeof DraftOutcomeSchema>;

/** What the assistant made of a message: the reply and every decision it took in code. */
export const DraftResultSchema = z.object({
  reply: z.string().max(draftLimits.reply),
  language: z.string().min(2).max(35),
  urgent: z.boolean(),
  intent: z.enum(TENANT_INTENT_NAMES),
  confidence: z.number().min(0).max(1),
  sources: z.array(DraftSourceSchema).max(10),
  nearMisses: DraftNearMissesSchema,
  outcome: DraftOutcomeSchema,
  flaggedForManager: z.boolean(),
});
export type DraftResult = z.infer<typeof DraftResultSchema>;

/**
 * One version of a message's draft (every version is kept: the audit trail). `origin`: `ai` the first draft,
 * `regenerate` a draft the team asked for again, `edit` the team's own text (`edited_by`, `created_at` say who and when).
 */
export const MessageDraftSchema = z.object({
  id: z.string().min(1),
  message_id: z.string().min(1),
  version: z.number().int().positive().max(1_000_000),
  origin: z.enum(['ai', 'regenerate', 'edit']),
  status: DraftStatusSchema,
  reply: z.string().max(draftLimits.reply).nullable(),
  language: z.string().nullable(),
  urgent: z.boolean(),
  intent: z.enum(TENANT_INTENT_NAMES).nullable(),
  confidence: z.number().nullable(),
  sources: z.array(DraftSourceSchema),
  near_misses: DraftNearMissesSchema,
  outcome: DraftOutcomeSchema.nullable(),
  flagged_for_manager: z.boolean(),
  /** Why the AI made no draft (models unavailable, a timeout): what the card shows beside Regenerate. */
  failure: z.string().max(draftLimits.failure).nullable(),
  edited_by: z.string().nullable(),
  created_at: z.iso.datetime(),
  completed_at: z.iso.datetime().nullable(),
});
export type MessageDraftView = z.infer<typeof MessageDraftSchema>;

/**
 * The draft state an inbox item shows: the current version's status, reply and failure, and the knowledge it cites
 * (the card names the Q&A items and rules the reply rests on, so the owner sees what to check before sending). For a
 * deferral (`outcome` `not-covered` or `holding-reply`) the card also shows the near misses and offers to add the
 * message as a Q&A item.
 */
export const InboxDraftSchema = z.object({
  status: DraftStatusSchema,
  version: z.number().int().positive().max(1_000_000),
  reply: z.string().max(draftLimits.reply).nullable(),
  failure: z.string().max(draftLimits.failure).nullable(),
  sources: z.array(DraftSourceSchema).max(10),
  near_misses: DraftNearMissesSchema,
  outcome: DraftOutcomeSchema.nullable().default(null),
});
export type InboxDraft = z.infer<typeof InboxDraftSchema>;

/** An IANA time zone name ("America/Chicago"), as the assistant's date handling takes it. */
export const TimeZoneSchema = z.string().max(64).regex(/^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,2}$/);

export const DraftThreadEntrySchema = z.object({ from: z.enum(['tenant', 'manager']), text: z.string().max(messagingLimits.emailBody) });
