/** A number the provider offers for purchase. */
export interface AvailableNumber {
  /** E.164, e.g. +14155550123. */
  phoneNumber: string;
  /** As people read it: (415) 555-0123. */
  friendlyName: string;
  locality: string | null;
  /** Two-letter state code, when the provider knows it. */
  region: string | null;
}

export interface NumberSearch {
  /** Three digits (NPA). */
  areaCode: string;
  /** Digits the number must contain, anywhere after the country code. */
  contains?: string | null;
  limit: number;
}

export interface PurchaseOptions {
  /** How the number is named in the provider's console (the location's name). */
  friendlyName: string;
  /** Where the provider posts inbound SMS and calls; omitted when nothing receives them yet. */
  smsWebhookUrl?: string;
  voiceWebhookUrl?: string;
  /** Where the provider reports how each call ended (completed, busy, no answer…) and how long it lasted. */
  voiceStatusCallbackUrl?: string;
}

export interface PurchasedNumber {
  phoneNumber: string;
  /** The provider's id of the number (Twilio's IncomingPhoneNumber sid, `SB…` in the sandbox). */
  providerNumberId: string;
}

/**
 * The SMS/voice provider as far as property locations need it: find numbers, buy one, give one back. Services depend on this
 * interface only; which provider answers is configuration.
 */
export interface PhoneNumberProvider {
  /** `twilio` or `sandbox`: stored with each number so it can be configured or released later. */
  readonly name: string;
  searchAvailable(search: NumberSearch): Promise<AvailableNumber[]>;
  /** Throws PhoneNumberUnavailableError when someone else got the number first. */
  purchase(phoneNumber: string, options: PurchaseOptions): Promise<PurchasedNumber>;
  /** Gives a bought number back, so it is no longer paid for; a number already released is not an error. */
  release(number: PurchasedNumber): Promise<void>;
}

/** The number was taken (or never offered) between the search and the purchase. */
export class PhoneNumberUnavailableError extends Error {
  constructor(readonly phoneNumber: string, detail?: string) {
    super(`Phone number ${phoneNumber} is not available${detail ? `: ${detail}` : ''}`);
    this.name = 'PhoneNumberUnavailableError';
  }
}

/** +14155550123 → (415) 555-0123. */
export function friendlyUsNumber(e164: string): string {
  const digits = e164.replace(/^\+1/, '');
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}
