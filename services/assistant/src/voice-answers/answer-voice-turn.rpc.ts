import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { AnswerVoiceTurn, type RequestOf, type ResponseOf } from '@pm/contracts';
import { OnRequest, RpcFailure } from '@pm/messaging';
import { Callers } from '@pm/nest-kit';
import { DraftsUnavailableError } from '../drafting/draft-reply.types.js';
import { ReplyDrafter } from '../drafting/reply-drafter.js';
import { DEFAULT_US_TIME_ZONE } from '@pm/geo/time-zones';
import { spokenAnswer } from './spoken-answer.js';

/**
 * A caller's turn on a location's number (asked by messaging's voice webhook, with its service token), answered by
 * the drafting pipeline that drafts replies to messages: the same retrieval, grounding check and urgency rules, then
 * said the way one speaks. No model available → 503, and the caller hears messaging's holding line.
 */
@Controller()
export class AnswerVoiceTurnRpc {
  constructor(private readonly drafter: ReplyDrafter) {}

  @Callers('service')
  @OnRequest(AnswerVoiceTurn)
  async answer(@Payload() request: RequestOf<typeof AnswerVoiceTurn>): Promise<ResponseOf<typeof AnswerVoiceTurn>> {
    try {
      const draft = await this.drafter.draftReply({
        message: request.transcript,
        location: { id: request.locationId, ...(request.locationName ? { name: request.locationName } : {}), timeZone: request.timeZone ?? DEFAULT_US_TIME_ZONE },
        ...(request.callerName ? { tenant: { name: request.callerName } } : {}),
        thread: request.earlier.map((turn) => ({ from: turn.from === 'caller' ? ('tenant' as const) : ('manager' as const), text: turn.text })),
        receivedAt: new Date(request.at),
      });
      return {
        answer: spokenAnswer(draft),
        urgent: draft.urgent,
        outcome: draft.outcome,
        sources: draft.sources.slice(0, 10).map((source) => ({ kind: source.kind, id: source.id, title: source.title.slice(0, 2_000), score: source.score })),
      };
    } catch (error) {
      if (error instanceof DraftsUnavailableError) throw new RpcFailure(503, error.message);
      throw error;
    }
  }
}
