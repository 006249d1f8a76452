import type { Hmac } from 'node:crypto';
import { Controller, HttpException, Inject, Logger, Post, Req, Res } from '@nestjs/common';
import type { StoredFile } from '@pm/files';
import { RpcFailure } from '@pm/messaging';
import { Public } from '@pm/nest-kit';
import type { Request, Response } from 'express';
import { MESSAGING_CONFIG, type MessagingConfig } from '../config/messaging-env.js';
import { InboundEmailPipeline } from './inbound-email-pipeline.js';
import { InboundEmailSignature } from './inbound-email-signature.js';

const INVALID_SIGNATURE = 'Invalid signature';

/**
 * The inbound-parse webhook for mail providers: `POST /email/inbound` with the raw MIME message as the body
 * (`Content-Type: message/rfc822`), signed by the Standard Webhooks headers (`webhook-id`, `webhook-timestamp`,
 * `webhook-signature`; see InboundEmailSignature) with `EMAIL_INBOUND_WEBHOOK_SECRET`. No session token: the
 * signature is the authentication. Headers missing, malformed or older than five minutes → 403 before the body is
 * read; the body streams into MinIO with the size limit enforced while reading (413, nothing kept), its signature is
 * checked when it ends (403, the object removed), then the message takes the SMTP receiver's own path. Recipients come
 * from the message's To, Cc, Delivered-To and X-Original-To, the addresses of our domain that a location has.
 */
@Public()
@Controller('email')
export class InboundEmailWebhookController {
  private readonly logger = new Logger(InboundEmailWebhookController.name);
  private readonly signature: InboundEmailSignature | null;

  constructor(
    @Inject(MESSAGING_CONFIG) private readonly config: MessagingConfig,
    private readonly pipeline: InboundEmailPipeline,
  ) {
    this.signature = config.EMAIL_INBOUND_WEBHOOK_SECRET ? new InboundEmailSignature(config.EMAIL_INBOUND_WEBHOOK_SECRET) : null;
  }

  @Post('inbound')
  async inbound(@Req() req: Request, @Res() res: Response): Promise<void> {
    const hmac = this.signature?.start(header(req, 'webhook-id'), header(req, 'webhook-timestamp'));
    if (!hmac || !header(req, 'webhook-signature')) return this.refuse(req, res, 403, INVALID_SIGNATURE);
    const contentType = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (contentType !== 'message/rfc822') return this.refuse(req, res, 415, 'Expected message/rfc822');
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > this.config.SMTP_INBOUND_MAX_BYTES) return this.refuse(req, res, 413, tooLarge(this.config.SMTP_INBOUND_MAX_BYTES));

    let stored: StoredFile;
    try {
      stored = await this.pipeline.keepRaw(signed(req, hmac));
    } catch (error) {
      if (error instanceof RpcFailure && error.status < 500) {
        return this.refuse(req, res, error.status, error.status === 413 ? tooLarge(this.config.SMTP_INBOUND_MAX_BYTES) : error.message);
      }
      throw error;
    }
    if (!InboundEmailSignature.matches(hmac, header(req, 'webhook-signature'))) {
      await this.pipeline.discard(stored.key);
      return this.refuse(req, res, 403, INVALID_SIGNATURE);
    }
    let outcome;
    try {
      outcome = await this.pipeline.process(stored, { recipients: null, from: null, arrival: { kind: 'provider' } }, 'inbound-webhook');
    } catch (error) {
      // Not the sender's fault: the provider retries a 503 later, as an SMTP client retries a 451.
      this.logger.error({ err: error }, 'inbound e-mail from the webhook could not be stored: answered 503');
      throw new HttpException('The message could not be stored; try again later', 503);
    }
    // No mailbox of ours: answered 200 all the same, so that the provider does not retry for ever; nothing is kept.
    if (outcome.status === 'no_mailbox') this.logger.warn({ rawSha256: stored.sha256 }, 'inbound e-mail from the webhook names no address a location has: not kept');
    res.status(200).json({ status: outcome.status });
  }

  /**
   * Answers a refusal without reading the rest of the body: the connection is closed after the answer, so an
   * unsigned or oversized sender cannot make us read (or keep) what it sends.
   */
  private refuse(req: Request, res: Response, status: number, message: string): void {
    res.setHeader('connection', 'close');
    res.status(status).json({ statusCode: status, message });
  }
}

function header(req: Request, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === 'string' ? value : undefined;
}

function tooLarge(maxBytes: number): string {
  return `The message is larger than the limit of ${maxBytes} bytes`;
}

/** The request body, fed to the signature's HMAC as it streams into storage. */
async function* signed(req: Request, hmac: Hmac): AsyncIterable<Buffer> {
  // Not destroyed when the store stops reading (over the limit): the socket must live to carry the 413.
  for await (const chunk of req.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
    hmac.update(chunk);
    yield chunk;
  }
}
