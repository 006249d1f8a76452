import { defineEntity, p } from '@mikro-orm/core';
import type { ManagerChatOutcome, ManagerChatSource } from '@pm/contracts';

const ManagerChatMessageEntitySchema = defineEntity({
  name: 'ManagerChatMessage',
  tableName: 'manager_chat_message',
  properties: {
    id: p.uuid().primary(),
    sessionId: p.uuid().fieldName('session_id'),
    sender: p.enum(['user', 'system'] as const),
    content: p.text(),
    chatType: p.enum(['general', 'documents'] as const).fieldName('chat_type'),
    status: p.enum(['sent', 'answered'] as const),
    /** What a reply rests on, as its chips show them. */
    sources: p.json<ManagerChatSource[]>(),
    outcome: p.string().$type<ManagerChatOutcome>().nullable(),
    createdAt: p.datetime().fieldName('created_at'),
  },
});

/** A question or a reply of a chat session. */
export class ManagerChatMessageRecord extends ManagerChatMessageEntitySchema.class {}
ManagerChatMessageEntitySchema.setClass(ManagerChatMessageRecord);
export { ManagerChatMessageEntitySchema };
