import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { decodeCursor, encodeCursor, managerChatMessages, type ManagerChatMessage as ChatMessageView, type ManagerChatSession as ChatSessionView, type ManagerChatType, type Page } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { ManagerChatMessageRecord } from './manager-chat-message.entity.js';
import { ManagerChatSessionRecord } from './manager-chat-session.entity.js';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isoTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

@Injectable()
/** A user's chat sessions: every read is by the owner, so another user's session is as absent as an unknown one. */
export class ChatSessionsRepository {
  async own(em: EntityManager, userId: string, id: string): Promise<ManagerChatSessionRecord> {
    const session = uuid.test(id) ? await em.findOne(ManagerChatSessionRecord, { id, userId }) : null;
    if (!session) throw RpcFailure.notFound(managerChatMessages.sessionNotFound);
    return session;
  }

  messages(em: EntityManager, sessionId: string): Promise<ManagerChatMessageRecord[]> {
    return em.find(ManagerChatMessageRecord, { sessionId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  }

  /** Most recently active first; the cursor is the last session's (updated_at, id). */
  async page(em: EntityManager, userId: string, filter: { chatType?: ManagerChatType | undefined; limit: number; cursor?: string | undefined }): Promise<Page<ChatSessionView>> {
    const where: Record<string, unknown> = { userId, ...(filter.chatType ? { chatType: filter.chatType } : {}) };
    const total = await em.count(ManagerChatSessionRecord, where);
    if (filter.cursor !== undefined) {
      const position = decodeCursor(filter.cursor, 2);
      if (!position || typeof position[0] !== 'string' || !isoTime.test(position[0]) || typeof position[1] !== 'string' || !uuid.test(position[1])) {
        throw RpcFailure.badRequest('Invalid cursor');
      }
      const updatedAt = new Date(position[0]);
      where['$or'] = [{ updatedAt: { $lt: updatedAt } }, { updatedAt, id: { $lt: position[1] } }];
    }
    const rows = await em.find(ManagerChatSessionRecord, where, { orderBy: { updatedAt: 'desc', id: 'desc' }, limit: filter.limit + 1 });
    const items = rows.slice(0, filter.limit);
    const last = rows.length > filter.limit ? items.at(-1)! : undefined;
    return { items: items.map(sessionView), next_cursor: last ? encodeCursor([last.updatedAt.toISOString(), last.id]) : null, total };
  }
}

export function sessionView(session: ManagerChatSessionRecord): ChatSessionView {
  return {
    id: session.id,
    title: session.title,
    chat_type: session.chatType,
    location_id: session.locationId ?? null,
    messages_count: session.messagesCount,
    created_at: session.createdAt.toISOString(),
    updated_at: session.updatedAt.toISOString(),
  };
}

export function messageView(message: ManagerChatMessageRecord): ChatMessageView {
  return {
    id: message.id,
    session_id: message.sessionId,
    content: message.content,
    sender: message.sender,
    timestamp: message.createdAt.toISOString(),
    status: message.status,
    type: message.chatType,
    sources: message.sources,
    outcome: message.outcome ?? null,
  };
}
