import { serviceEnv } from '@pm/nest-kit';
import { z } from 'zod';

const serviceClientSecret = z.string().min(32, 'must be at least 32 characters').optional();
const httpUrl = z.string().refine((v) => /^https?:\/\//.test(v), 'must be an http or https URL');

/** The identity service's environment: the platform's service variables plus its own. */
export const identityEnv = serviceEnv.extend({
  /** better-auth's secret: encrypts the JWKS private keys at rest and signs its internal values. */
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(900),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce.number().int().min(300).default(30 * 24 * 3600),
  /** Outbound e-mail: the local SMTP sink in development, a provider's SMTP endpoint (smtps://user:pass@host) in production. */
  SMTP_URL: z.string().refine((v) => /^smtps?:\/\//.test(v), 'must be an smtp:// or smtps:// URL'),
  MAIL_FROM: z.string().min(3).default('PM Platform <no-reply@pm.local>'),
  /** Where links in e-mails and redirects point: the address a person opens in the browser. */
  PUBLIC_WEB_URL: httpUrl,
  /** Google sign-in (OpenID Connect). Locally and in tests, the local OpenID provider's discovery document. */
  GOOGLE_DISCOVERY_URL: httpUrl.default('https://accounts.google.com/.well-known/openid-configuration'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** Captcha: none locally; hCaptcha or Cloudflare Turnstile when a secret is configured. */
  CAPTCHA_PROVIDER: z.enum(['none', 'hcaptcha', 'turnstile']).default('none'),
  CAPTCHA_SECRET_KEY: z.string().min(1).optional(),
  /** Overrides the provider's siteverify endpoint (a proxy, or a stand-in in tests). */
  CAPTCHA_VERIFY_URL: httpUrl.optional(),
  /** Attempts per minute on sign-in, sign-up, forgot-password, resend and anonymous sign-in. */
  RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_PER_EMAIL: z.coerce.number().int().positive().default(5),
  /** Lifetime of service tokens (client credentials of machine callers, see service-tokens/service-clients.ts). */
  SERVICE_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(900).default(300),
  /** Each machine caller's secret (the value it has as SERVICE_CLIENT_SECRET); a client without one gets no token. */
  SERVICE_CLIENT_SECRET_BFF: serviceClientSecret,
  SERVICE_CLIENT_SECRET_PORTFOLIO: serviceClientSecret,
  SERVICE_CLIENT_SECRET_WORKFLOWS: serviceClientSecret,
  SERVICE_CLIENT_SECRET_MESSAGING: serviceClientSecret,
}).superRefine((env, ctx) => {
  if (env.CAPTCHA_PROVIDER !== 'none' && !env.CAPTCHA_SECRET_KEY) {
    ctx.addIssue({ code: 'custom', path: ['CAPTCHA_SECRET_KEY'], message: `required when CAPTCHA_PROVIDER=${env.CAPTCHA_PROVIDER}` });
  }
  if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
    ctx.addIssue({ code: 'custom', path: ['GOOGLE_CLIENT_SECRET'], message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together' });
  }
});
export type IdentityEnv = z.output<typeof identityEnv>;

/** The identity configuration plus the schema its tables live in (the service name, or a test schema). */
export type IdentityConfig = IdentityEnv & { DATABASE_SCHEMA: string };

/** The identity configuration, provided to every feature of the service. */
export const IDENTITY_CONFIG = Symbol('IDENTITY_CONFIG');

/** A table of the service's schema, for the few raw statements (the ORM qualifies its own). */
export function tableOf(config: { DATABASE_SCHEMA: string }, table: string): string {
  return `"${config.DATABASE_SCHEMA}"."${table}"`;
}
