import { z } from 'zod';
import { isCleanText, textPattern, withTrimmedPattern } from '../text.js';

/*
 * Terri, the chat for residents, home owners and anonymous visitors (spec 000 §3.10, §4.4): a chat message, its
 * rating, the channel it belongs to and the anonymous visitor's limit.
 */

/** Anonymous visitors are limited after more than this many messages of their own (spec 000 §9). */
export const ANONYMOUS_CHAT_MESSAGE_LIMIT = 5;
/** The spec's text (000 §8), shown by the web and sent by the service when it refuses a message over the limit. */
export const CHAT_LIMIT_MESSAGE = 'You have reached limit of messages for unregistered users.';
export const CHAT_MESSAGE_MAX = 2000;

/** The chat channel a user's messages live in (spec 000 §3.10): always derived from the caller, never chosen by one. */
export function chatChannelOf(userId: string): string {
  return `user-channel_${userId}`;
}

/** What a person may send: 1 to 2,000 characters once trimmed, newlines allowed (\r\n read as \n). */
export const ChatMessageTextSchema = withTrimmedPattern(z.string({ error: 'Message is required' }), textPattern.trimmedNonBlank(true, CHAT_MESSAGE_MAX), textPattern.beyondBmp)
  .nullish()
  .transform((value) => (value ?? '').replace(/\r\n?/g, '\n').trim())
  .pipe(
    z
      .string()
      .min(1, 'Message is required')
      .max(CHAT_MESSAGE_MAX, `Message must be at most ${CHAT_MESSAGE_MAX.toLocaleString('en-US')} characters`)
      .refine((text) => isCleanText(text, true), 'Message contains characters that are not allowed'),
  );

/** `user` is the person; `admin` is the assistant (the spec's word for Terri's role). */
export const ChatRoleSchema = z.enum(['user', 'admin']);
export type ChatRole = z.infer<typeof ChatRoleSchema>;

export const ChatRatingSchema = z.enum(['positive', 'negative']);
export type ChatRating = z.infer<typeof ChatRatingSchema>;

/** What an answer rests on, as a chip under it. */
export const ChatSourceSchema = z.object({
  id: z.string().min(1).max(200),
  kind: z.string().min(1).max(50),
  title: z.string().max(500),
  link: z.string().max(500).optional(),
});
export type ChatSource = z.infer<typeof ChatSourceSchema>;

/**
 * How an assistant message came about: answered from the facts, the facts' own text (the model's wording was not
 * grounded), not covered by anything the product knows, or the AI was unavailable (the message says why). Null on the
 * person's own messages.
 */
export const ChatOutcomeSchema = z.enum(['answered', 'cited-facts', 'not-covered', 'unavailable']);
export type ChatOutcome = z.infer<typeof ChatOutcomeSchema>;

/** One message of a user's channel as the browser sees it (spec 000 §3.10). */
export const ChatMessageSchema = z.object({
  id: z.string().min(1),
  channel: z.string().min(1).max(200),
  user_id: z.string().min(1),
  role: ChatRoleSchema,
  text: z.string().max(8000),
  created_at: z.iso.datetime(),
  /** On an assistant message: the person's message it answers. */
  reply_to: z.string().max(100).nullable(),
  /** The caller's rating of an assistant message (null: none, and always on the person's own messages). */
  rating: ChatRatingSchema.nullable(),
  /** The caller's own reactions to the message: today at most one, the `rate` reaction. */
  own_reactions: z.array(z.object({ type: z.literal('rate'), rating: ChatRatingSchema })).max(1),
  sources: z.array(ChatSourceSchema).max(20),
  outcome: ChatOutcomeSchema.nullable(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const chatMessageFixture: ChatMessage = {
  id: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8d',
  channel: 'user-channel_usr_01HZX3',
  user_id: 'usr_01HZX3',
  role: 'admin',
  text: 'Trash is collected every Thursday; carts go to the curb by 7 AM.',
  created_at: '2026-11-24T10:15:03.000Z',
  reply_to: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c',
  rating: null,
  own_reactions: [],
  sources: [{ id: 'knowledge:question:01936f6e-a1b2-7c3d-8e4f-5a6b7c8d9e0f', kind: 'knowledge', title: 'When is trash collected?' }],
  outcome: 'answered',
};
