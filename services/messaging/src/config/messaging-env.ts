import { messagingLimits } from '@pm/contracts';
import { minioEnv, serviceEnv } from '@pm/nest-kit';
import { z } from 'zod';
import { isRelayEntry } from '../inbound-email/relay-list.js';

const httpUrl = z.string().refine((v) => /^https?:\/\/[^/\s]+(\/[^\s]*)?$/.test(v), 'must be an http or https URL');

/** The messaging service's environment: the platform's service variables plus the SMS provider's webhook settings. */
export const messagingEnv = serviceEnv
  .extend({
    /** Who posts inbound SMS: Twilio (signed with the account's auth token) or the local sandbox phone (a local secret). */
    SMS_PROVIDER: z.enum(['sandbox', 'twilio']).default('sandbox'),
    TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
    /** The account replies are sent through (Twilio's REST API), with SMS_PROVIDER=twilio. */
    TWILIO_ACCOUNT_SID: z.string().regex(/^AC[0-9a-f]{32}$/, 'must be AC followed by 32 hex digits').optional(),
    /** The secret the sandbox phone signs its posts with, exactly as Twilio signs with the auth token. */
    SMS_SANDBOX_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /**
     * The public base URL the provider posts to (portfolio gives Twilio `<it>/sms/inbound` when it buys a number).
     * Signatures cover the full URL as the provider saw it, so behind a proxy it must be the public one, not ours.
     */
    SMS_WEBHOOK_BASE_URL: httpUrl.optional(),
    /** The host of every location's generated e-mail address: mail to `*@<it>` is received (portfolio's own setting). */
    MAIL_DOMAIN: z
      .string()
      .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/, 'must be a lower-case domain name')
      .default('mail.pm.local'),
    /** The SMTP receiver's port (npm start: 2525); unset, no receiver is started (this process only serves the rest). */
    SMTP_INBOUND_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
    SMTP_INBOUND_HOST: z.string().min(1).default('127.0.0.1'),
    /** The largest message accepted, raw MIME bytes (25 MiB, the usual providers' limit): beyond it, 552. */
    SMTP_INBOUND_MAX_BYTES: z.coerce.number().int().min(1_024).max(messagingLimits.rawEmailBytes).default(25 * 1024 * 1024),
    /** Recipients one message may name in its envelope: beyond it, 452 (the sender retries the rest later). */
    SMTP_INBOUND_MAX_RECIPIENTS: z.coerce.number().int().min(1).max(100).default(20),
    /**
     * Relays whose connections to the SMTP receiver vouch for their mail's sender, comma-separated addresses or CIDR
     * ranges (an upstream MX that checked SPF, DKIM and DMARC itself; npm start: the loopback, where only the local
     * sandbox and the developer's own clients connect). Mail from any other client is authenticated here (SPF, DKIM,
     * DMARC) before its From may bind it to a tenant. Empty by default: nobody is trusted.
     */
    SMTP_INBOUND_TRUSTED_RELAYS: z
      .string()
      .default('')
      .transform((v) => v.split(',').map((entry) => entry.trim()).filter(Boolean))
      .refine((entries) => entries.every(isRelayEntry), 'must be comma-separated IP addresses or CIDR ranges'),
    /**
     * The mail provider's authserv-id (the first word of the Authentication-Results header it adds): with it, a webhook
     * delivery whose topmost Authentication-Results of that id says dmarc=pass for the From domain is vouched for.
     * Unset, webhook mail is authenticated by its DKIM signatures and DMARC alone (there is no SMTP client to check SPF).
     */
    EMAIL_INBOUND_PROVIDER_AUTHSERV_ID: z.string().regex(/^[A-Za-z0-9.-]{1,253}$/, 'must be a host name').optional(),
    /**
     * The inbound-parse webhook's signing secret (`POST /email/inbound`), as Standard Webhooks gives it: `whsec_` and
     * the base64 of at least 24 random bytes. Unset, the webhook refuses every delivery (403).
     */
    EMAIL_INBOUND_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/]{32,}={0,2}$/, 'must be whsec_ followed by the base64 of at least 24 random bytes')
      .optional(),
    /** Outbound e-mail (replies, notifications): the local sink, or a provider's SMTP, as every service sends mail. */
    SMTP_URL: z.string().refine((v) => /^smtps?:\/\//.test(v), 'must be an smtp:// or smtps:// URL'),
    /**
     * The dispatcher of sends (\`outbound_delivery\`): how often an idle one looks for due sends, how long a claimed send
     * is held before it counts as interrupted (longer than any provider call: the SMS and SMTP clients time out at
     * 20 s), the first retry's delay (doubled each attempt, with jitter, up to the cap), and whether this process runs
     * one at all (replicas share the work safely; an operator may run it elsewhere).
     */
    OUTBOUND_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(500),
    OUTBOUND_LEASE_MS: z.coerce.number().int().min(30_000).max(3_600_000).default(120_000),
    OUTBOUND_BACKOFF_BASE_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
    OUTBOUND_BACKOFF_MAX_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(30 * 60_000),
    OUTBOUND_DISPATCH: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
    /**
     * How long a caller waits for the assistant's spoken answer before they hear the holding line instead: under
     * Twilio's 15 s budget for a webhook's answer, with room for the rest of the request.
     */
    VOICE_ANSWER_TIMEOUT_MS: z.coerce.number().int().min(500).max(13_000).default(10_000),
    // Raw messages are kept in MinIO before they are parsed (the receiver), attachments of sends are read from it.
    ...minioEnv.partial().shape,
  })
  .superRefine((env, ctx) => {
    if (env.SMTP_INBOUND_PORT !== undefined || env.EMAIL_INBOUND_WEBHOOK_SECRET !== undefined) {
      for (const key of ['MINIO_ENDPOINT', 'MINIO_ACCESS_KEY', 'MINIO_SECRET_KEY', 'MINIO_BUCKET'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'required when SMTP_INBOUND_PORT or EMAIL_INBOUND_WEBHOOK_SECRET is set' });
      }
    }
    const secret = env.SMS_PROVIDER === 'twilio' ? 'TWILIO_AUTH_TOKEN' : 'SMS_SANDBOX_SECRET';
    if (!env[secret]) ctx.addIssue({ code: 'custom', path: [secret], message: `required when SMS_PROVIDER=${env.SMS_PROVIDER}` });
    if (env.SMS_PROVIDER === 'twilio' && !env.TWILIO_ACCOUNT_SID) {
      ctx.addIssue({ code: 'custom', path: ['TWILIO_ACCOUNT_SID'], message: 'required when SMS_PROVIDER=twilio' });
    }
    if (env.SMS_PROVIDER === 'twilio' && !env.SMS_WEBHOOK_BASE_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMS_WEBHOOK_BASE_URL'], message: 'required when SMS_PROVIDER=twilio' });
    }
  });
export type MessagingEnv = z.output<typeof messagingEnv>;

/** The messaging configuration plus the schema its tables live in (the service name, or a test schema). */
export type MessagingConfig = MessagingEnv & { DATABASE_SCHEMA: string };

export const MESSAGING_CONFIG = Symbol('MESSAGING_CONFIG');
