import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { draftLimits, ReplyDraftCompleted, type DraftRequested, type DraftResult, type EventOf } from '@pm/contracts';
import { DEFAULT_US_TIME_ZONE } from '@pm/geo/time-zones';
import { recordEvent } from '@pm/messaging';
import { DraftsUnavailableError, type DraftSource } from '../drafting/draft-reply.types.js';
import { ReplyDrafter } from '../drafting/reply-drafter.js';
import { withDeadline } from '../ai/with-deadline.js';

/**
 * The longest a draft may take before it is reported failed (`DRAFT_TIMEOUT_MS`). The local model queues requests one
 * at a time (5-10 s each on a 2-core machine); past this the manager is better served by "failed, Regenerate" than by a
 * card that spins. The model's work for the draft is cancelled with it (left in the queue, or stopped mid-generation),
 * so a draft given up on never holds the model while the next one waits.
 */
export const DRAFT_TIMEOUT = Symbol('DRAFT_TIMEOUT');
class DraftTimeout extends Error {}

/** Drafts the reply messaging asked for and answers with the draft or the reason there is none. */
@Injectable()
export class MessageDraftWriter {
  private readonly logger = new Logger('MessageDrafts');

  constructor(
    private readonly drafter: ReplyDrafter,
    @Inject(DRAFT_TIMEOUT) private readonly timeoutMs: number,
  ) {}

  async answer(em: EntityManager, event: EventOf<typeof DraftRequested>): Promise<void> {
    const request = event.data;
    const timeoutMs = this.timeoutMs;
    let draft: DraftResult | null = null;
    let failure: string | null = null;
    const started = Date.now();
    try {
      const made = await withDeadline(
        timeoutMs,
        (signal) => this.drafter.draftReply({
          message: request.subject ? `${request.subject}\n\n${request.body}` : request.body,
          location: { id: request.locationId, timeZone: request.timeZone ?? DEFAULT_US_TIME_ZONE },
          ...(request.tenantName ? { tenant: { name: request.tenantName } } : {}),
          thread: request.thread,
          receivedAt: new Date(request.receivedAt),
        }, signal),
        () => new DraftTimeout(),
      );
      draft = {
        reply: made.reply.slice(0, draftLimits.reply),
        language: made.language,
        urgent: made.urgent,
        intent: made.intent,
        confidence: made.confidence,
        sources: sourcesOf(made.sources),
        nearMisses: sourcesOf(made.nearMisses),
        outcome: made.outcome,
        flaggedForManager: made.flaggedForManager,
      };
    } catch (error) {
      if (error instanceof DraftsUnavailableError) failure = error.message;
      else if (error instanceof DraftTimeout) failure = `The AI did not finish the draft within ${Math.round(timeoutMs / 1000)} seconds. Regenerate to try again.`;
      else throw error;
      this.logger.warn({ draftId: request.draftId, reason: failure }, 'no draft');
    }
    if (draft) this.logger.log({ draftId: request.draftId, outcome: draft.outcome, ms: Date.now() - started }, 'draft ready');
    recordEvent(em, ReplyDraftCompleted, {
      locationId: request.locationId,
      accountId: request.accountId,
      draftId: request.draftId,
      messageId: request.messageId,
      status: draft ? 'ready' : 'failed',
      draft,
      failure: failure?.slice(0, draftLimits.failure) ?? null,
      completedAt: new Date().toISOString(),
    });
    await em.flush();
  }
}

/** A draft's sources or near misses as the event carries them: at most ten, each title within the contract's limit. */
function sourcesOf(sources: readonly DraftSource[]): DraftResult['sources'] {
  return sources.slice(0, 10).map((source) => ({ kind: source.kind, id: source.id, title: source.title.slice(0, 2_000), score: source.score }));
}
