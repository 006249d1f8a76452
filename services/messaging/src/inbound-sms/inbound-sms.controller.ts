import { Controller, Headers, HttpCode, HttpException, Inject, Logger, Post, Req, Res, type RawBodyRequest } from '@nestjs/common';
import { Public } from '@pm/nest-kit';
import type { Request, Response } from 'express';
import { MESSAGING_CONFIG, type MessagingConfig } from '../config/messaging-env.js';
import { InboundSmsRefusal, parseInboundSms, readForm } from './inbound-sms.form.js';
import { ReceiveInboundSms } from './receive-inbound-sms.js';
import { hasValidSignature } from './twilio-signature.js';

/** Empty TwiML: the message is taken; any reply goes out later, after the owner approves it. */
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';

/**
 * The SMS provider's inbound-message webhook (Twilio's `SmsUrl`, which portfolio sets to
 * `<SMS_WEBHOOK_BASE_URL>/sms/inbound` when it buys a number; the sandbox phone posts the same). No session token:
 * the request is authenticated by its `X-Twilio-Signature` instead, before anything is read into the database.
 */
@Public()
@Controller('sms')
export class InboundSmsController {
  private readonly logger = new Logger(InboundSmsController.name);
  private readonly authToken: string;
  private readonly baseUrl: string | undefined;

  constructor(
    @Inject(MESSAGING_CONFIG) private readonly config: MessagingConfig,
    private readonly receiver: ReceiveInboundSms,
  ) {
    this.authToken = (config.SMS_PROVIDER === 'twilio' ? config.TWILIO_AUTH_TOKEN : config.SMS_SANDBOX_SECRET) ?? '';
    this.baseUrl = config.SMS_WEBHOOK_BASE_URL?.replace(/\/$/, '');
  }

  @Post('inbound')
  @HttpCode(200)
  async inbound(@Req() req: RawBodyRequest<Request>, @Res() res: Response, @Headers('x-twilio-signature') signature?: string): Promise<void> {
    const contentType = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (contentType !== 'application/x-www-form-urlencoded') throw new HttpException('Expected application/x-www-form-urlencoded', 415);
    const params = readFormOrRefuse(req.rawBody?.toString('utf8') ?? '');
    if (!hasValidSignature(this.authToken, signature, this.publicUrlOf(req), params)) throw new HttpException('Invalid signature', 403);
    let sms;
    try {
      sms = parseInboundSms(params);
    } catch (error) {
      if (error instanceof InboundSmsRefusal) throw new HttpException(error.message, error.status);
      throw error;
    }
    const outcome = await this.receiver.receive(sms, this.config.SMS_PROVIDER);
    if (outcome === 'unrouted') this.logger.warn({ messageSid: sms.messageSid, to: sms.to }, 'inbound SMS to a number no location has: kept as unrouted');
    res.status(200).type('text/xml').send(EMPTY_TWIML);
  }

  /** The URL as the provider posted to it: the public base (a proxy may stand between) plus the path and query. */
  private publicUrlOf(req: Request): string {
    const base = this.baseUrl ?? `${req.protocol}://${req.get('host') ?? ''}`;
    return `${base}${req.originalUrl}`;
  }
}

function readFormOrRefuse(raw: string) {
  try {
    return readForm(raw);
  } catch (error) {
    if (error instanceof InboundSmsRefusal) throw new HttpException(error.message, error.status);
    throw error;
  }
}
