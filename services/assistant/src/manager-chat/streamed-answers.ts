import { Inject, Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  ManagerChatAnswerFailed,
  ManagerChatAnswerProgressed,
  managerChatMessages,
  type RequestOf,
  type ResponseOf,
  type StartManagerChatAnswer,
} from '@pm/contracts';
import { EventPublisher, recordEvent, RpcFailure } from '@pm/messaging';
import type { UseCaseContext } from '@pm/nest-kit';
import { v7 as uuidv7 } from 'uuid';
import { AnswerProgress } from '../answering/answer-progress.js';
import { CHAT_DEADLINES, type ChatDeadlines } from '../answering/chat-deadlines.js';
import { ManagerChat, type PreparedQuestion } from './manager-chat.js';
import { ManagerChatMessageRecord } from './manager-chat-message.entity.js';
import { ManagerChatSessionRecord } from './manager-chat-session.entity.js';

interface Running {
  userId: string;
  sessionId: string;
  stop: AbortController;
  done: Promise<void>;
}

interface Job {
  userId: string;
  messageId: string;
  sessionId: string;
  /** The session the question continues; undefined when the answer starts a new one. */
  existingSessionId: string | undefined;
  chatType: RequestOf<typeof StartManagerChatAnswer>['chat_type'];
  locationId: string | null;
  question: string;
  prepared: PreparedQuestion;
  askedAt: Date;
}

/**
 * The manager's chat answering while it streams (GET simulation/communicate/stream): the start call checks and
 * gathers as POST simulation/communicate does, within the caller's request, then the answer is made here in the
 * background, each word on its way to the caller as `ManagerChatAnswerProgressed` (straight to JetStream, a few a
 * second), and ends as `ManagerChatAnswered` (the exchange stored, through the outbox) or `ManagerChatAnswerFailed`.
 * The question's id is the stream's `message_id`: asked again, the answer under way (or stored) is the one resumed.
 */
@Injectable()
export class StreamedAnswers implements BeforeApplicationShutdown {
  private readonly logger = new Logger('ManagerChatStream');
  private readonly running = new Map<string, Running>();

  constructor(
    private readonly chat: ManagerChat,
    private readonly orm: MikroORM,
    private readonly publisher: EventPublisher,
    @Inject(CHAT_DEADLINES) private readonly deadlines: ChatDeadlines,
  ) {}

  async start(request: RequestOf<typeof StartManagerChatAnswer>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof StartManagerChatAnswer>> {
    const askedAt = new Date();
    const messageId = request.message_id;
    const resumed = await this.underWayOrStored(em, caller.userId, messageId);
    if (resumed !== undefined) return { message_id: messageId, session_id: resumed, resumed: true };

    const { session, locationId, prepared } = await this.chat.prepare(request, caller.userId, em);
    if ('facts' in prepared) this.chat.requireModels();
    const job: Job = {
      userId: caller.userId,
      messageId,
      sessionId: session?.id ?? uuidv7(),
      existingSessionId: session?.id,
      chatType: request.chat_type,
      locationId: locationId ?? null,
      question: request.message,
      prepared,
      askedAt,
    };
    const stop = new AbortController();
    const running: Running = { userId: job.userId, sessionId: job.sessionId, stop, done: Promise.resolve() };
    this.running.set(messageId, running);
    running.done = this.answer(job, stop.signal).finally(() => this.running.delete(messageId));
    return { message_id: messageId, session_id: job.sessionId, resumed: false };
  }

  /** The session of the caller's answer with this id, under way or stored; 409 when the id is someone else's. */
  private async underWayOrStored(em: EntityManager, userId: string, messageId: string): Promise<string | undefined> {
    const running = this.running.get(messageId);
    if (running) {
      if (running.userId !== userId) throw RpcFailure.conflict(managerChatMessages.messageIdTaken);
      return running.sessionId;
    }
    const stored = await em.findOne(ManagerChatMessageRecord, { id: messageId });
    if (!stored) return undefined;
    const session = await em.findOne(ManagerChatSessionRecord, { id: stored.sessionId, userId });
    if (!session || stored.sender !== 'user') throw RpcFailure.conflict(managerChatMessages.messageIdTaken);
    return session.id;
  }

  private async answer(job: Job, stop: AbortSignal): Promise<void> {
    const progress = new AnswerProgress(
      (text) => this.publisher.publish(ManagerChatAnswerProgressed, { userId: job.userId, messageId: job.messageId, sessionId: job.sessionId, text }),
      this.logger,
    );
    // The deadline runs from the question's arrival: time spent waiting for the model (drafts go first) counts.
    const deadline = AbortSignal.any([AbortSignal.timeout(Math.max(0, this.deadlines.streamTimeoutMs - (Date.now() - job.askedAt.getTime()))), stop]);
    try {
      const reply = await this.chat.answer(job.prepared, job.question, { signal: deadline, onPartial: (text) => progress.update(text) }, job.askedAt);
      await progress.close();
      await this.transaction(async (em) => {
        const session = job.existingSessionId === undefined ? undefined : await em.findOne(ManagerChatSessionRecord, { id: job.existingSessionId, userId: job.userId });
        // Deleted while its answer was being written: the answer has nowhere to go.
        if (job.existingSessionId !== undefined && !session) throw RpcFailure.notFound(managerChatMessages.sessionNotFound);
        await this.chat.store(em, job.userId, {
          session: session ?? undefined,
          chatType: job.chatType,
          locationId: job.locationId,
          question: job.question,
          reply,
          at: job.askedAt,
          ids: { sessionId: job.sessionId, questionId: job.messageId },
          record: async (contract, data) => {
            recordEvent(em, contract, data);
          },
        });
      });
    } catch (error) {
      await progress.close();
      const failure = RpcFailure.from(error);
      if (!failure || failure.status >= 500) this.logger.warn({ err: error, messageId: job.messageId }, 'a streamed chat answer failed');
      // A reason written for the asker (the AI is unavailable, the session is gone) is passed on; anything else is the spec's text.
      const reason = failure && failure.status !== 500 ? failure.message : managerChatMessages.answerFailed;
      await this.transaction(async (em) => {
        recordEvent(em, ManagerChatAnswerFailed, { userId: job.userId, messageId: job.messageId, sessionId: job.sessionId, error: reason });
      }).catch((recordError: unknown) => this.logger.error({ err: recordError, messageId: job.messageId }, 'the failure of a streamed chat answer could not be recorded'));
    }
  }

  private transaction<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return (this.orm.em.fork() as EntityManager).transactional(work);
  }

  /** A stopping process ends its answers where they are (each is stored, cut at its last sentence, or failed). */
  async beforeApplicationShutdown(): Promise<void> {
    const running = [...this.running.values()];
    for (const answer of running) answer.stop.abort(new Error('The assistant is stopping'));
    await Promise.allSettled(running.map((answer) => answer.done));
  }
}
