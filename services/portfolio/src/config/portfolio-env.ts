import { serviceEnv } from '@pm/nest-kit';
import { z } from 'zod';

const httpUrl = z.string().refine((v) => /^https?:\/\//.test(v), 'must be an http or https URL');

/** The portfolio service's environment: the platform's service variables plus its own. */
export const portfolioEnv = serviceEnv
  .extend({
    /** Outbound e-mail (tenant and partner invitations, renewal e-mails): the local sink, or a provider's SMTP. */
    SMTP_URL: z.string().refine((v) => /^smtps?:\/\//.test(v), 'must be an smtp:// or smtps:// URL'),
    MAIL_FROM: z.string().min(3).default('PM Platform <no-reply@pm.local>'),
    /** Where links in e-mails point: the address a person opens in the browser. */
    PUBLIC_WEB_URL: httpUrl,
    /** The host of every location's generated e-mail address (12.elm.street@<MAIL_DOMAIN>). */
    MAIL_DOMAIN: z
      .string()
      .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/, 'must be a lower-case domain name')
      .default('mail.pm.local'),
    /** Phone numbers: the local sandbox provider, or Twilio (number search and purchase). */
    SMS_PROVIDER: z.enum(['sandbox', 'twilio']).default('sandbox'),
    TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
    TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
    /** Twilio's REST API; overridden only to point at a proxy or a local stand-in in tests. */
    TWILIO_API_BASE_URL: httpUrl.default('https://api.twilio.com'),
    /** Public base URL Twilio calls for inbound SMS and voice on purchased numbers (the messaging service's webhooks). */
    SMS_WEBHOOK_BASE_URL: httpUrl.optional(),
  })
  .superRefine((env, ctx) => {
    if (env.SMS_PROVIDER === 'twilio') {
      for (const key of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'required when SMS_PROVIDER=twilio' });
      }
    }
  });
export type PortfolioEnv = z.output<typeof portfolioEnv>;

/** The portfolio configuration plus the schema its tables live in (the service name, or a test schema). */
export type PortfolioConfig = PortfolioEnv & { DATABASE_SCHEMA: string };

/** The portfolio configuration, provided to every feature of the service. */
export const PORTFOLIO_CONFIG = Symbol('PORTFOLIO_CONFIG');
