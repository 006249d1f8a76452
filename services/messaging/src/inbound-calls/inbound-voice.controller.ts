import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Controller, Headers, HttpCode, HttpException, Inject, Logger, Post, Req, Res, type RawBodyRequest } from '@nestjs/common';
import { CALL_MAX_TURNS, voiceAnswerLimits, type InboundCallView } from '@pm/contracts';
import { timeZoneOfUsAddress } from '@pm/geo/time-zones';
import { Public } from '@pm/nest-kit';
import type { Request, Response } from 'express';
import { MESSAGING_CONFIG, type MessagingConfig } from '../config/messaging-env.js';
import { InboundSmsRefusal } from '../inbound-sms/inbound-sms.form.js';
import { ReceiveInboundSms } from '../inbound-sms/receive-inbound-sms.js';
import { Directory } from '../directory/directory.js';
import { RoutingTables, table } from '../routing/routing-tables.js';
import { SignedTwilioWebhook } from '../twilio-webhooks/signed-twilio-webhook.js';
import { InboundCalls, type CallRow, type TurnAnswer } from './inbound-calls.repository.js';
import { gather, hangUp, say, twiml, voiceTexts } from './twiml.js';
import { parseCallStart, parseCallStatus, parseGather } from './voice-call.form.js';
import { VoiceAssistant } from './voice-assistant.js';

/** A short turn that only ends the call ("goodbye", "no thanks, that's all"). */
const GOODBYE = /^(?:\W*(?:ok(?:ay)?|no|nope|thanks?|thank you|that'?s (?:it|all)|that is all|nothing else|good ?bye|bye(?: bye)?|have a (?:good|nice) (?:day|one))\W*)+$/i;

/**
 * The voice provider's webhooks (Twilio's voice `Url`, its `<Gather>` action and the status callback), signed and
 * parsed exactly as SMS in. A call to a location's number is greeted with the location's name and the caller speaks;
 * each turn's transcript is stored before the assistant is asked (so the caller's words are kept whatever happens),
 * then answered aloud within Twilio's 15 s budget: the assistant's grounded answer, or the holding line when it does
 * not answer in time. A turn the team must take up (urgent, not answered, or not covered by the knowledge) also becomes an inbound message of the
 * caller's SMS thread, so drafts, urgency notifications and tickets follow the message path, and the team's reply
 * reaches the caller's phone.
 */
@Public()
@Controller('voice')
export class InboundVoiceController {
  private readonly logger = new Logger(InboundVoiceController.name);
  private readonly provider: string;

  constructor(
    @Inject(MESSAGING_CONFIG) config: MessagingConfig,
    private readonly orm: MikroORM,
    private readonly webhook: SignedTwilioWebhook,
    private readonly calls: InboundCalls,
    private readonly tables: RoutingTables,
    private readonly directory: Directory,
    private readonly assistant: VoiceAssistant,
    private readonly messages: ReceiveInboundSms,
  ) {
    this.provider = config.SMS_PROVIDER;
  }

  @Post('inbound')
  @HttpCode(200)
  async inbound(@Req() req: RawBodyRequest<Request>, @Res() res: Response, @Headers('x-twilio-signature') signature?: string): Promise<void> {
    const start = refusing(() => parseCallStart(this.webhook.read(req, signature)));
    const { call, locationName } = await this.transaction(async (em) => {
      const route = await this.tables.routeOf(em, start.to);
      const tenant = route ? await this.tables.tenantByPhone(em, route.locationId, start.from) : null;
      const stored = await this.calls.start(em, { provider: this.provider, ...start }, route, tenant?.tenantId ?? null, new Date());
      return { call: stored, locationName: stored.location_id ? await this.directory.nameOf(em, stored.location_id) : null };
    });
    if (!call.routed) {
      this.logger.warn({ callSid: start.callSid, to: start.to }, 'call to a number no location has: kept as unrouted');
      return this.send(res, twiml(say(voiceTexts.notInService), '<Hangup/>'));
    }
    this.send(res, twiml(gather(voiceTexts.greeting(locationName)), say(voiceTexts.goodbye), '<Hangup/>'));
  }

  @Post('gather')
  @HttpCode(200)
  async gather(@Req() req: RawBodyRequest<Request>, @Res() res: Response, @Headers('x-twilio-signature') signature?: string): Promise<void> {
    const speech = refusing(() => parseGather(this.webhook.read(req, signature)));
    const call = await this.transaction((em) => this.calls.byCallSid(em, this.provider, speech.callSid));
    if (!call) throw new HttpException('Unknown call', 404);
    // Silence, or a call to no location: nothing to answer.
    if (!call.routed || speech.transcript.length === 0) return this.send(res, hangUp());
    const at = new Date();
    const turn = await this.transaction((em) => this.calls.addTurn(em, call.id, speech.transcript, speech.confidence, at, CALL_MAX_TURNS));
    if (!turn) return this.send(res, hangUp());
    if (GOODBYE.test(speech.transcript)) {
      await this.transaction((em) => this.calls.answerTurn(em, turn.id, { kind: 'goodbye', answer: voiceTexts.goodbye, urgent: false, sources: [], messageId: null }, new Date()));
      return this.send(res, hangUp());
    }
    const answered = await this.answerOf(call, speech.transcript, turn.seq, at);
    const { passOn, ...answer } = answered;
    const messageId = passOn ? await this.storeAsMessage(call, speech.transcript, turn.seq, answer.urgent) : null;
    await this.transaction((em) => this.calls.answerTurn(em, turn.id, { ...answer, messageId }, new Date()));
    this.send(res, twiml(say(answered.answer), gather(voiceTexts.anythingElse), say(voiceTexts.goodbye), '<Hangup/>'));
  }

  @Post('status')
  @HttpCode(200)
  async status(@Req() req: RawBodyRequest<Request>, @Res() res: Response, @Headers('x-twilio-signature') signature?: string): Promise<void> {
    const update = refusing(() => parseCallStatus(this.webhook.read(req, signature)));
    const final = FINAL_STATUS[update.status];
    // Progress callbacks (ringing, in progress) change nothing we keep; an unknown call is nothing of ours to end.
    if (final) {
      const known = await this.transaction((em) => this.calls.end(em, this.provider, update.callSid, final, update.durationSeconds, new Date()));
      if (!known) this.logger.warn({ callSid: update.callSid }, 'status callback for a call we never stored');
    }
    this.send(res, twiml());
  }

  /** The answer the caller hears, and whether the team must take the turn up (urgent, not answered, not covered). */
  private async answerOf(call: CallRow, transcript: string, seq: number, at: Date): Promise<Omit<TurnAnswer, 'messageId'> & { passOn: boolean }> {
    const { earlier, location, callerName } = await this.transaction(async (em) => ({
      earlier: await this.calls.earlierTurns(em, call.id, seq),
      location: await this.directory.location(em, call.location_id!),
      callerName: call.tenant_id ? ((await this.tables.tenantByPhone(em, call.location_id!, call.from_number))?.fullName ?? null) : null,
    }));
    const answer = await this.assistant.answer({
      locationId: call.location_id!,
      locationName: location?.name || null,
      timeZone: timeZoneOfUsAddress(location?.addressText),
      callerName: callerName || null,
      transcript,
      earlier: earlier.slice(-voiceAnswerLimits.turns).flatMap((turn) => [
        { from: 'caller' as const, text: turn.transcript },
        ...(turn.answer ? [{ from: 'assistant' as const, text: turn.answer }] : []),
      ]),
      at: at.toISOString(),
    });
    if (!answer) return { kind: 'holding', answer: voiceTexts.holding, urgent: false, sources: [], passOn: true };
    const passOn = answer.urgent || answer.outcome === 'not-covered' || answer.outcome === 'holding-reply';
    return { kind: 'answer', answer: answer.answer, urgent: answer.urgent, sources: answer.sources, passOn };
  }

  /**
   * The turn as an inbound message of the caller's SMS thread (the provider's id is the call's and the turn's, so a
   * retried gather stores it once): its draft, urgency notification and ticket follow the message path.
   */
  private async storeAsMessage(call: CallRow, transcript: string, seq: number, urgent: boolean): Promise<string | null> {
    const provider = `${this.provider}-voice`;
    const externalId = `${call.id}:${seq}`;
    await this.messages.receive({ messageSid: externalId, from: call.from_number, to: call.to_number, body: transcript, media: [] }, provider);
    return this.transaction(async (em) => {
      const [row] = await em.execute<{ id: string }[]>(
        `update ${table(em, 'message')} set urgent = urgent or ? where provider = ? and external_id = ? returning id`,
        [urgent, provider, externalId],
      );
      return row?.id ?? null;
    });
  }

  private transaction<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return (this.orm.em.fork() as EntityManager).transactional(work);
  }

  private send(res: Response, body: string): void {
    res.status(200).type('text/xml').send(body);
  }
}

const FINAL_STATUS: Partial<Record<string, InboundCallView['status']>> = {
  completed: 'completed',
  busy: 'busy',
  failed: 'failed',
  'no-answer': 'no_answer',
  canceled: 'canceled',
};

function refusing<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof InboundSmsRefusal) throw new HttpException(error.message, error.status);
    throw error;
  }
}
