import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  CommunicateWithAssistant,
  ListPropertyLocations,
  managerChatLimits,
  managerChatMessages,
  ManagerChatAnswered,
  type ManagerChatOutcome,
  type ManagerChatSource,
  type RequestOf,
  type ResponseOf,
} from '@pm/contracts';
import { RpcClient, RpcFailure } from '@pm/messaging';
import type { UseCaseContext } from '@pm/nest-kit';
import { v7 as uuidv7 } from 'uuid';
import { AnswersUnavailableError, ChatAnswerer, type ChatTurn } from '../answering/index.js';
import { todayIn } from '../drafting/guards/date-resolver.js';
import { KnowledgeCopy } from '../knowledge/knowledge-copy.js';
import { ManagerChatMessageRecord } from './manager-chat-message.entity.js';
import { ManagerChatSessionRecord } from './manager-chat-session.entity.js';
import { ChatSessionsRepository, messageView } from './chat-sessions.repository.js';
import { portfolioFacts } from './portfolio-facts.js';
import { runTools, toolsFor } from './portfolio-tools.js';

/** Portfolio's dates (lease ends, "today" of the dashboard) are UTC days; the chat counts days the same way. */
const TIME_ZONE = 'UTC';
const HISTORY_MESSAGES = 8;

/** The Documents tab's answer until the document vault exists: honest, and not an error. */
export const NO_DOCUMENTS_ANSWER =
  'I cannot read any documents yet: the document vault, where leases and other files will be uploaded, is not available yet. ' +
  'Ask me about your properties, buildings, units, tenants, leases, partners and knowledge base in the General tab.';

export interface ChatReply {
  content: string;
  outcome: ManagerChatOutcome;
  sources: ManagerChatSource[];
}

/**
 * The manager's AI chat: one question in, one reply out, both kept in the caller's session and published to their
 * other tabs. The General tab answers from the caller's portfolio, read through portfolio's own calls with the
 * caller's token (so portfolio's access rules decide what the chat may know) and the assistant's knowledge copy.
 */
@Injectable()
export class ManagerChat {
  constructor(
    private readonly sessions: ChatSessionsRepository,
    private readonly rpc: RpcClient,
    private readonly answerer: ChatAnswerer,
    private readonly knowledge: KnowledgeCopy,
  ) {}

  async communicate(request: RequestOf<typeof CommunicateWithAssistant>, { em, caller, record }: UseCaseContext): Promise<ResponseOf<typeof CommunicateWithAssistant>> {
    const session = request.session_id === undefined ? undefined : await this.sessions.own(em, caller.userId, request.session_id);
    if (session && session.chatType !== request.chat_type) throw RpcFailure.badRequest(managerChatMessages.sessionOfOtherTab);
    if (session && session.messagesCount + 2 > managerChatLimits.sessionMessages) throw RpcFailure.conflict(managerChatMessages.sessionFull);
    const locationId = request.location_id ?? request.property_id ?? session?.locationId ?? undefined;
    const history = session ? await this.sessions.messages(em, session.id) : [];

    const reply =
      request.chat_type === 'documents'
        ? { content: NO_DOCUMENTS_ANSWER, outcome: 'no-documents' as const, sources: [] }
        : await this.answerGeneral(request.message, locationId, history, em);
    return this.store(em, caller.userId, { session, chatType: request.chat_type, locationId: locationId ?? null, question: request.message, reply, record });
  }

  async answerGeneral(question: string, locationId: string | undefined, earlier: readonly ManagerChatMessageRecord[], em: EntityManager, now = new Date()): Promise<ChatReply> {
    // Every location the caller reaches (portfolio decides, from their token); a question narrowed to one location is
    // answered from that one's data, and the overview still names them all.
    const all = await this.rpc.request(ListPropertyLocations, {});
    const locations = locationId === undefined ? all : all.filter((location) => location.id === locationId);
    if (locations.length === 0 && locationId !== undefined) throw RpcFailure.notFound('Property location not found');
    const recent = earlier.slice(-HISTORY_MESSAGES);
    const history: ChatTurn[] = recent.map((message) => ({ role: message.sender === 'user' ? 'user' : 'assistant', text: message.content }));
    const today = todayIn(TIME_ZONE, now);
    const tools = toolsFor(question, recent.filter((message) => message.sender === 'user').map((message) => message.content));
    const facts = await runTools(tools, { locations, rpc: this.rpc, em, knowledge: this.knowledge, today, unitsByLocation: new Map() });
    try {
      const answer = await this.answerer.answer({ question, facts: [...portfolioFacts(all), ...facts], history, audience: 'manager', timeZone: TIME_ZONE, now });
      return {
        content: answer.answer.slice(0, managerChatLimits.reply),
        outcome: answer.outcome,
        sources: answer.sources.slice(0, managerChatLimits.sourcesPerReply).map((source) => ({ id: source.id, kind: source.kind, title: source.title.slice(0, 300), link: source.link ?? null })),
      };
    } catch (error) {
      if (error instanceof AnswersUnavailableError) throw new RpcFailure(503, error.message, 'ai_unavailable');
      throw error;
    }
  }

  /** Keeps the exchange in the session (a new one titled by the question) and tells the caller's other tabs. */
  async store(
    em: EntityManager,
    userId: string,
    exchange: { session: ManagerChatSessionRecord | undefined; chatType: ManagerChatSessionRecord['chatType']; locationId: string | null; question: string; reply: ChatReply; record: UseCaseContext['record']; at?: Date },
  ): Promise<ResponseOf<typeof CommunicateWithAssistant>> {
    const askedAt = exchange.at ?? new Date();
    // The reply is stamped after the question even when both land in the same millisecond.
    const answeredAt = new Date(Math.max(Date.now(), askedAt.getTime() + 1));
    const session =
      exchange.session ??
      em.create(ManagerChatSessionRecord, {
        id: uuidv7(),
        userId,
        chatType: exchange.chatType,
        locationId: exchange.locationId,
        title: titleOf(exchange.question),
        messagesCount: 0,
        createdAt: askedAt,
        updatedAt: askedAt,
      });
    if (exchange.locationId !== null) session.locationId = exchange.locationId;
    session.messagesCount += 2;
    session.updatedAt = answeredAt;
    // The messages reference the session, and the unit of work knows no relation between them: the session first.
    await em.flush();
    const question = em.create(ManagerChatMessageRecord, {
      id: uuidv7(),
      sessionId: session.id,
      sender: 'user',
      content: exchange.question,
      chatType: exchange.chatType,
      status: 'sent',
      sources: [],
      outcome: null,
      createdAt: askedAt,
    });
    const reply = em.create(ManagerChatMessageRecord, {
      id: uuidv7(),
      sessionId: session.id,
      sender: 'system',
      content: exchange.reply.content,
      chatType: exchange.chatType,
      status: 'answered',
      sources: exchange.reply.sources,
      outcome: exchange.reply.outcome,
      createdAt: answeredAt,
    });
    await em.flush();
    const views = { question: messageView(question), reply: messageView(reply) };
    await exchange.record(ManagerChatAnswered, { userId, sessionId: session.id, locationId: session.locationId ?? null, ...views });
    return { session_id: session.id, message: views.reply.content, sources: views.reply.sources, outcome: exchange.reply.outcome, ...views };
  }
}

/** The session list's name for a conversation: its first question on one line, shortened. */
export function titleOf(question: string): string {
  const line = question.replace(/\s+/g, ' ').trim();
  return line.length <= managerChatLimits.sessionTitle ? line : `${line.slice(0, managerChatLimits.sessionTitle - 1).trimEnd()}…`;
}
