import { defineEntity, p } from '@mikro-orm/core';

const ManagerChatSessionEntitySchema = defineEntity({
  name: 'ManagerChatSession',
  tableName: 'manager_chat_session',
  properties: {
    id: p.uuid().primary(),
    /** The only user who may read, continue or delete it. */
    userId: p.string().fieldName('user_id'),
    chatType: p.enum(['general', 'documents'] as const).fieldName('chat_type'),
    locationId: p.string().fieldName('location_id').nullable(),
    /** The first question, shortened: how the session list names it. */
    title: p.text(),
    messagesCount: p.integer().fieldName('messages_count'),
    createdAt: p.datetime().fieldName('created_at'),
    updatedAt: p.datetime().fieldName('updated_at'),
  },
});

/** One conversation of a user with the manager's AI chat, in one tab. */
export class ManagerChatSessionRecord extends ManagerChatSessionEntitySchema.class {}
ManagerChatSessionEntitySchema.setClass(ManagerChatSessionRecord);
export { ManagerChatSessionEntitySchema };
