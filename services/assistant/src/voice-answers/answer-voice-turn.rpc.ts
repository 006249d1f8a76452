import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { AnswerVoiceTurn, type RequestOf, type ResponseOf } from '@pm/contracts';
import { OnRequest, RpcFailure, type RequestContext } from '@pm/messaging';
import { Callers } from '@pm/nest-kit';
import { withDeadline } from '../ai/with-deadline.js';
import { DraftsUnavailableError } from '../drafting/draft-reply.types.js';
import { ReplyDrafter } from '../drafting/reply-drafter.js';
import { DEFAULT_US_TIME_ZONE } from '@pm/geo/time-zones';
import { spokenAnswer } from './spoken-answer.js';

/** How long a turn may take when the caller did not say how long it waits: a caller on the line waits no longer. */
const UNSAID_WAIT_MS = 13_000;
class TurnTooSlow extends Error {}

/**
 * A caller's turn on a location's number (asked by messaging's voice webhook, with its service token), answered by
 * the drafting pipeline that drafts replies to messages: the same retrieval, grounding check and urgency rules, then
 * said the way one speaks. No model available → 503, and the caller hears messaging's holding line. When messaging
 * stops waiting (the caller hears the holding line), the draft stops too: the model's work for it is cancelled, so a
 * turn nobody hears never holds the model while the next draft waits.
 */
@Controller()
export class AnswerVoiceTurnRpc {
  constructor(private readonly drafter: ReplyDrafter) {}

  @Callers('service')
  @OnRequest(AnswerVoiceTurn)
  async answer(@Payload() request: RequestOf<typeof AnswerVoiceTurn>, @Ctx() transport: RequestContext): Promise<ResponseOf<typeof AnswerVoiceTurn>> {
    const waitMs = Math.max(0, (transport.deadline ?? Date.now() + UNSAID_WAIT_MS) - Date.now());
    try {
      const draft = await withDeadline(
        waitMs,
        (signal) => this.drafter.draftReply({
          message: request.transcript,
          location: { id: request.locationId, ...(request.locationName ? { name: request.locationName } : {}), timeZone: request.timeZone ?? DEFAULT_US_TIME_ZONE },
          ...(request.callerName ? { tenant: { name: request.callerName } } : {}),
          thread: request.earlier.map((turn) => ({ from: turn.from === 'caller' ? ('tenant' as const) : ('manager' as const), text: turn.text })),
          receivedAt: new Date(request.at),
        }, signal),
        () => new TurnTooSlow(),
      );
      return {
        answer: spokenAnswer(draft),
        urgent: draft.urgent,
        outcome: draft.outcome,
        sources: draft.sources.slice(0, 10).map((source) => ({ kind: source.kind, id: source.id, title: source.title.slice(0, 2_000), score: source.score })),
      };
    } catch (error) {
      if (error instanceof DraftsUnavailableError) throw new RpcFailure(503, error.message);
      // Nobody reads this answer (the caller's wait is over); a status all the same, not a crash in the logs.
      if (error instanceof TurnTooSlow) throw new RpcFailure(504, 'The assistant did not answer in time.');
      throw error;
    }
  }
}
