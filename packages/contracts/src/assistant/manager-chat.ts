import { z } from 'zod';
import { limits } from '../portfolio/validation.js';
import { isCleanText } from '../text.js';

/** The manager's AI chat (spec 001 "Chat with AI"): its tabs. */
export const ManagerChatTypeSchema = z.enum(['general', 'documents'], { error: 'Chat type must be general or documents' });
export type ManagerChatType = z.infer<typeof ManagerChatTypeSchema>;

export const managerChatLimits = {
  /** What one typed message may hold. */
  message: 2_000,
  /** An answer the assistant wrote (facts quoted whole may run longer than a question). */
  reply: 8_000,
  /** Messages in one session, both sides: a longer conversation starts a new chat. */
  sessionMessages: 200,
  sourcesPerReply: 20,
  sessionTitle: 80,
} as const;

export const managerChatMessages = {
  messageRequired: 'Message is required',
  messageTooLong: `Message must be at most ${managerChatLimits.message} characters`,
  messageNotAllowed: 'Message contains characters that are not allowed',
  locationsDiffer: 'property_id and location_id name different property locations',
  sessionNotFound: 'Chat session not found',
  sessionFull: `This chat has reached ${managerChatLimits.sessionMessages} messages. Start a new chat to go on.`,
  sessionOfOtherTab: 'This chat session belongs to the other tab',
  messageIdNotUuid: 'message_id must be a UUID',
  messageIdTaken: 'This message_id names another message',
  /** Spec 002 §8 (AI): what the chat says when an answer could not be made, and the stream's error when it had no other. */
  answerFailed: 'Failed to generate AI response',
} as const;


/** A typed chat message: trimmed, 1..2000 characters, newlines kept, no other control characters. */
export const ManagerChatTextSchema = z
  .string({ error: managerChatMessages.messageRequired })
  .trim()
  .min(1, managerChatMessages.messageRequired)
  .max(managerChatLimits.message, managerChatMessages.messageTooLong)
  .refine((value) => isCleanText(value, true), managerChatMessages.messageNotAllowed);

/** What an answer rests on, shown as a chip; `link` is the web route of the record when it has a page. */
export const ManagerChatSourceSchema = z.object({
  id: z.string().min(1).max(200),
  kind: z.string().min(1).max(40),
  title: z.string().max(300),
  link: z.string().max(300).nullable(),
});
export type ManagerChatSource = z.infer<typeof ManagerChatSourceSchema>;

/**
 * How a reply came about: `answered` (the model's wording, grounded in the sources), `cited-facts` (the sources' own
 * text), `not-covered` (nothing the product knows answers it), `no-documents` (the Documents tab when no document it asks about has been read yet).
 */
export const ManagerChatOutcomeSchema = z.enum(['answered', 'cited-facts', 'not-covered', 'no-documents']);
export type ManagerChatOutcome = z.infer<typeof ManagerChatOutcomeSchema>;

/** Spec 001 §3 Chat message: id, content, sender (user or system), timestamp, status, type (general or documents). */
export const ManagerChatMessageSchema = z.object({
  id: z.string().min(1),
  session_id: z.string().min(1),
  content: z.string().max(managerChatLimits.reply),
  sender: z.enum(['user', 'system']),
  timestamp: z.iso.datetime({ offset: true }),
  /** A stored question is `sent`; a stored reply `answered` (failed sends are never stored: the web keeps them). */
  status: z.enum(['sent', 'answered']),
  type: ManagerChatTypeSchema,
  sources: z.array(ManagerChatSourceSchema).max(managerChatLimits.sourcesPerReply),
  /** Null on the user's messages. */
  outcome: ManagerChatOutcomeSchema.nullable(),
});
export type ManagerChatMessage = z.infer<typeof ManagerChatMessageSchema>;

/** One conversation of the caller's, titled by its first question. */
export const ManagerChatSessionSchema = z.object({
  id: z.string().min(1),
  title: z.string().max(managerChatLimits.sessionTitle),
  chat_type: ManagerChatTypeSchema,
  location_id: z.string().max(limits.id).nullable(),
  // A count of stored messages: bounded by what was stored, not by input.
  messages_count: z.number().int().nonnegative(),
  created_at: z.iso.datetime({ offset: true }),
  updated_at: z.iso.datetime({ offset: true }),
});
export type ManagerChatSession = z.infer<typeof ManagerChatSessionSchema>;

export const managerChatSessionFixture: ManagerChatSession = {
  id: '01937b20-1a2b-7c3d-8e4f-5a6b7c8d9e0f',
  title: 'How many units are let at Maple Court?',
  chat_type: 'general',
  location_id: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c',
  messages_count: 2,
  created_at: '2026-11-24T10:00:00.000Z',
  updated_at: '2026-11-24T10:00:08.000Z',
};

export const managerChatQuestionFixture: ManagerChatMessage = {
  id: '01937b20-1a2c-7c3d-8e4f-5a6b7c8d9e0f',
  session_id: managerChatSessionFixture.id,
  content: 'How many units are let at Maple Court?',
  sender: 'user',
  timestamp: '2026-11-24T10:00:00.000Z',
  status: 'sent',
  type: 'general',
  sources: [],
  outcome: null,
};

export const managerChatReplyFixture: ManagerChatMessage = {
  id: '01937b20-1a2d-7c3d-8e4f-5a6b7c8d9e0f',
  session_id: managerChatSessionFixture.id,
  content: 'Maple Court has 14 units, 11 of them let.',
  sender: 'system',
  timestamp: '2026-11-24T10:00:08.000Z',
  status: 'answered',
  type: 'general',
  sources: [{ id: 'units:01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c', kind: 'units', title: 'Maple Court units', link: '/property-manager/property-locations/01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c' }],
  outcome: 'answered',
};
