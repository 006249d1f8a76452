import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { type BuiltService, freePort, startBuiltService, testEnv, waitFor } from '@pm/testing';

/*
 * Loaded both by the BFF's integration global setup (run by Node itself, types stripped: no TypeScript-only syntax
 * such as parameter properties or enums) and by test files (through jest).
 */

/** The environment variable that carries the shared services' settings from the global setup to the test files. */
export const platformSettingsVariable = 'PM_BFF_TEST_PLATFORM';

/** What a BFF needs to know of the services it runs on; JSON, so the global setup can hand it to the test files. */
export interface PlatformServiceSettings {
  natsUrl: string;
  /** Identity's origin: the tokens' issuer and its JWKS. */
  identityUrl: string;
  /** Messaging's SMTP receiver, for mail to the locations' addresses. */
  smtpPort: number;
  /** Each service's database schema on the stack's PostgreSQL. */
  schemas: Record<string, string>;
  /** The BFF's service-client secret at identity. */
  bffSecret: string;
  /** The web origin the services put in their e-mails' links (PUBLIC_WEB_URL). */
  webUrl: string;
  /** The Stripe sandbox payments talks to: its hosted checkout and onboarding pages, and its /_sandbox controls. */
  stripeUrl: string;
  /** The Paddle sandbox payments sells the plans through: its hosted checkout and its /_sandbox controls. */
  paddleUrl: string;
}

export interface PlatformServices {
  settings: PlatformServiceSettings;
  stop(): Promise<void>;
  /** Signals every service to stop without waiting, for a process about to die (Ctrl-C). */
  killNow(): void;
}

const servicesDir = resolve(import.meta.dirname, '../../../services');
const stripeSandboxMain = resolve(import.meta.dirname, '../../../packages/stripe-sandbox/dist/main.js');
const paddleSandboxMain = resolve(import.meta.dirname, '../../../packages/paddle-sandbox/dist/main.js');

/**
 * The local Stripe as its built CLI, posting its signed webhooks to payments' endpoint (once for the platform's events,
 * once for the connected accounts', each with its secret, as Stripe has them); ready once its clock answers.
 */
async function startStripeSandboxProcess(port: number, webhookUrl: string, secrets: readonly [string, string]): Promise<{ url: string; stop(): Promise<void>; kill(): void }> {
  const webhooks = [{ url: webhookUrl, secret: secrets[0] }, { url: webhookUrl, secret: secrets[1], connect: true }];
  const child = spawn(process.execPath, [stripeSandboxMain, '--port', String(port), '--webhooks', JSON.stringify(webhooks)], { stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  };
  await waitFor(async () => (await fetch(`${url}/_sandbox/clock`, { signal: AbortSignal.timeout(2_000) }).catch(() => undefined))?.ok, { timeout: 30_000, description: 'Stripe sandbox ready' }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { url, stop, kill: () => child.kill('SIGTERM') };
}

/** The local Paddle as its built CLI, notifying payments' endpoint with the destination's secret key; ready once its clock answers. */
async function startPaddleSandboxProcess(port: number, webhookUrl: string, secret: string): Promise<{ url: string; stop(): Promise<void>; kill(): void }> {
  const child = spawn(process.execPath, [paddleSandboxMain, '--port', String(port), '--webhook-url', webhookUrl, '--webhook-secret', secret], { stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  };
  await waitFor(async () => (await fetch(`${url}/_sandbox/clock`, { signal: AbortSignal.timeout(2_000) }).catch(() => undefined))?.ok, { timeout: 30_000, description: 'Paddle sandbox ready' }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { url, stop, kill: () => child.kill('SIGTERM') };
}

/**
 * Every service a browser reaches through the BFF: identity, portfolio, messaging, the assistant, the vault and payments as
 * their built dist (each its own process on a schema of its own, migrated first) on the given NATS, with identity
 * issuing tokens and trading service tokens as in production. Their queue groups and durable consumers have fixed
 * names, so one NATS server carries one set of them.
 */
export async function startPlatformServices(options: {
  label: string;
  natsUrl: string;
  webUrl: string;
  /**
   * 'none' (a folder without models): Terri answers that the AI is unavailable, at once, instead of loading 2 GB and
   * drafting an answer to every tenant's message. The AI path has its own tests (services/assistant/test/*real-model*).
   */
  assistantModels: 'none' | 'local';
}): Promise<PlatformServices> {
  const stack = testEnv();
  const schemas: Record<string, string> = {};
  const [identityPort, portfolioPort, messagingPort, assistantPort, vaultPort, paymentsPort, stripePort, smtpPort, paddlePort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const identityUrl = `http://127.0.0.1:${identityPort}`;
  const secret = { bff: randomBytes(24).toString('hex'), portfolio: randomBytes(24).toString('hex'), messaging: randomBytes(24).toString('hex') };
  const shared: NodeJS.ProcessEnv = {
    PATH: process.env['PATH'],
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: stack.DATABASE_URL,
    NATS_URL: options.natsUrl,
    SMTP_URL: stack.SMTP_URL,
    JWKS_URL: `${identityUrl}/.well-known/jwks.json`,
    JWT_ISSUER: identityUrl,
    JWT_AUDIENCE: 'pm-platform',
    PUBLIC_WEB_URL: options.webUrl,
  };
  const minio = { MINIO_ENDPOINT: stack.MINIO_ENDPOINT, MINIO_ACCESS_KEY: stack.MINIO_ACCESS_KEY, MINIO_SECRET_KEY: stack.MINIO_SECRET_KEY, MINIO_BUCKET: stack.MINIO_BUCKET };

  const started: Pick<BuiltService, 'stop' | 'kill'>[] = [];
  const killNow = (): void => {
    for (const service of started) service.kill();
  };
  const stop = async (): Promise<void> => {
    await Promise.all(started.map((service) => service.stop()));
  };

  async function startService(name: 'identity' | 'portfolio' | 'messaging' | 'assistant' | 'vault' | 'payments', port: number, env: NodeJS.ProcessEnv): Promise<void> {
    const service = await startBuiltService({ service: name, servicesDir, schemaLabel: `${options.label}_${name}`, port, env: { ...shared, ...env } });
    started.push(service);
    schemas[name] = service.schema;
  }

  const oidc = process.env['OIDC_ISSUER_URL'];
  const stripeUrl = `http://127.0.0.1:${stripePort}`;
  const paddleUrl = `http://127.0.0.1:${paddlePort}`;
  try {
    await startService('identity', identityPort, {
      AUTH_SECRET: randomBytes(32).toString('hex'),
      DEMO_ACCOUNT_PASSWORD: randomBytes(12).toString('hex'),
      // Every file of the jest run signs up and in from 127.0.0.1 through this one identity: the product's per-IP limit
      // (20 a minute per action) would answer 429 to whichever file comes after the busy ones. The limits themselves
      // are tested in auth.int-spec.ts, on an identity of its own with its own settings.
      RATE_LIMIT_PER_IP: '100000',
      SERVICE_CLIENT_SECRET_BFF: secret.bff,
      SERVICE_CLIENT_SECRET_PORTFOLIO: secret.portfolio,
      SERVICE_CLIENT_SECRET_MESSAGING: secret.messaging,
      // "Sign in with Google" against the test stack's local OpenID provider, as npm start has it.
      ...(oidc
        ? {
            GOOGLE_DISCOVERY_URL: `${oidc}/.well-known/openid-configuration`,
            GOOGLE_CLIENT_ID: process.env['OIDC_CLIENT_ID'],
            GOOGLE_CLIENT_SECRET: process.env['OIDC_CLIENT_SECRET'],
          }
        : {}),
    });
    await startService('portfolio', portfolioPort, { SERVICE_CLIENT_ID: 'portfolio', SERVICE_CLIENT_SECRET: secret.portfolio });
    // Messaging answers the inbox calls; it learns locations and partners from portfolio's events, as in production,
    // and asks the assistant for callers' answers with its service token.
    await startService('messaging', messagingPort, {
      SERVICE_CLIENT_ID: 'messaging',
      SERVICE_CLIENT_SECRET: secret.messaging,
      SMS_PROVIDER: 'sandbox',
      SMS_SANDBOX_SECRET: randomBytes(32).toString('hex'),
      SMS_WEBHOOK_BASE_URL: `http://127.0.0.1:${messagingPort}`,
      SMTP_INBOUND_PORT: String(smtpPort),
      // The tests' mail comes from the loopback, the local sandbox relay that vouches for its senders (as npm start's).
      SMTP_INBOUND_TRUSTED_RELAYS: '127.0.0.1,::1',
      ...minio,
    });
    const models =
      options.assistantModels === 'local'
        ? Object.fromEntries(['HOME', 'PM_CACHE', 'XDG_CACHE_HOME', 'AI_MODELS_DIR', 'AI_THREADS'].flatMap((key) => (process.env[key] === undefined ? [] : [[key, process.env[key]]])))
        : { AI_MODELS_DIR: resolve(servicesDir, 'assistant', 'test', 'no-models') };
    await startService('assistant', assistantPort, models);
    // The vault files the documents the BFF's upload stream stored in the stack's MinIO; it learns locations and
    // partners from portfolio's events.
    await startService('vault', vaultPort, minio);
    // Payments takes rent through the Stripe sandbox, whose signed webhooks reach payments' own endpoint, as in
    // production; it learns locations, units and tenants from portfolio's events.
    const stripeSecrets = [`whsec_${randomBytes(24).toString('hex')}`, `whsec_${randomBytes(24).toString('hex')}`] as const;
    const stripe = await startStripeSandboxProcess(stripePort, `http://127.0.0.1:${paymentsPort}/stripe/webhook`, stripeSecrets);
    started.push(stripe);
    // And sells the platform's plans through the Paddle sandbox, whose signed notifications reach `POST /paddle/webhook`.
    const paddleSecret = `pdl_ntfset_${randomBytes(24).toString('hex')}`;
    const paddle = await startPaddleSandboxProcess(paddlePort, `http://127.0.0.1:${paymentsPort}/paddle/webhook`, paddleSecret);
    started.push(paddle);
    await startService('payments', paymentsPort, {
      STRIPE_SECRET_KEY: 'sk_test_bff_platform',
      STRIPE_WEBHOOK_SECRET: stripeSecrets.join(','),
      STRIPE_API_URL: stripe.url,
      PADDLE_API_KEY: 'pdl_sdbx_apikey_bff_platform',
      PADDLE_WEBHOOK_SECRET: paddleSecret,
      PADDLE_API_URL: paddle.url,
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { settings: { natsUrl: options.natsUrl, identityUrl, smtpPort, schemas, bffSecret: secret.bff, webUrl: options.webUrl, stripeUrl, paddleUrl }, stop, killNow };
}
