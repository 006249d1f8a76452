import twilio from 'twilio';
import RequestClient from 'twilio/lib/base/RequestClient.js';
import { SmsSendError, type OutgoingSms, type SmsSender } from './sms-sender.js';

export interface TwilioSmsSenderOptions {
  accountSid: string;
  authToken: string;
  /** https://api.twilio.com unless set: a stand-in on 127.0.0.1 in tests. */
  apiBaseUrl?: string;
  /** Under the dispatcher's lease, so that a hung request is never taken for a crash. */
  timeoutMs?: number;
}

/**
 * Twilio's error codes that no retry can cure: the number is invalid, unsubscribed (STOP), not a mobile number,
 * unreachable from our number or region, the sender is not ours, or the text is refused. Anything else (a 5xx, 429,
 * a timeout, a dropped connection) is retried with backoff. https://www.twilio.com/docs/api/errors
 */
const PERMANENT_CODES = new Set([21211, 21212, 21408, 21606, 21610, 21612, 21614, 21617, 21621, 21635, 21660, 30003, 30004, 30005, 30006, 30007]);

/** How the dispatcher should take a Twilio failure: permanent (end failed now) or transient (retry later). */
export function twilioFailure(error: unknown): SmsSendError {
  const e = error as { status?: unknown; code?: unknown; message?: unknown } | null;
  const status = typeof e?.status === 'number' ? e.status : undefined;
  const code = typeof e?.code === 'number' ? e.code : undefined;
  const text = typeof e?.message === 'string' && e.message ? e.message : 'The SMS provider did not answer.';
  const worded = code === undefined ? text : `Twilio error ${code}: ${text}`;
  if (code !== undefined && PERMANENT_CODES.has(code)) return new SmsSendError(worded, true);
  // Our credentials or request were refused (401, 403, 404, other 400s): retrying the same request cannot succeed.
  if (status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429) return new SmsSendError(worded, true);
  return new SmsSendError(worded, false);
}

/**
 * Production SMS through Twilio's REST API (the `twilio` package's client). Twilio's Messages API takes no
 * idempotency key, so a send interrupted by a crash is never retried blindly (`idempotent = false`).
 */
export class TwilioSmsSender implements SmsSender {
  readonly provider = 'twilio';
  readonly idempotent = false;
  private readonly client: ReturnType<typeof twilio>;

  constructor(options: TwilioSmsSenderOptions) {
    const timeout = options.timeoutMs ?? 20_000;
    const base = options.apiBaseUrl?.replace(/\/$/, '');
    this.client = twilio(options.accountSid, options.authToken, { httpClient: new TwilioHttpClient(timeout, base), autoRetry: false });
  }

  async send(sms: OutgoingSms): Promise<{ providerId: string }> {
    try {
      const message = await this.client.messages.create({
        from: sms.from,
        to: sms.to,
        body: sms.body,
        ...(sms.mediaUrls?.length ? { mediaUrl: [...sms.mediaUrls] } : {}),
      });
      return { providerId: message.sid };
    } catch (error) {
      throw twilioFailure(error);
    }
  }
}

/** The package's own HTTP client with a timeout, pointed at another origin when one is given (a test's stand-in). */
class TwilioHttpClient extends RequestClient {
  constructor(
    private readonly timeoutMs: number,
    private readonly base: string | undefined,
  ) {
    super({ timeout: timeoutMs });
  }

  // The return type is inferred: the package's Response type does not import as a generic under NodeNext.
  override request<TData>(opts: RequestClient.RequestOptions<TData>) {
    const uri = this.base ? opts.uri.replace(/^https:\/\/[^/]+/, this.base) : opts.uri;
    return super.request<TData>({ ...opts, uri, timeout: opts.timeout ?? this.timeoutMs });
  }
}
