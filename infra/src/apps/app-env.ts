import { join } from 'node:path';
import { appPorts } from './app-ports.ts';
import { type StackEnv } from '../stack-env.ts';
import type { RunProfile } from '../profile.ts';
import { cachePaths } from '../cache-paths.ts';
import { loadSecrets, type Secrets } from '../secrets.ts';

type AppEnvProfile = Pick<RunProfile, 'appPortOffset' | 'webFromBff'>;

/**
 * The environment of one app process: the infrastructure's variables plus its own port. Tokens are issued and
 * published (JWKS) by the identity service; every verifier reads these three variables.
 */
export function appEnv(
  stack: StackEnv,
  httpPort: number,
  profile: AppEnvProfile = { appPortOffset: 0, webFromBff: false },
  appName?: string,
): NodeJS.ProcessEnv {
  const identity = `http://127.0.0.1:${appPorts.identity + profile.appPortOffset}`;
  const webUrl = profile.webFromBff
    ? `http://127.0.0.1:${appPorts.bff + profile.appPortOffset}`
    : `http://127.0.0.1:${appPorts.web + profile.appPortOffset}`;
  return {
    ...process.env,
    ...stack,
    HTTP_PORT: String(httpPort),
    NODE_ENV: process.env['NODE_ENV'] ?? 'development',
    LOG_LEVEL: process.env['LOG_LEVEL'] ?? 'info',
    JWKS_URL: process.env['JWKS_URL'] ?? `${identity}/.well-known/jwks.json`,
    JWT_ISSUER: process.env['JWT_ISSUER'] ?? identity,
    JWT_AUDIENCE: process.env['JWT_AUDIENCE'] ?? 'pm-platform',
    /** Where links in e-mails and redirects point: the address a person opens in the browser. */
    PUBLIC_WEB_URL: webUrl,
    /** The web app's special host (web/src/app/special-host.ts, prefix `docs.`): Chromium resolves *.localhost to the loopback. */
    SPECIAL_HOST_WEB_URL: process.env['SPECIAL_HOST_WEB_URL'] ?? webUrl.replace('//127.0.0.1:', '//docs.localhost:'),
    SERVE_WEB: profile.webFromBff ? 'true' : 'false',
    // Everything local is plain http on loopback: the refresh cookie cannot be Secure there, and the only proxy in
    // front of the BFF is the web dev server's (web/vite.config.ts), which writes the browser's own address.
    REFRESH_COOKIE_SECURE: process.env['REFRESH_COOKIE_SECURE'] ?? (webUrl.startsWith('https://') ? 'true' : 'false'),
    TRUSTED_PROXIES: process.env['TRUSTED_PROXIES'] ?? (profile.webFromBff ? '' : '127.0.0.1,::1'),
    ...identityEnv(stack),
    ...smsEnv(profile),
    ...(appName === 'messaging' ? mailInEnv(profile) : {}),
    ...(appName === 'vault' ? vaultEnv() : {}),
    ...(appName === 'payments' ? paymentsEnv(stack) : {}),
    ...serviceClientEnv(appName),
  };
}

/** The SMTP port messaging receives the locations' e-mail on under `npm start`; the e2e profile shifts it like every port. */
export const SMTP_INBOUND_BASE_PORT = 2525;

export function smtpInboundPort(profile: Pick<RunProfile, 'appPortOffset'>): string {
  return process.env['SMTP_INBOUND_PORT'] ?? String(SMTP_INBOUND_BASE_PORT + profile.appPortOffset);
}

/**
 * Inbound e-mail locally: messaging's SMTP receiver for `*@<MAIL_DOMAIN>` on loopback, where any mail client (or
 * `swaks`, or nodemailer) can hand it a message; raw messages go to the stack's MinIO (MINIO_* come with the stack).
 * The loopback is the local sandbox relay and vouches for its senders (there is no DNS to check SPF, DKIM and DMARC
 * against, and only this machine can connect), so the demo's and the journeys' mail binds to its tenants.
 */
function mailInEnv(profile: AppEnvProfile): NodeJS.ProcessEnv {
  return {
    SMTP_INBOUND_PORT: smtpInboundPort(profile),
    SMTP_INBOUND_HOST: '127.0.0.1',
    SMTP_INBOUND_TRUSTED_RELAYS: process.env['SMTP_INBOUND_TRUSTED_RELAYS'] ?? '127.0.0.1,::1',
  };
}

/**
 * The vault's local cloud drive: `<cache>/staging/<accountId>/` is that account's drive (files put there are listed as
 * staged files), outside the repository like the rest of the local data.
 */
function vaultEnv(): NodeJS.ProcessEnv {
  return { VAULT_STAGING_DIR: vaultStagingDir() };
}

export function vaultStagingDir(): string {
  return process.env['VAULT_STAGING_DIR'] ?? join(cachePaths().root, 'staging');
}

/**
 * Payments' card provider locally: the stack's Stripe sandbox (any `sk_test_` key), whose webhooks to the service are
 * signed with the cache's two secrets (stripeWebhooksOf). Real STRIPE_* variables, when set, win.
 */
function paymentsEnv(stack: StackEnv): NodeJS.ProcessEnv {
  const secrets = loadSecrets(cachePaths().secretsFile);
  return {
    STRIPE_SECRET_KEY: process.env['STRIPE_SECRET_KEY'] ?? 'sk_test_local_sandbox',
    STRIPE_WEBHOOK_SECRET: process.env['STRIPE_WEBHOOK_SECRET'] ?? `${secrets.stripeWebhookSecret},${secrets.stripeConnectWebhookSecret}`,
    ...(process.env['STRIPE_SECRET_KEY'] || !stack.STRIPE_API_URL ? {} : { STRIPE_API_URL: stack.STRIPE_API_URL }),
    // The plans: the stack's Paddle sandbox (any `pdl_sdbx_apikey_` key), notifying with the cache's secret key.
    // Real PADDLE_* variables, when set, win (PADDLE_API_URL left out then: Paddle's own API).
    PADDLE_API_KEY: process.env['PADDLE_API_KEY'] ?? 'pdl_sdbx_apikey_local_sandbox',
    PADDLE_WEBHOOK_SECRET: process.env['PADDLE_WEBHOOK_SECRET'] ?? secrets.paddleWebhookSecret,
    ...(process.env['PADDLE_API_KEY'] ? (process.env['PADDLE_API_URL'] ? { PADDLE_API_URL: process.env['PADDLE_API_URL'] } : {}) : stack.PADDLE_API_URL ? { PADDLE_API_URL: stack.PADDLE_API_URL } : {}),
  };
}

/** Where the stack's Paddle sandbox posts its notifications: the payments service of this profile, with the cache's secret. */
export function paddleWebhookOf(profile: Pick<RunProfile, 'appPortOffset'>, secrets: Pick<Secrets, 'paddleWebhookSecret'>): { url: string; secret: string } {
  return { url: `http://127.0.0.1:${appPorts.payments + profile.appPortOffset}/paddle/webhook`, secret: secrets.paddleWebhookSecret };
}

/** Where the stack's Stripe sandbox posts its webhooks: the payments service of this profile, with the cache's secrets. */
export function stripeWebhooksOf(profile: Pick<RunProfile, 'appPortOffset'>, secrets: Pick<Secrets, 'stripeWebhookSecret' | 'stripeConnectWebhookSecret'>): { url: string; secret: string; connectSecret: string } {
  return {
    url: `http://127.0.0.1:${appPorts.payments + profile.appPortOffset}/stripe/webhook`,
    secret: secrets.stripeWebhookSecret,
    connectSecret: secrets.stripeConnectWebhookSecret,
  };
}

/** The machine callers and their secrets in the cache's secrets.json; identity's table (service-clients.ts) says what each may call. */
const serviceClients = { bff: 'serviceSecretBff', portfolio: 'serviceSecretPortfolio', workflows: 'serviceSecretWorkflows', messaging: 'serviceSecretMessaging' } as const;

/**
 * Service-token credentials: identity gets every client's secret, a machine caller its own id and secret, so its
 * calls outside a user's request carry a service token.
 */
function serviceClientEnv(appName: string | undefined): NodeJS.ProcessEnv {
  const secrets = loadSecrets(cachePaths().secretsFile);
  if (appName === 'identity') {
    return Object.fromEntries(
      Object.entries(serviceClients).map(([client, key]) => [`SERVICE_CLIENT_SECRET_${client.toUpperCase()}`, secrets[key]]),
    );
  }
  if (appName && Object.hasOwn(serviceClients, appName)) {
    return { SERVICE_CLIENT_ID: appName, SERVICE_CLIENT_SECRET: secrets[serviceClients[appName as keyof typeof serviceClients]] };
  }
  return {};
}

/**
 * identity's local settings: its secret and the demo account's password from the cache's secrets (generated once),
 * and Google sign-in against the stack's local OpenID provider unless real GOOGLE_* variables are set.
 */
function identityEnv(stack: StackEnv): NodeJS.ProcessEnv {
  const secrets = loadSecrets(cachePaths().secretsFile);
  const google =
    process.env['GOOGLE_CLIENT_ID'] || !stack.OIDC_ISSUER_URL
      ? {}
      : {
          GOOGLE_DISCOVERY_URL: `${stack.OIDC_ISSUER_URL}/.well-known/openid-configuration`,
          GOOGLE_CLIENT_ID: stack.OIDC_CLIENT_ID,
          GOOGLE_CLIENT_SECRET: stack.OIDC_CLIENT_SECRET,
        };
  return {
    AUTH_SECRET: process.env['AUTH_SECRET'] ?? secrets.authSecret,
    DEMO_ACCOUNT_PASSWORD: process.env['DEMO_ACCOUNT_PASSWORD'] ?? secrets.demoPassword,
    MAIL_FROM: process.env['MAIL_FROM'] ?? 'PM Platform <no-reply@pm.local>',
    ...google,
  };
}

/**
 * Inbound SMS locally: the sandbox phone signs its posts to messaging's webhook with a secret of the cache's
 * secrets.json, exactly as Twilio signs with the auth token, at messaging's own address.
 */
function smsEnv(profile: AppEnvProfile): NodeJS.ProcessEnv {
  const webhook = smsWebhookOf(profile);
  return { SMS_SANDBOX_SECRET: webhook.sandboxSecret, SMS_WEBHOOK_BASE_URL: webhook.baseUrl };
}

/** messaging's SMS webhook base URL and the sandbox's signing secret, as messaging is started with them. */
export function smsWebhookOf(profile: Pick<RunProfile, 'appPortOffset'>): { baseUrl: string; sandboxSecret: string } {
  return {
    sandboxSecret: process.env['SMS_SANDBOX_SECRET'] ?? loadSecrets(cachePaths().secretsFile).smsSandboxSecret,
    baseUrl: process.env['SMS_WEBHOOK_BASE_URL'] ?? `http://127.0.0.1:${appPorts.messaging + profile.appPortOffset}`,
  };
}
