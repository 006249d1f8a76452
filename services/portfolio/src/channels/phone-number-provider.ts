import type { Provider } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { SandboxPhoneNumberProvider, TwilioPhoneNumberProvider, type PhoneNumberProvider } from '@pm/telephony';
import { PORTFOLIO_CONFIG, type PortfolioConfig } from '../config/portfolio-env.js';
import { LocationPhoneNumber } from './location-phone-number.entity.js';

/** Nest injection token of the SMS/voice provider adapter chosen by PORTFOLIO_CONFIG.SMS_PROVIDER. */
export const PHONE_NUMBER_PROVIDER = Symbol('PHONE_NUMBER_PROVIDER');

export const phoneNumberProvider: Provider = {
  provide: PHONE_NUMBER_PROVIDER,
  inject: [PORTFOLIO_CONFIG, EntityManager],
  useFactory: (config: PortfolioConfig, em: EntityManager): PhoneNumberProvider => {
    if (config.SMS_PROVIDER === 'twilio') {
      return new TwilioPhoneNumberProvider({
        accountSid: config.TWILIO_ACCOUNT_SID!,
        authToken: config.TWILIO_AUTH_TOKEN!,
        apiBaseUrl: config.TWILIO_API_BASE_URL,
      });
    }
    // The sandbox's numbers are taken when a location has them: our own table is its inventory.
    return new SandboxPhoneNumberProvider(async (numbers) => {
      if (numbers.length === 0) return new Set();
      const rows = await em.fork().find(LocationPhoneNumber, { phoneNumber: { $in: [...numbers] } });
      return new Set(rows.map((row) => row.phoneNumber));
    });
  },
};
