import { z } from 'zod';
import { voiceAnswerLimits } from '../assistant/rpc/voice-answer.js';
import { DraftSourceSchema } from './drafts.js';
import { messagingLimits } from './inbound.js';

const timestamp = z.iso.datetime();

/** A call's length is Twilio's own ceiling (24 hours), beyond which no call runs. */
const CALL_MAX_SECONDS = 86_400;

/** A call ends after this many turns (a goodbye is said): a bound on what one call stores and the list answers. */
export const CALL_MAX_TURNS = 20;

/**
 * `answer`: the assistant's grounded answer; `holding`: the assistant did not answer in time (or could not), the
 * caller heard that the team will get back to them; `goodbye`: the caller ended the call; `pending`: asked, not yet
 * answered (the call is still in this turn, or the process stopped before the answer came).
 */
export const CallTurnKindSchema = z.enum(['pending', 'answer', 'holding', 'goodbye']);

/** One turn of a call: what the caller said (the provider's transcript) and what they heard back. */
export const CallTurnSchema = z.object({
  id: z.string().min(1),
  seq: z.number().int().positive().max(CALL_MAX_TURNS),
  transcript: z.string().max(voiceAnswerLimits.transcript),
  /** The provider's speech recognition confidence, 0..1, when it gave one. */
  confidence: z.number().min(0).max(1).nullable(),
  kind: CallTurnKindSchema,
  answer: z.string().max(voiceAnswerLimits.answer).nullable(),
  urgent: z.boolean(),
  sources: z.array(DraftSourceSchema).max(10),
  /** The inbound message an urgent turn was stored as (its draft, notifications and ticket follow the message path). */
  message_id: z.string().nullable(),
  at: timestamp,
  answered_at: timestamp.nullable(),
});
export type CallTurnView = z.infer<typeof CallTurnSchema>;

/** Twilio's final call statuses, and `in_progress` until the status callback says how it ended. */
export const InboundCallStatusSchema = z.enum(['in_progress', 'completed', 'busy', 'failed', 'no_answer', 'canceled']);

/** A call to a location's number (spec 001 §2, Inbound Calls), with its transcript. */
export const InboundCallSchema = z.object({
  id: z.string().min(1),
  property_location_id: z.string().min(1),
  call_sid: z.string().max(messagingLimits.externalId),
  from: z.string().max(messagingLimits.address),
  to: z.string().max(messagingLimits.address),
  /** The tenant whose phone called, as messaging knows them now; null for an unknown caller. */
  tenant: z.object({ id: z.string(), full_name: z.string() }).nullable(),
  status: InboundCallStatusSchema,
  /** Any turn urgent. */
  urgent: z.boolean(),
  started_at: timestamp,
  ended_at: timestamp.nullable(),
  duration_seconds: z.number().int().nonnegative().max(CALL_MAX_SECONDS).nullable(),
  /** Oldest first. */
  turns: z.array(CallTurnSchema).max(CALL_MAX_TURNS),
});
export type InboundCallView = z.infer<typeof InboundCallSchema>;
