import type { EntityManager } from '@mikro-orm/postgresql';
import { ANONYMOUS_CHAT_MESSAGE_LIMIT } from '@pm/contracts';
import { ChatMessage } from './chat-message.entity.js';

/** How many messages the person has sent to their channel (Terri's replies do not count). */
export function userMessageCount(em: EntityManager, userId: string): Promise<number> {
  return em.count(ChatMessage, { userId, role: 'user' });
}

/** The anonymous visitor's limit (spec 000 §9: limited after more than 5 of their own messages); none once registered. */
export function messageLimitOf(isAnonymous: boolean): number | null {
  return isAnonymous ? ANONYMOUS_CHAT_MESSAGE_LIMIT : null;
}

/**
 * Serialises one user's sends for the rest of the transaction, so two messages sent at once cannot both pass the
 * limit check (the lock is the user's, not the table's).
 */
export async function lockChannel(em: EntityManager, userId: string): Promise<void> {
  await em.execute(`select pg_advisory_xact_lock(hashtextextended(?, 7310))`, [`chat:${userId}`]);
}
