import { Injectable } from '@nestjs/common';
import { INBOUND_CALL_NOT_FOUND, PlaceSandboxCall, type RequestOf, type ResponseOf } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { table } from '../../../routing/routing-tables.js';
import { SandboxPhone, spokenTexts } from '../../sandbox-phone.js';

/**
 * One typed turn of a call: the provider's signed `/voice/inbound` when the call starts, then the sentence posted to
 * `/voice/gather` as speech recognition would, and what the caller would hear, as text. A call that hangs up gets its
 * status callback (`completed`, with its duration) as the provider sends it.
 */
@Injectable()
@UseCase(PlaceSandboxCall)
export class PlaceSandboxCallHandler implements UseCaseHandler<typeof PlaceSandboxCall> {
  constructor(private readonly phone: SandboxPhone) {}

  async handle(request: RequestOf<typeof PlaceSandboxCall>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof PlaceSandboxCall>> {
    await this.phone.requireNumber(em, caller, request.to);
    let callSid = request.call_sid;
    let greeting: string | null = null;
    if (callSid) {
      const [call] = await em.execute<{ id: string }[]>(
        `select id from ${table(em, 'inbound_call')} where call_sid = ? and from_number = ? and to_number = ? and ended_at is null`,
        [callSid, request.from, request.to],
      );
      if (!call) throw RpcFailure.notFound(INBOUND_CALL_NOT_FOUND);
    } else {
      callSid = this.phone.sid('CA');
      const answered = await this.phone.post('/voice/inbound', { CallSid: callSid, AccountSid: `AC${'0'.repeat(32)}`, From: request.from, To: request.to, CallStatus: 'ringing', Direction: 'inbound' });
      if (answered.status !== 200) throw new RpcFailure(502, `The voice webhook answered ${answered.status}`);
      greeting = spokenTexts(answered.body).join(' ');
    }
    const heard = await this.phone.post('/voice/gather', { CallSid: callSid, SpeechResult: request.speech, Confidence: '1.0' });
    if (heard.status !== 200) throw new RpcFailure(502, `The voice webhook answered ${heard.status}`);
    const ended = heard.body.includes('<Hangup/>') && !heard.body.includes('<Gather');
    if (ended) {
      const [started] = await em.execute<{ seconds: number }[]>(
        `select greatest(0, round(extract(epoch from now() - started_at)))::int as seconds from ${table(em, 'inbound_call')} where call_sid = ?`,
        [callSid],
      );
      await this.phone.post('/voice/status', { CallSid: callSid, CallStatus: 'completed', CallDuration: String(started?.seconds ?? 0) });
    }
    // The answer, and the prompt that follows it (the goodbye once the call ends).
    return { call_sid: callSid, greeting, answer: spokenTexts(heard.body).join(' '), ended };
  }
}
