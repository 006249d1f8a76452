import { defineEntity, p } from '@mikro-orm/core';
import { chatChannelOf, type ChatMessage as ChatMessageView, type ChatOutcome, type ChatRating, type ChatSource } from '@pm/contracts';

/**
 * What Terri was told about the asker when the message was sent: their home and, when portfolio vouched that they
 * are a registered tenant there, the managed location whose knowledge they may be answered from. Decided with the
 * asker's own token at sending, so the reply (made later, by a consumer) never has to act for them.
 */
export interface ChatAskerContext {
  property: { street: string; city: string; state: string; county: string | null; zipcode: string; country: string } | null;
  residence: { location_id: string; name: string; address_text: string; unit_name: string | null } | null;
}

const ChatMessageSchema = defineEntity({
  name: 'ChatMessage',
  tableName: 'chat_message',
  properties: {
    id: p.uuid().primary(),
    userId: p.string().fieldName('user_id'),
    role: p.enum(['user', 'admin'] as const),
    text: p.text(),
    replyTo: p.uuid().fieldName('reply_to').nullable(),
    rating: p.enum(['positive', 'negative'] as const).nullable(),
    sources: p.json<ChatSource[]>(),
    outcome: p.enum(['answered', 'cited-facts', 'not-covered', 'unavailable'] as const).nullable(),
    askerContext: p.json<ChatAskerContext>().fieldName('asker_context').nullable(),
    createdAt: p.datetime().fieldName('created_at'),
  },
});

/** One message of a user's Terri channel: theirs (`user`) or Terri's reply (`admin`). */
export class ChatMessage extends ChatMessageSchema.class {
  rate(rating: ChatRating): void {
    this.rating = rating;
  }

  toView(): ChatMessageView {
    return {
      id: this.id,
      channel: chatChannelOf(this.userId),
      user_id: this.userId,
      role: this.role,
      text: this.text,
      created_at: this.createdAt.toISOString(),
      reply_to: this.replyTo ?? null,
      rating: this.rating ?? null,
      own_reactions: this.rating ? [{ type: 'rate', rating: this.rating }] : [],
      sources: this.sources,
      outcome: (this.outcome ?? null) as ChatOutcome | null,
    };
  }
}
ChatMessageSchema.setClass(ChatMessage);
export { ChatMessageSchema as ChatMessageEntitySchema };
