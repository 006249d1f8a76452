import { Injectable } from '@nestjs/common';
import { SendSandboxSms, type RequestOf, type ResponseOf } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { INBOUND_SMS_PATH } from '../../../inbound-sms/inbound-sms.webhook.js';
import { SmsIntake } from '../../../inbound-sms/sms-intake.js';
import { SandboxPhone } from '../../sandbox-phone.js';

/** Texts a location's number from the tester's phone, through the signed SMS webhook as the provider posts to it. */
@Injectable()
@UseCase(SendSandboxSms)
export class SendSandboxSmsHandler implements UseCaseHandler<typeof SendSandboxSms> {
  constructor(
    private readonly phone: SandboxPhone,
    private readonly intake: SmsIntake,
  ) {}

  async handle(request: RequestOf<typeof SendSandboxSms>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof SendSandboxSms>> {
    await this.phone.requireNumber(em, caller, request.to);
    const sid = this.phone.sid('SM');
    const answer = await this.phone.post(INBOUND_SMS_PATH, { MessageSid: sid, AccountSid: `AC${'0'.repeat(32)}`, From: request.from, To: request.to, Body: request.body, NumMedia: '0' });
    if (answer.status !== 200) throw new RpcFailure(502, `The SMS webhook answered ${answer.status}`);
    // The tester's thread, read again after this answer, shows the text: it is routed by then.
    await this.intake.whenRouted('sandbox', sid);
    return { message_sid: sid };
  }
}
