import { serviceEnv } from '@pm/nest-kit';
import { z } from 'zod';

const httpUrl = z.string().refine((v) => /^https?:\/\/[^/\s]+(\/[^\s]*)?$/.test(v), 'must be an http or https URL');

/** The messaging service's environment: the platform's service variables plus the SMS provider's webhook settings. */
export const messagingEnv = serviceEnv
  .extend({
    /** Who posts inbound SMS: Twilio (signed with the account's auth token) or the local sandbox phone (a local secret). */
    SMS_PROVIDER: z.enum(['sandbox', 'twilio']).default('sandbox'),
    TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
    /** The secret the sandbox phone signs its posts with, exactly as Twilio signs with the auth token. */
    SMS_SANDBOX_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /**
     * The public base URL the provider posts to (portfolio gives Twilio `<it>/sms/inbound` when it buys a number).
     * Signatures cover the full URL as the provider saw it, so behind a proxy it must be the public one, not ours.
     */
    SMS_WEBHOOK_BASE_URL: httpUrl.optional(),
  })
  .superRefine((env, ctx) => {
    const secret = env.SMS_PROVIDER === 'twilio' ? 'TWILIO_AUTH_TOKEN' : 'SMS_SANDBOX_SECRET';
    if (!env[secret]) ctx.addIssue({ code: 'custom', path: [secret], message: `required when SMS_PROVIDER=${env.SMS_PROVIDER}` });
    if (env.SMS_PROVIDER === 'twilio' && !env.SMS_WEBHOOK_BASE_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMS_WEBHOOK_BASE_URL'], message: 'required when SMS_PROVIDER=twilio' });
    }
  });
export type MessagingEnv = z.output<typeof messagingEnv>;

/** The messaging configuration plus the schema its tables live in (the service name, or a test schema). */
export type MessagingConfig = MessagingEnv & { DATABASE_SCHEMA: string };

export const MESSAGING_CONFIG = Symbol('MESSAGING_CONFIG');
