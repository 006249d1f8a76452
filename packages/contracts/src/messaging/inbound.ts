import { z } from 'zod';

/** Bounds of what providers deliver: Twilio's own maxima, so anything beyond them is not a real message. */
export const messagingLimits = {
  /** Twilio concatenates at most 10 segments, 1,600 characters. */
  smsBody: 1_600,
  /** Twilio delivers at most 10 media per MMS. */
  media: 10,
  url: 2_048,
  contentType: 255,
  /** Ids of provider messages (MessageSid: 34 characters) and e-mail Message-IDs (a header line: 998 at most). */
  externalId: 998,
  /** A phone number (E.164, 16 characters) or an e-mail address. */
  address: 254,
  /** The text of an e-mail as kept for the inbox (a plain-text body; the raw message is kept whole in storage). */
  emailBody: 100_000,
  /** An e-mail subject: RFC 5322's line length. */
  subject: 998,
  /** Attachments kept of one e-mail: more are not stored (the raw message still holds them). */
  attachments: 20,
  /** An attachment's file name as kept: a common file-system limit. */
  attachmentName: 255,
  /** The largest raw e-mail the receiver may be configured to take (`SMTP_INBOUND_MAX_BYTES`), so any attachment's bound. */
  rawEmailBytes: 100 * 1024 * 1024,
  /** The start of a thread's last message, as session lists show it. */
  preview: 200,
} as const;

/** An MMS attachment as the provider announced it, kept as a reference (the provider hosts the file). */
export const InboundMediaSchema = z.object({
  url: z.url({ protocol: /^https?$/ }).max(messagingLimits.url),
  contentType: z.string().regex(/^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/i).max(messagingLimits.contentType),
});
export type InboundMedia = z.infer<typeof InboundMediaSchema>;
