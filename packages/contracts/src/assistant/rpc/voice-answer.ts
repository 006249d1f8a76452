import { z } from 'zod';
import { defineRpc } from '../../define.js';
import { DraftOutcomeSchema, DraftSourceSchema, TimeZoneSchema } from '../../messaging/drafts.js';

export const voiceAnswerLimits = {
  /**
   * What speech recognition makes of one turn (a few sentences are far shorter); an SMS's limit, since a turn the
   * team must see becomes an inbound message of the caller's SMS thread.
   */
  transcript: 1_600,
  /** A spoken answer: a few sentences, said in well under a minute. */
  answer: 1_000,
  /** Earlier turns of the call the assistant reads. */
  turns: 6,
} as const;

/**
 * Internal (messaging → assistant, a service token; no HTTP binding): the spoken answer to one turn of a caller's
 * call to a location's number. The same grounded machinery as a draft answers it: only what the location's Q&A and
 * rules say, urgency by rules. `answer` is short and spoken-style; urgent answers say the team is alerted; a question
 * the knowledge does not cover gets an honest "I've passed your question to the team".
 */
export const AnswerVoiceTurn = defineRpc({
  subject: 'pm.rpc.assistant.voice-answer.answer.v1',
  // Service callers only (messaging's voice webhook, with its service token): the location is the one the called
  // number routes to in messaging, never a user's choice (services/assistant/test/voice-calls.int-spec.ts).
  access: 'caller',
  request: z.object({
    locationId: z.string().min(1).max(100),
    locationName: z.string().max(200).nullable(),
    /** The location's IANA time zone, in which the answer reads dates; the platform's default when absent. */
    timeZone: TimeZoneSchema.optional(),
    callerName: z.string().max(200).nullable(),
    transcript: z.string().min(1).max(voiceAnswerLimits.transcript),
    /** Earlier turns of this call, oldest first. */
    earlier: z
      .array(z.object({ from: z.enum(['caller', 'assistant']), text: z.string().max(voiceAnswerLimits.transcript) }))
      .max(voiceAnswerLimits.turns * 2),
    at: z.iso.datetime(),
  }),
  response: z.object({
    answer: z.string().min(1).max(voiceAnswerLimits.answer),
    urgent: z.boolean(),
    outcome: DraftOutcomeSchema,
    sources: z.array(DraftSourceSchema).max(10),
  }),
  fixture: {
    request: {
      locationId: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c',
      locationName: 'Harbor View Apartments',
      timeZone: 'America/Los_Angeles',
      callerName: 'Maria Lopez',
      transcript: 'What day is trash pickup?',
      earlier: [],
      at: '2026-11-24T10:15:00.000Z',
    },
    response: {
      answer: 'Trash is picked up every Tuesday morning; please have your bins at the curb by 7 AM.',
      urgent: false,
      outcome: 'model-reply',
      sources: [{ kind: 'question', id: 'q-1', title: 'When is trash day?', score: 0.82 }],
    },
  },
});
