import { Controller, Headers, HttpCode, HttpException, Inject, Post, Req, Res, type RawBodyRequest } from '@nestjs/common';
import { Public } from '@pm/nest-kit';
import type { Request, Response } from 'express';
import { MESSAGING_CONFIG, type MessagingConfig } from '../config/messaging-env.js';
import { SignedTwilioWebhook } from '../twilio-webhooks/signed-twilio-webhook.js';
import { InboundSmsRefusal, parseInboundSms } from './inbound-sms.form.js';
import { receivedAtOf } from '../messages/sender-time.js';
import { SmsIntake } from './sms-intake.js';

/** Empty TwiML: the message is taken; any reply goes out later, after the owner approves it. */
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';

/**
 * The SMS provider's inbound-message webhook (Twilio's `SmsUrl`, which portfolio sets to
 * `<SMS_WEBHOOK_BASE_URL>/sms/inbound` when it buys a number; the sandbox phone posts the same). No session token:
 * the request is authenticated by its `X-Twilio-Signature` instead, before anything is read into the database. The 200
 * means the message is stored durably (SmsIntake); it is routed to its location and tenant a moment later.
 */
@Public()
@Controller('sms')
export class InboundSmsController {
  constructor(
    @Inject(MESSAGING_CONFIG) private readonly config: MessagingConfig,
    private readonly webhook: SignedTwilioWebhook,
    private readonly intake: SmsIntake,
  ) {}

  @Post('inbound')
  @HttpCode(200)
  async inbound(@Req() req: RawBodyRequest<Request>, @Res() res: Response, @Headers('x-twilio-signature') signature?: string): Promise<void> {
    const params = this.webhook.read(req, signature);
    let sms;
    try {
      sms = parseInboundSms(params);
    } catch (error) {
      if (error instanceof InboundSmsRefusal) throw new HttpException(error.message, error.status);
      throw error;
    }
    await this.intake.accept(sms, this.config.SMS_PROVIDER, receivedAtOf(sms.sentAt, this.config.SMS_PROVIDER));
    res.status(200).type('text/xml').send(EMPTY_TWIML);
  }
}
