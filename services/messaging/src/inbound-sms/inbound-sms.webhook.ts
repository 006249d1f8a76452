import { HttpException, Inject, Injectable, Logger } from '@nestjs/common';
import type { RawRouteHandler } from '@pm/nest-kit';
import type { Request, Response } from 'express';
import { MESSAGING_CONFIG, type MessagingConfig } from '../config/messaging-env.js';
import { receivedAtOf } from '../messages/sender-time.js';
import { SignedTwilioWebhook } from '../twilio-webhooks/signed-twilio-webhook.js';
import { InboundSmsRefusal, parseInboundSms } from './inbound-sms.form.js';
import { SmsIntake } from './sms-intake.js';

/** The path the provider posts to: portfolio sets a bought number's `SmsUrl` to `<SMS_WEBHOOK_BASE_URL>/sms/inbound`. */
export const INBOUND_SMS_PATH = '/sms/inbound';
/** Empty TwiML: the message is taken; any reply goes out later, after the owner approves it. */
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';
/** A form of at most 100 parameters of at most 2,048 characters each (inbound-sms.form.ts) fits, with room to spare. */
const MAX_BODY_BYTES = 100 * 1024;

/**
 * The SMS provider's inbound-message webhook (the sandbox phone posts the same), a raw route of the service: it runs
 * ahead of the framework, because it is the platform's busiest write and the provider's budget is short (see
 * @pm/nest-kit's raw-route.ts). No session token: the request is authenticated by its `X-Twilio-Signature` before
 * anything is stored. The 200 means the message is stored durably (SmsIntake); it is routed to its location and
 * tenant a moment later. A refusal is answered as the framework answers one (`{ statusCode, message }`) and logged as
 * a warning, since a stream of them is either a misconfigured provider or an attack.
 */
@Injectable()
export class InboundSmsWebhook implements RawRouteHandler {
  private readonly logger = new Logger(InboundSmsWebhook.name);

  constructor(
    @Inject(MESSAGING_CONFIG) private readonly config: MessagingConfig,
    private readonly webhook: SignedTwilioWebhook,
    private readonly intake: SmsIntake,
  ) {}

  handle(req: Request, res: Response): Promise<void> {
    return this.intake.acknowledging(() => this.acknowledge(req, res));
  }

  private async acknowledge(req: Request, res: Response): Promise<void> {
    let accepted;
    try {
      this.webhook.requireForm(req);
      const params = this.webhook.verify(req, await bodyOf(req), header(req, 'x-twilio-signature'));
      const sms = parseInboundSms(params);
      accepted = { sms, receivedAt: receivedAtOf(sms.sentAt, this.config.SMS_PROVIDER) };
    } catch (error) {
      const refusal = error instanceof InboundSmsRefusal ? new HttpException(error.message, error.status) : error;
      if (!(refusal instanceof HttpException)) throw error;
      this.logger.warn({ status: refusal.getStatus(), reason: refusal.message }, 'inbound SMS post refused');
      // An unread rest of the body (too large) is not worth reading: the connection closes after the answer.
      res.writeHead(refusal.getStatus(), { 'content-type': 'application/json; charset=utf-8', ...(req.complete ? {} : { connection: 'close' }) });
      res.end(JSON.stringify({ statusCode: refusal.getStatus(), message: refusal.message }));
      return;
    }
    await this.intake.accept(accepted.sms, this.config.SMS_PROVIDER, accepted.receivedAt);
    res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' }).end(EMPTY_TWIML);
  }
}

function header(req: Request, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The body as UTF-8 text, read up to the limit; 413 beyond it, told by its length before a byte is read if it says.
 * Reading stops at the limit without destroying the request, so that the refusal can still be answered.
 */
function bodyOf(req: Request): Promise<string> {
  const tooLarge = () => new HttpException('Payload Too Large', 413);
  if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) return void chunks.push(chunk);
      req.off('data', onData).off('end', onEnd).pause();
      reject(tooLarge());
    };
    const onEnd = () => resolve(Buffer.concat(chunks).toString('utf8'));
    req.on('data', onData).on('end', onEnd).once('error', reject);
  });
}
