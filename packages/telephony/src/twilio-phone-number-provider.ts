import {
  PhoneNumberUnavailableError,
  type AvailableNumber,
  type NumberSearch,
  type PhoneNumberProvider,
  type PurchasedNumber,
  type PurchaseOptions,
} from './phone-number-provider.js';

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** https://api.twilio.com, or a stand-in in tests. */
  apiBaseUrl?: string;
  /** Per request; Twilio answers in well under a second normally. */
  timeoutMs?: number;
}

/** Twilio's error codes for "this number cannot be bought (any more)". */
const unavailableCodes = new Set([21421, 21422, 21452]);

interface TwilioAvailable {
  phone_number: string;
  friendly_name: string;
  locality?: string | null;
  region?: string | null;
}

/** Twilio's REST API (2010-04-01), with the account's SID and auth token as basic auth. */
export class TwilioPhoneNumberProvider implements PhoneNumberProvider {
  readonly name = 'twilio';
  private readonly base: string;

  constructor(private readonly options: TwilioOptions) {
    this.base = `${(options.apiBaseUrl ?? 'https://api.twilio.com').replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}`;
  }

  async searchAvailable(search: NumberSearch): Promise<AvailableNumber[]> {
    const query = new URLSearchParams({ AreaCode: search.areaCode, SmsEnabled: 'true', VoiceEnabled: 'true', PageSize: String(search.limit) });
    if (search.contains) query.set('Contains', search.contains);
    const body = (await this.call('GET', `/AvailablePhoneNumbers/US/Local.json?${query}`)) as { available_phone_numbers?: TwilioAvailable[] };
    return (body.available_phone_numbers ?? []).map((n) => ({
      phoneNumber: n.phone_number,
      friendlyName: n.friendly_name,
      locality: n.locality || null,
      region: n.region || null,
    }));
  }

  async purchase(phoneNumber: string, options: PurchaseOptions): Promise<PurchasedNumber> {
    const form = new URLSearchParams({ PhoneNumber: phoneNumber, FriendlyName: options.friendlyName });
    if (options.smsWebhookUrl) form.set('SmsUrl', options.smsWebhookUrl);
    if (options.voiceWebhookUrl) form.set('VoiceUrl', options.voiceWebhookUrl);
    if (options.voiceStatusCallbackUrl) form.set('StatusCallback', options.voiceStatusCallbackUrl);
    try {
      const body = (await this.call('POST', '/IncomingPhoneNumbers.json', form)) as { sid: string; phone_number: string };
      return { phoneNumber: body.phone_number, providerNumberId: body.sid };
    } catch (error) {
      if (error instanceof TwilioError && error.code !== null && unavailableCodes.has(error.code)) {
        throw new PhoneNumberUnavailableError(phoneNumber, error.message);
      }
      throw error;
    }
  }

  /** DELETE IncomingPhoneNumbers/{sid}: Twilio answers 204, or 404 when the number is already gone. */
  async release(number: PurchasedNumber): Promise<void> {
    try {
      await this.call('DELETE', `/IncomingPhoneNumbers/${encodeURIComponent(number.providerNumberId)}.json`);
    } catch (error) {
      if (error instanceof TwilioError && error.status === 404) return;
      throw error;
    }
  }

  private async call(method: 'GET' | 'POST' | 'DELETE', path: string, form?: URLSearchParams): Promise<unknown> {
    const auth = Buffer.from(`${this.options.accountSid}:${this.options.authToken}`).toString('base64');
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers: {
        authorization: `Basic ${auth}`,
        accept: 'application/json',
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form?.toString(),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
    });
    const text = await response.text();
    const body = parseJson(text);
    if (!response.ok) {
      const error = (body ?? {}) as { code?: number; message?: string };
      throw new TwilioError(response.status, typeof error.code === 'number' ? error.code : null, error.message ?? text.slice(0, 200));
    }
    return body;
  }
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** A non-2xx answer of Twilio's API, with Twilio's own error code when it gave one. */
export class TwilioError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | null,
    message: string,
  ) {
    super(`Twilio answered ${status}${code ? ` (${code})` : ''}: ${message}`);
    this.name = 'TwilioError';
  }
}
