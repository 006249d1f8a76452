import { RpcFailure } from '@pm/messaging';
import { PhoneNumberUnavailableError, type PhoneNumberProvider, type PurchasedNumber } from '@pm/telephony';
import type { PortfolioConfig } from '../config/portfolio-env.js';

export const NUMBER_UNAVAILABLE = 'This phone number is no longer available';
export const ALREADY_HAS_NUMBER = 'This property already has a phone number';
export const NO_NUMBER_YET = 'This property has no phone number yet';

/**
 * Buys `phoneNumber` for the location named `friendlyName`, pointing its SMS and voice webhooks at SMS_WEBHOOK_BASE_URL;
 * someone else having bought it first is a 409 the manager can act on (pick another).
 */
export async function purchaseNumber(provider: PhoneNumberProvider, config: PortfolioConfig, phoneNumber: string, friendlyName: string): Promise<PurchasedNumber> {
  const webhooks = config.SMS_WEBHOOK_BASE_URL?.replace(/\/$/, '');
  return provider
    .purchase(phoneNumber, {
      friendlyName,
      smsWebhookUrl: webhooks ? `${webhooks}/sms/inbound` : undefined,
      voiceWebhookUrl: webhooks ? `${webhooks}/voice/inbound` : undefined,
      voiceStatusCallbackUrl: webhooks ? `${webhooks}/voice/status` : undefined,
    })
    .catch((error: unknown) => {
      if (error instanceof PhoneNumberUnavailableError) throw RpcFailure.conflict(NUMBER_UNAVAILABLE);
      throw error;
    });
}

/**
 * Gives a number back to the provider; a provider that fails answers 502 with `message`, and the use case's
 * transaction rolls back, so the stored assignment stays as it was.
 */
export async function releaseNumber(provider: PhoneNumberProvider, number: PurchasedNumber, message: string): Promise<void> {
  await provider.release(number).catch((error: unknown) => {
    throw new RpcFailure(502, message, 'provider_failed', { provider: provider.name, reason: error instanceof Error ? error.message : String(error) });
  });
}
