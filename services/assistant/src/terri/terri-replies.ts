import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ChatMessagePosted, ChatReplyProgressed, type ChatOutcome, type ChatSource } from '@pm/contracts';
import { EventPublisher, recordEvent } from '@pm/messaging';
import { v5 as uuidv5 } from 'uuid';
import { AnswerProgress, AnswersUnavailableError, CHAT_DEADLINES, ChatAnswerer, type ChatDeadlines, type ChatTurn } from '../answering/index.js';
import { KnowledgeCopy } from '../knowledge/knowledge-copy.js';
import { AreaFacts } from './area-facts.js';
import { ChatMessage } from './chat-message.entity.js';
import { terriFacts, timeZoneOf } from './terri-facts.js';

/** What Terri says when the AI cannot run (models missing or unverified): the operator's reason goes to the log. */
export const TERRI_UNAVAILABLE_TEXT = "Sorry, I can't answer right now: my AI is unavailable. Please try again later.";
const HISTORY_MESSAGES = 6;
/** Reply ids are derived from the question's, so a redelivered question's reply (and its words so far) keep one id. */
const REPLY_ID_NAMESPACE = 'f3b0c8d2-6a59-4e1c-9f4e-2d7a1c3b5e60';

/**
 * Terri's reply to one of the person's messages, from the facts about their address (see terriFacts). The reply's
 * words reach the person while they are written (`ChatReplyProgressed` on the chat stream, under the id the reply is
 * then stored with), as the manager's chat streams its answers.
 */
@Injectable()
export class TerriReplies {
  private readonly logger = new Logger('Terri');

  constructor(
    private readonly answerer: ChatAnswerer,
    private readonly knowledge: KnowledgeCopy,
    private readonly areaFacts: AreaFacts,
    private readonly publisher: EventPublisher,
    @Inject(CHAT_DEADLINES) private readonly deadlines: ChatDeadlines,
  ) {}

  /** Answers `question` once: a redelivered event finds the reply already there and records nothing. */
  async reply(em: EntityManager, question: ChatMessage): Promise<ChatMessage> {
    const existing = await em.findOne(ChatMessage, { replyTo: question.id });
    if (existing) return existing;

    const context = question.askerContext ?? null;
    const knowledge = context?.residence ? await this.knowledge.live(em, context.residence.location_id) : [];
    const earlier = await em.find(
      ChatMessage,
      { userId: question.userId, createdAt: { $lt: question.createdAt } },
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit: HISTORY_MESSAGES },
    );
    const history: ChatTurn[] = earlier.reverse().map((message) => ({ role: message.role === 'admin' ? 'assistant' : 'user', text: message.text }));
    const replyId = uuidv5(question.id, REPLY_ID_NAMESPACE);
    const startedAt = new Date();
    const progress = new AnswerProgress(
      (text) => this.publisher.publish(ChatReplyProgressed, { messageId: replyId, userId: question.userId, replyTo: question.id, text, createdAt: startedAt.toISOString() }),
      this.logger,
    );

    let text: string;
    let sources: ChatSource[] = [];
    let outcome: ChatOutcome;
    try {
      const answer = await this.answerer.answer(
        {
          question: question.text,
          facts: terriFacts(context, knowledge, this.areaFacts.factsFor(context?.property)),
          history,
          audience: 'resident',
          timeZone: timeZoneOf(context),
          now: question.createdAt,
        },
        { signal: AbortSignal.timeout(this.deadlines.streamTimeoutMs), generationMs: this.deadlines.generationMs, onPartial: (partial) => progress.update(partial) },
      );
      text = answer.answer;
      sources = answer.sources.map((source) => ({ ...source }));
      outcome = answer.outcome;
    } catch (error) {
      if (!(error instanceof AnswersUnavailableError)) throw error;
      this.logger.warn({ reason: error.message }, 'Terri answered that the AI is unavailable');
      text = TERRI_UNAVAILABLE_TEXT;
      outcome = 'unavailable';
    } finally {
      await progress.close();
    }

    const reply = em.create(ChatMessage, {
      id: replyId,
      userId: question.userId,
      role: 'admin',
      text,
      replyTo: question.id,
      rating: null,
      sources,
      outcome,
      askerContext: null,
      createdAt: new Date(),
    });
    recordEvent(em, ChatMessagePosted, {
      messageId: reply.id,
      userId: reply.userId,
      role: 'admin',
      text: reply.text,
      replyTo: question.id,
      sources,
      outcome,
      createdAt: reply.createdAt.toISOString(),
    });
    await em.flush();
    return reply;
  }
}
