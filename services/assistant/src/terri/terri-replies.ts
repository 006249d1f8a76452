import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ChatMessagePosted, type ChatOutcome, type ChatSource } from '@pm/contracts';
import { recordEvent } from '@pm/messaging';
import { v7 as uuidv7 } from 'uuid';
import { AnswersUnavailableError, ChatAnswerer, type ChatTurn } from '../answering/index.js';
import { KnowledgeCopy } from '../knowledge/knowledge-copy.js';
import { ChatMessage } from './chat-message.entity.js';
import { terriFacts, timeZoneOf } from './terri-facts.js';

/** What Terri says when the AI cannot run (models missing or unverified): the operator's reason goes to the log. */
export const TERRI_UNAVAILABLE_TEXT = "Sorry, I can't answer right now: my AI is unavailable. Please try again later.";
const HISTORY_MESSAGES = 6;

/** Terri's reply to one of the person's messages, from the facts about their address (see terriFacts). */
@Injectable()
export class TerriReplies {
  private readonly logger = new Logger('Terri');

  constructor(
    private readonly answerer: ChatAnswerer,
    private readonly knowledge: KnowledgeCopy,
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

    let text: string;
    let sources: ChatSource[] = [];
    let outcome: ChatOutcome;
    try {
      const answer = await this.answerer.answer({
        question: question.text,
        facts: terriFacts(context, knowledge),
        history,
        audience: 'resident',
        timeZone: timeZoneOf(context),
        now: question.createdAt,
      });
      text = answer.answer;
      sources = answer.sources.map((source) => ({ ...source }));
      outcome = answer.outcome;
    } catch (error) {
      if (!(error instanceof AnswersUnavailableError)) throw error;
      this.logger.warn({ reason: error.message }, 'Terri answered that the AI is unavailable');
      text = TERRI_UNAVAILABLE_TEXT;
      outcome = 'unavailable';
    }

    const reply = em.create(ChatMessage, {
      id: uuidv7(),
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
