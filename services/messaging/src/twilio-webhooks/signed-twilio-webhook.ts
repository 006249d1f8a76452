import { HttpException, Inject, Injectable } from '@nestjs/common';
import type { RawBodyRequest } from '@nestjs/common';
import type { Request } from 'express';
import { MESSAGING_CONFIG, type MessagingConfig } from '../config/messaging-env.js';
import { InboundSmsRefusal, readForm } from '../inbound-sms/inbound-sms.form.js';
import { hasValidSignature, twilioSignature, type SignedParams } from '../inbound-sms/twilio-signature.js';

/**
 * What every provider webhook (SMS in, calls in, call status) does before it reads anything: a form-encoded body
 * (415 otherwise) parsed as posted (400/413), and `X-Twilio-Signature` checked over the public URL and every posted
 * parameter (403). The secret is Twilio's auth token with `SMS_PROVIDER=twilio`, else the sandbox phone's secret.
 */
@Injectable()
export class SignedTwilioWebhook {
  private readonly authToken: string;
  private readonly baseUrl: string | undefined;

  constructor(@Inject(MESSAGING_CONFIG) config: MessagingConfig) {
    this.authToken = (config.SMS_PROVIDER === 'twilio' ? config.TWILIO_AUTH_TOKEN : config.SMS_SANDBOX_SECRET) ?? '';
    this.baseUrl = config.SMS_WEBHOOK_BASE_URL?.replace(/\/$/, '');
  }

  /** The posted parameters, once the request is shown to come from the provider; otherwise an HttpException. */
  read(req: RawBodyRequest<Request>, signature: string | undefined): SignedParams {
    this.requireForm(req);
    return this.verify(req, req.rawBody?.toString('utf8') ?? '', signature);
  }

  /** 415 unless the request says it carries a form: before its body is read. */
  requireForm(req: Request): void {
    const contentType = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (contentType !== 'application/x-www-form-urlencoded') throw new HttpException('Expected application/x-www-form-urlencoded', 415);
  }

  /** `read` for a route that reads its body itself (a raw route): the form's parameters, once its signature holds. */
  verify(req: Request, body: string, signature: string | undefined): SignedParams {
    let params: SignedParams;
    try {
      params = readForm(body);
    } catch (error) {
      if (error instanceof InboundSmsRefusal) throw new HttpException(error.message, error.status);
      throw error;
    }
    if (!hasValidSignature(this.authToken, signature, this.publicUrlOf(req), params)) throw new HttpException('Invalid signature', 403);
    return params;
  }

  /**
   * The signature the provider would send for a post of `params` to `path` of ours, for the sandbox phone, which posts
   * to this process at `localOrigin` and must take the production path: signed over the public URL the webhook checks
   * (`SMS_WEBHOOK_BASE_URL` + path, or the local origin when it is unset).
   */
  signatureFor(path: string, params: SignedParams, localOrigin: string): string {
    return twilioSignature(this.authToken, `${this.baseUrl ?? localOrigin}${path}`, params);
  }

  /** The URL as the provider posted to it: the public base (a proxy may stand between) plus the path and query. */
  private publicUrlOf(req: Request): string {
    const base = this.baseUrl ?? `${req.protocol}://${req.get('host') ?? ''}`;
    return `${base}${req.originalUrl}`;
  }
}
