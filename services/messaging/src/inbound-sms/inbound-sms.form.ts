import { InboundMediaSchema, messagingLimits, type InboundMedia } from '@pm/contracts';
import { z } from 'zod';
import type { SignedParams } from './twilio-signature.js';

/** An inbound SMS or MMS as the webhook accepted it. */
export interface InboundSms {
  messageSid: string;
  from: string;
  to: string;
  body: string;
  media: InboundMedia[];
  /** The sender's own time, when the post says it (the sandbox's `SandboxSentAt`); receivedAtOf decides if it counts. */
  sentAt?: Date;
}

/** Why a post is refused: the status and a message for the provider's debugger (never echoing the input). */
export class InboundSmsRefusal extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
  }
}

/** More parameters than Twilio ever posts for one message (about 30, plus two per media). */
const MAX_PARAMS = 100;
const MAX_VALUE = 2_048;
const namePattern = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
// Tab, line feed and carriage return are text; every other C0/C1 control, and the Unicode non-characters, are not.
// eslint-disable-next-line no-control-regex
const controlCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]/;

const e164 = z.string().regex(/^\+[1-9]\d{6,14}$/, 'must be an E.164 phone number');
const formSchema = z.object({
  MessageSid: z.string().regex(/^(SM|MM)[0-9a-f]{32}$/, 'must be a message SID'),
  AccountSid: z.string().regex(/^AC[0-9a-f]{32}$/, 'must be an account SID').optional(),
  From: e164,
  To: e164,
  Body: z.string().max(messagingLimits.smsBody, `must be at most ${messagingLimits.smsBody} characters`),
  NumMedia: z
    .string()
    .regex(/^\d{1,2}$/, 'must be a number')
    .transform(Number)
    .pipe(z.number().max(messagingLimits.media, `must be at most ${messagingLimits.media}`))
    .optional(),
  /**
   * Not Twilio's: when the sandbox's tenant sent the text (ISO 8601 with its offset), so the demo's history can be
   * entered through this webhook. Read only in the sandbox profile (see receivedAtOf); Twilio posts no time.
   */
  SandboxSentAt: z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date and time' }).optional(),
});

/**
 * The raw `application/x-www-form-urlencoded` body as the parameters the signature covers. Parsed here, not by a
 * framework parser, so nested names (`a[b]`) mean nothing and what is checked is exactly what was posted.
 */
export function readForm(raw: string): SignedParams {
  if (raw.length === 0) throw new InboundSmsRefusal(400, 'Empty body');
  const params: SignedParams = {};
  let count = 0;
  for (const [name, value] of new URLSearchParams(raw)) {
    if (++count > MAX_PARAMS) throw new InboundSmsRefusal(413, `More than ${MAX_PARAMS} parameters`);
    const existing = params[name];
    if (existing === undefined) params[name] = value;
    else params[name] = [...(Array.isArray(existing) ? existing : [existing]), value];
  }
  return params;
}

/** The message, or a refusal naming the first problem: every field bounded, control characters refused. */
export function parseInboundSms(params: SignedParams): InboundSms {
  const fields = checkedFields(params);
  const { MessageSid, From, To, Body, NumMedia = 0, SandboxSentAt } = parseFields(formSchema, fields);
  const media: InboundMedia[] = [];
  for (let i = 0; i < NumMedia; i++) {
    const item = InboundMediaSchema.safeParse({ url: fields[`MediaUrl${i}`], contentType: fields[`MediaContentType${i}`] });
    if (!item.success) throw new InboundSmsRefusal(400, `MediaUrl${i}/MediaContentType${i}: missing or invalid`);
    media.push(item.data);
  }
  const extra = Object.keys(fields).find((name) => /^Media(Url|ContentType)\d+$/.test(name) && Number(/\d+$/.exec(name)?.[0]) >= NumMedia);
  if (extra) throw new InboundSmsRefusal(400, `${extra}: more media than NumMedia`);
  if (Body.length === 0 && media.length === 0) throw new InboundSmsRefusal(400, 'Body: a message without text or media');
  return { messageSid: MessageSid, from: From, to: To, body: Body, media, ...(SandboxSentAt ? { sentAt: new Date(SandboxSentAt) } : {}) };
}

/**
 * Every posted parameter once, bounded, without control characters, under a plain name: the checks every provider
 * webhook (SMS, calls) makes before its own schema.
 */
export function checkedFields(params: SignedParams): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    if (!namePattern.test(name)) throw new InboundSmsRefusal(400, 'Invalid parameter name');
    if (Array.isArray(value)) throw new InboundSmsRefusal(400, `${name}: given more than once`);
    if (value.length > MAX_VALUE) throw new InboundSmsRefusal(400, `${name}: longer than ${MAX_VALUE} characters`);
    if (controlCharacters.test(value)) throw new InboundSmsRefusal(400, `${name}: control characters are not accepted`);
    fields[name] = value;
  }
  return fields;
}

/** The fields as the schema reads them, or a 400 naming the first problem. */
export function parseFields<S extends z.ZodType>(schema: S, fields: Record<string, string>): z.output<S> {
  const parsed = schema.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InboundSmsRefusal(400, `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}
