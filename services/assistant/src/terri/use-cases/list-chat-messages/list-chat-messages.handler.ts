import { decodeCursor, encodeCursor, ListChatMessages, type RequestOf, type ResponseOf } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { ChatMessage } from '../../chat-message.entity.js';

/** The caller's own channel, newest first (the chat shows the latest page and reads back from there). */
@UseCase(ListChatMessages)
export class ListChatMessagesHandler implements UseCaseHandler<typeof ListChatMessages> {
  async handle({ limit, cursor }: RequestOf<typeof ListChatMessages>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof ListChatMessages>> {
    const after = cursor === undefined ? null : decodeCursor(cursor, 2);
    if (cursor !== undefined && (after === null || typeof after[0] !== 'string' || typeof after[1] !== 'string' || Number.isNaN(Date.parse(after[0])))) {
      throw RpcFailure.badRequest('Invalid cursor');
    }
    const where = { userId: caller.userId };
    const older = after
      ? { $or: [{ createdAt: { $lt: new Date(after[0] as string) } }, { createdAt: new Date(after[0] as string), id: { $lt: after[1] as string } }] }
      : {};
    const [rows, total] = await Promise.all([
      em.find(ChatMessage, { ...where, ...older }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: limit + 1 }),
      em.count(ChatMessage, where),
    ]);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      items: page.map((message) => message.toView()),
      next_cursor: rows.length > limit && last ? encodeCursor([last.createdAt.toISOString(), last.id]) : null,
      total,
    };
  }
}
