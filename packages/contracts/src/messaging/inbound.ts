import { z } from 'zod';

/** Bounds of what providers deliver: Twilio's own maxima, so anything beyond them is not a real message. */
export const messagingLimits = {
  /** Twilio concatenates at most 10 segments, 1,600 characters. */
  smsBody: 1_600,
  /** Twilio delivers at most 10 media per MMS. */
  media: 10,
  url: 2_048,
  contentType: 255,
  /** Ids of provider messages (MessageSid: 34 characters). */
  externalId: 100,
  /** A phone number (E.164, 16 characters) or an e-mail address. */
  address: 254,
} as const;

/** An MMS attachment as the provider announced it, kept as a reference (the provider hosts the file). */
export const InboundMediaSchema = z.object({
  url: z.url({ protocol: /^https?$/ }).max(messagingLimits.url),
  contentType: z.string().regex(/^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/i).max(messagingLimits.contentType),
});
export type InboundMedia = z.infer<typeof InboundMediaSchema>;
