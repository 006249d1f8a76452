import { z } from 'zod';
import { defineRpc } from '../../define.js';
import { requiredText } from '../../text.js';
import { messagingLimits } from '../inbound.js';

/** Answered by every sandbox phone call when the SMS provider is not the sandbox (production, Twilio). */
export const SANDBOX_PHONE_UNAVAILABLE = 'The sandbox phone is only available in the local profile';
/** The sandbox phone's own number, as its page checks it before asking. */
export const SANDBOX_PHONE_FORMAT = 'Phone must be an E.164 number, e.g. +15551234567';
export const SANDBOX_NUMBER_NOT_FOUND = 'Phone number not found';

const e164 = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(16, `${label} must be an E.164 number, e.g. +15551234567`)
    .regex(/^\+[1-9]\d{6,14}$/, `${label} must be an E.164 number, e.g. +15551234567`);

/** A message or an utterance: multi-line text as a phone would carry it, with the shared text rules. */
const text = (label: string, max: number) => requiredText(label, max);

const SandboxNumberSchema = z.object({
  property_location_id: z.string(),
  location_name: z.string().nullable(),
  phone_number: z.string(),
});

/** GET sandbox/phone/numbers: the numbers of the locations the caller may message for (local profile only). */
export const ListSandboxPhoneNumbers = defineRpc({
  subject: 'pm.rpc.messaging.sandbox-phone.numbers.v1',
  description: "`message:send` on the location; the assigned numbers of the caller's locations, with the location's name",
  http: { method: 'GET', path: 'sandbox/phone/numbers' },
  errors: { 404: SANDBOX_PHONE_UNAVAILABLE },
  request: z.object({}),
  response: z.object({ numbers: z.array(SandboxNumberSchema) }),
  fixture: {
    request: {},
    response: { numbers: [{ property_location_id: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c', location_name: 'Harbor View Apartments', phone_number: '+16195550123' }] },
  },
});

/**
 * POST sandbox/phone/sms: texts a location's number as a tenant would. The sandbox builds the provider's signed form
 * and posts it to messaging's own `/sms/inbound`, the production path.
 */
export const SendSandboxSms = defineRpc({
  subject: 'pm.rpc.messaging.sandbox-phone.sms.v1',
  description: '`message:send` on the location; builds Twilio\'s form (`SM…` id), signs it with `SMS_SANDBOX_SECRET` over the public webhook URL and posts it to this process\'s own `/sms/inbound`: the production path. 404 "Phone number not found" for a number not the caller\'s; takes `Idempotency-Key`',
  http: { method: 'POST', path: 'sandbox/phone/sms', status: 201, idempotent: true },
  errors: { 400: ['To is required', 'From must be an E.164 number, e.g. +15551234567', 'Message is required'], 404: [SANDBOX_PHONE_UNAVAILABLE, SANDBOX_NUMBER_NOT_FOUND] },
  request: z.object({ to: e164('To'), from: e164('From'), body: text('Message', messagingLimits.smsBody) }),
  response: z.object({ message_sid: z.string() }),
  fixture: {
    request: { to: '+16195550123', from: '+15551234567', body: 'My kitchen sink is leaking, water everywhere' },
    response: { message_sid: 'SM0123456789abcdef0123456789abcdef' },
  },
});

export const SandboxPhoneMessageSchema = z.object({
  id: z.string(),
  /** From the tester's phone: `sent` (to a location's number) or `received` (from it). */
  direction: z.enum(['sent', 'received']),
  /** The location's number on the other end. */
  number: z.string(),
  body: z.string(),
  media: z.array(z.string()),
  at: z.iso.datetime(),
});
export type SandboxPhoneMessage = z.infer<typeof SandboxPhoneMessageSchema>;

/**
 * Who the tester's phone is at one of the caller's numbers: the location's tenant with that phone (as the inbound SMS
 * recognises them), or null for a phone no tenant there has, which writes as an unknown sender.
 */
export const SandboxCallerSchema = z.object({
  number: z.string().max(messagingLimits.address),
  /** As portfolio keeps a tenant's full name (at most 200 characters). */
  tenant_name: z.string().max(200).nullable(),
});
/** One per number of the caller's locations: a manager's numbers are far fewer. */
const MAX_CALLERS = 500;
export type SandboxCaller = z.infer<typeof SandboxCallerSchema>;

/**
 * GET sandbox/phone/messages?phone=: the tester's phone's conversation with the caller's locations, oldest first (the
 * latest 200), and who the phone is at each of their numbers (`callers`).
 */
export const ListSandboxPhoneMessages = defineRpc({
  subject: 'pm.rpc.messaging.sandbox-phone.messages.v1',
  description: "`message:send` on the location; the phone's conversation with the caller's numbers, oldest first (latest 200): what it sent (messages stored from it) and what it received (`messaging.sandbox_phone_message`, written by the sandbox carrier); `callers`: who the phone is at each of the caller's numbers (the tenant with that phone, found as an inbound SMS finds them, or null for an unknown sender)",
  http: { method: 'GET', path: 'sandbox/phone/messages' },
  errors: { 400: SANDBOX_PHONE_FORMAT, 404: SANDBOX_PHONE_UNAVAILABLE },
  request: z.object({ phone: e164('Phone') }),
  response: z.object({ messages: z.array(SandboxPhoneMessageSchema).max(200), callers: z.array(SandboxCallerSchema).max(MAX_CALLERS).default([]) }),
  fixture: {
    request: { phone: '+15551234567' },
    response: {
      callers: [{ number: '+16195550123', tenant_name: 'Maria Gonzalez' }],
      messages: [
        { id: '01937b20-0a1b-7c2d-8e3f-4a5b6c7d8e9f', direction: 'sent', number: '+16195550123', body: 'My kitchen sink is leaking, water everywhere', media: [], at: '2026-11-24T10:15:00.000Z' },
        { id: '01937b21-0a1b-7c2d-8e3f-4a5b6c7d8e9f', direction: 'received', number: '+16195550123', body: 'A plumber is on the way.', media: [], at: '2026-11-24T10:17:00.000Z' },
      ],
    },
  },
});

/**
 * POST sandbox/phone/call: one typed turn of a call to a location's number. Without `call_sid` it places the call
 * (the provider's signed `/voice/inbound`, answered with the greeting); then the sentence goes to `/voice/gather` as
 * the provider's speech recognition would post it, and the spoken answer comes back as text. `ended`: the call hung up.
 */
export const PlaceSandboxCall = defineRpc({
  subject: 'pm.rpc.messaging.sandbox-phone.call.v1',
  description: '`message:send` on the location; without `call_sid` posts `/voice/inbound` (a new `CA…`), then the sentence to `/voice/gather`; answers `{ call_sid, greeting, answer, ended }` (what the caller hears before listening again); a call that ends gets its `/voice/status` `completed` with its duration; takes `Idempotency-Key`',
  http: { method: 'POST', path: 'sandbox/phone/call', status: 201, idempotent: true, timeoutMs: 20_000 },
  errors: { 400: ['To is required', 'From must be an E.164 number, e.g. +15551234567', 'What you say is required'], 404: [SANDBOX_PHONE_UNAVAILABLE, SANDBOX_NUMBER_NOT_FOUND, 'Call not found'] },
  request: z.object({
    to: e164('To'),
    from: e164('From'),
    speech: text('What you say', 1_600),
    call_sid: z.string().regex(/^CA[0-9a-f]{32}$/, 'Call not found').optional(),
  }),
  response: z.object({
    call_sid: z.string(),
    /** What the caller heard when the call was answered (the first turn only). */
    greeting: z.string().nullable(),
    /** What the caller heard after speaking. */
    answer: z.string(),
    ended: z.boolean(),
  }),
  fixture: {
    request: { to: '+16195550123', from: '+15551234567', speech: 'When is trash collected?' },
    response: {
      call_sid: 'CA0123456789abcdef0123456789abcdef',
      greeting: 'Thank you for calling Harbor View Apartments. This is the building’s virtual assistant. How can I help you today?',
      answer: 'Trash is collected every Thursday morning. Is there anything else I can help you with?',
      ended: false,
    },
  },
});
