import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  CommunicateWithAssistant,
  GetDocument,
  ListPropertyLocations,
  ListVaultDocuments,
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
import { AnswersUnavailableError, ChatAnswerer, type AnswerFact, type ChatTurn } from '../answering/index.js';
import { CHAT_DEADLINES, type ChatDeadlines } from '../answering/chat-deadlines.js';
import { DocumentTexts, type DocumentTextCopy } from '../document-reading/document-texts.repository.js';
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

/**
 * The Documents tab's answers when there is nothing to read: no document of the location has been read yet, or the
 * one asked about is still being processed. Honest, and not an error.
 */
export const NO_DOCUMENTS_ANSWER =
  'I have not read any documents of this property yet. Upload leases and other files to the vault; once they show Processed, ask me about them here.';
export const DOCUMENT_NOT_READ_ANSWER = 'I have not read this document yet: it is still being processed. Ask me again once it shows Processed.';
/** Passages the chat ranks at most: the first pages of the location's most recent documents. */
const DOCUMENT_PASSAGES_MAX = 400;
const PASSAGE_CHARS = 700;
const DOCUMENTS_SEARCHED = 25;

export interface ChatReply {
  content: string;
  outcome: ManagerChatOutcome;
  sources: ManagerChatSource[];
}

/**
 * A question made ready while its asker's request is served (portfolio's and the vault's calls are made with their
 * token): the facts and history the model will answer from, or a reply that needs no model.
 */
export type PreparedQuestion = { facts: AnswerFact[]; history: ChatTurn[] } | { reply: ChatReply };

/** How the model's work on one answer is run: its deadline, and who hears its words as they are written. */
export interface AnswerRun {
  signal: AbortSignal;
  onPartial?: (text: string) => void;
}

/**
 * The manager's AI chat: one question in, one reply out, both kept in the caller's session and published to their
 * other tabs. The General tab answers from the caller's portfolio, read through portfolio's own calls with the
 * caller's token (so portfolio's access rules decide what the chat may know) and the assistant's knowledge copy.
 * POST simulation/communicate answers within CHAT_ANSWER_TIMEOUT_MS; the stream (`StreamedAnswers`) takes the same
 * path with the stream's deadline and the words published as they are written.
 */
@Injectable()
export class ManagerChat {
  constructor(
    private readonly sessions: ChatSessionsRepository,
    private readonly rpc: RpcClient,
    private readonly answerer: ChatAnswerer,
    private readonly knowledge: KnowledgeCopy,
    private readonly documents: DocumentTexts,
    @Inject(CHAT_DEADLINES) private readonly deadlines: ChatDeadlines,
  ) {}

  async communicate(request: RequestOf<typeof CommunicateWithAssistant>, { em, caller, record }: UseCaseContext): Promise<ResponseOf<typeof CommunicateWithAssistant>> {
    const deadline = AbortSignal.timeout(this.deadlines.answerTimeoutMs);
    const { session, locationId, prepared } = await this.prepare(request, caller.userId, em);
    const reply = await this.answer(prepared, request.message, { signal: deadline });
    return this.store(em, caller.userId, { session, chatType: request.chat_type, locationId: locationId ?? null, question: request.message, reply, record });
  }

  /** Checks the session and the location (404, 400, 409 as the contract says) and gathers what the answer needs. */
  async prepare(
    request: Pick<RequestOf<typeof CommunicateWithAssistant>, 'message' | 'session_id' | 'location_id' | 'property_id' | 'document_id' | 'chat_type'>,
    userId: string,
    em: EntityManager,
  ): Promise<{ session: ManagerChatSessionRecord | undefined; locationId: string | undefined; prepared: PreparedQuestion }> {
    const session = request.session_id === undefined ? undefined : await this.sessions.own(em, userId, request.session_id);
    if (session && session.chatType !== request.chat_type) throw RpcFailure.badRequest(managerChatMessages.sessionOfOtherTab);
    if (session && session.messagesCount + 2 > managerChatLimits.sessionMessages) throw RpcFailure.conflict(managerChatMessages.sessionFull);
    const locationId = request.location_id ?? request.property_id ?? session?.locationId ?? undefined;
    const history = session ? await this.sessions.messages(em, session.id) : [];
    const prepared =
      request.chat_type === 'documents'
        ? await this.prepareDocuments({ documentId: request.document_id ?? undefined, locationId }, history, em)
        : await this.prepareGeneral(request.message, locationId, history, em);
    return { session, locationId, prepared };
  }

  /** The answer to a prepared question: the model's, within `run`'s deadline; 503 when the models are unavailable. */
  async answer(prepared: PreparedQuestion, question: string, run: AnswerRun, now = new Date()): Promise<ChatReply> {
    if ('reply' in prepared) return prepared.reply;
    try {
      const answer = await this.answerer.answer(
        { question, facts: prepared.facts, history: prepared.history, audience: 'manager', timeZone: TIME_ZONE, now },
        { signal: run.signal, generationMs: this.deadlines.generationMs, ...(run.onPartial === undefined ? {} : { onPartial: run.onPartial }) },
      );
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

  /** Whether the models can answer now: the stream refuses a question it could not answer before it opens. */
  requireModels(): void {
    const unavailable = this.answerer.unavailable();
    if (unavailable !== undefined) throw new RpcFailure(503, unavailable, 'ai_unavailable');
  }

  private async prepareGeneral(question: string, locationId: string | undefined, earlier: readonly ManagerChatMessageRecord[], em: EntityManager, now = new Date()): Promise<PreparedQuestion> {
    // Every location the caller reaches (portfolio decides, from their token); a question narrowed to one location is
    // answered from that one's data, and the overview still names them all.
    const all = await this.rpc.request(ListPropertyLocations, {});
    const locations = locationId === undefined ? all : all.filter((location) => location.id === locationId);
    if (locations.length === 0 && locationId !== undefined) throw RpcFailure.notFound('Property location not found');
    const recent = earlier.slice(-HISTORY_MESSAGES);
    const today = todayIn(TIME_ZONE, now);
    const tools = toolsFor(question, recent.filter((message) => message.sender === 'user').map((message) => message.content));
    const facts = await runTools(tools, { locations, rpc: this.rpc, em, knowledge: this.knowledge, today, unitsByLocation: new Map() });
    return { facts: [...portfolioFacts(all), ...facts], history: historyOf(recent) };
  }

  /**
   * The Documents tab: answers from one document (`document_id`) or from the location's documents, as the assistant
   * read them (its copy of their text). The vault decides who may read which document: it is asked with the caller's
   * token (404 for a document out of reach, exactly as the vault answers). Every answer cites the pages it rests on.
   */
  private async prepareDocuments(scope: { documentId?: string; locationId?: string }, earlier: readonly ManagerChatMessageRecord[], em: EntityManager): Promise<PreparedQuestion> {
    const copies: DocumentTextCopy[] = [];
    if (scope.documentId !== undefined) {
      await this.rpc.request(GetDocument, { id: scope.documentId });
      const copy = await this.documents.find(em, scope.documentId);
      if (!copy || copy.pages.length === 0) return { reply: { content: DOCUMENT_NOT_READ_ANSWER, outcome: 'no-documents', sources: [] } };
      copies.push(copy);
    } else {
      const listed = await this.rpc.request(ListVaultDocuments, { ...(scope.locationId === undefined ? {} : { property_location_id: scope.locationId }), status: 'PROCESSED', limit: DOCUMENTS_SEARCHED });
      for (const document of listed.items) {
        const copy = await this.documents.find(em, document.id);
        if (copy && copy.pages.length > 0) copies.push(copy);
      }
      if (copies.length === 0) return { reply: { content: NO_DOCUMENTS_ANSWER, outcome: 'no-documents', sources: [] } };
    }
    return { facts: passagesOf(copies).slice(0, DOCUMENT_PASSAGES_MAX), history: historyOf(earlier.slice(-HISTORY_MESSAGES)) };
  }

  /** Keeps the exchange in the session (a new one titled by the question) and tells the caller's other tabs. */
  async store(
    em: EntityManager,
    userId: string,
    exchange: {
      session: ManagerChatSessionRecord | undefined;
      chatType: ManagerChatSessionRecord['chatType'];
      locationId: string | null;
      question: string;
      reply: ChatReply;
      record: UseCaseContext['record'];
      at?: Date;
      /** The ids a streamed answer announced before it was stored: the new session's and the question's. */
      ids?: { sessionId: string; questionId: string };
    },
  ): Promise<ResponseOf<typeof CommunicateWithAssistant>> {
    const askedAt = exchange.at ?? new Date();
    // The reply is stamped after the question even when both land in the same millisecond.
    const answeredAt = new Date(Math.max(Date.now(), askedAt.getTime() + 1));
    const session =
      exchange.session ??
      em.create(ManagerChatSessionRecord, {
        id: exchange.ids?.sessionId ?? uuidv7(),
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
      id: exchange.ids?.questionId ?? uuidv7(),
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

function historyOf(messages: readonly ManagerChatMessageRecord[]): ChatTurn[] {
  return messages.map((message) => ({ role: message.sender === 'user' ? 'user' : 'assistant', text: message.content }));
}

/** The session list's name for a conversation: its first question on one line, shortened. */
export function titleOf(question: string): string {
  const line = question.replace(/\s+/g, ' ').trim();
  return line.length <= managerChatLimits.sessionTitle ? line : `${line.slice(0, managerChatLimits.sessionTitle - 1).trimEnd()}…`;
}

/**
 * A document's pages as the facts the answerer ranks and cites: passages of whole sentences (about 700 characters),
 * each titled with its document and page, linked to the document page at that page.
 */
export function passagesOf(copies: readonly DocumentTextCopy[]): AnswerFact[] {
  const facts: AnswerFact[] = [];
  for (const copy of copies) {
    for (const page of copy.pages) {
      const sentences = page.text.replace(/\s+/g, ' ').trim().split(/(?<=[.!?])\s+(?=[A-Z0-9"(])/);
      let passage = '';
      let part = 0;
      const flush = (): void => {
        if (passage.trim() === '') return;
        part += 1;
        facts.push({
          id: `document:${copy.documentId}:${page.page}:${part}`,
          kind: 'document',
          title: `${copy.fileName}, page ${page.page}`,
          text: passage.trim(),
          link: `/property-manager/documents/${copy.documentId}?page=${page.page}`,
        });
        passage = '';
      };
      for (const sentence of sentences) {
        if (passage.length + sentence.length > PASSAGE_CHARS) flush();
        passage += `${sentence.slice(0, PASSAGE_CHARS)} `;
      }
      flush();
    }
  }
  return facts;
}
