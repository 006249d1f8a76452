import { voiceAnswerLimits } from '@pm/contracts';
import { z } from 'zod';
import { checkedFields, parseFields } from '../inbound-sms/inbound-sms.form.js';
import type { SignedParams } from '../inbound-sms/twilio-signature.js';

const callSid = z.string().regex(/^CA[0-9a-f]{32}$/, 'must be a call SID');
const e164 = z.string().regex(/^\+[1-9]\d{6,14}$/, 'must be an E.164 phone number');
// A caller may withhold their number (Twilio posts `anonymous`) or call from a client (`client:name`): kept as text.
const caller = z.string().min(1, 'is required').max(64, 'must be at most 64 characters');

const callStartSchema = z.object({ CallSid: callSid, From: caller, To: e164 });
const gatherSchema = z.object({
  CallSid: callSid,
  SpeechResult: z.string().max(voiceAnswerLimits.transcript, `must be at most ${voiceAnswerLimits.transcript} characters`).optional(),
  Confidence: z
    .string()
    .regex(/^(0(\.\d+)?|1(\.0+)?)$/, 'must be a number from 0 to 1')
    .transform(Number)
    .optional(),
});
const statusSchema = z.object({
  CallSid: callSid,
  CallStatus: z.enum(['queued', 'ringing', 'in-progress', 'completed', 'busy', 'failed', 'no-answer', 'canceled']),
  CallDuration: z
    .string()
    .regex(/^\d{1,6}$/, 'must be a number of seconds')
    .transform(Number)
    .optional(),
});

export type CallStart = { callSid: string; from: string; to: string };
export type GatheredSpeech = { callSid: string; transcript: string; confidence: number | null };
export type CallStatusUpdate = { callSid: string; status: z.output<typeof statusSchema>['CallStatus']; durationSeconds: number | null };

/** `/voice/inbound`: the call, who called and which of our numbers. */
export function parseCallStart(params: SignedParams): CallStart {
  const { CallSid, From, To } = parseFields(callStartSchema, checkedFields(params));
  return { callSid: CallSid, from: From, to: To };
}

/** `/voice/gather`: what speech recognition heard (nothing when the caller stayed silent). */
export function parseGather(params: SignedParams): GatheredSpeech {
  const { CallSid, SpeechResult, Confidence } = parseFields(gatherSchema, checkedFields(params));
  return { callSid: CallSid, transcript: (SpeechResult ?? '').trim(), confidence: Confidence ?? null };
}

/** `/voice/status`: the call's status callback. */
export function parseCallStatus(params: SignedParams): CallStatusUpdate {
  const { CallSid, CallStatus, CallDuration } = parseFields(statusSchema, checkedFields(params));
  return { callSid: CallSid, status: CallStatus, durationSeconds: CallDuration ?? null };
}
