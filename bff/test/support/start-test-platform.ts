import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { loadConfig } from '@pm/nest-kit';
import { createTestSchema, freePort, testEnv, waitFor } from '@pm/testing';
import { bffEnv } from '../../src/config/env.js';
import { createBff } from '../../src/create-bff.js';

export interface TestPlatform {
  /** The BFF's origin, e.g. http://127.0.0.1:41234 (the API is under /api). */
  baseUrl: string;
  /** Messaging's SMTP receiver, for mail to the locations' addresses (raw MIME and attachments into the stack's MinIO). */
  smtpPort: number;
  /** Each service's database schema on the stack's PostgreSQL, for tests that check what a service kept. */
  schemas: Record<string, string>;
  /** The BFF's service-client secret (its download links are signed with a key derived from it), for tests that forge one. */
  bffSecret: string;
  /** Starts another BFF on the same services with some settings changed (e.g. a MinIO of the test's own). */
  startBff(overrides: Record<string, string>): Promise<{ baseUrl: string; close(): Promise<void> }>;
  stop(): Promise<void>;
}

const servicesDir = resolve(import.meta.dirname, '../../../services');

/**
 * Every app a browser reaches through the BFF, on the test stack: identity, portfolio, messaging, the assistant and the vault as their built dist (each
 * its own process on a schema of its own, migrated first), the BFF in this process, tokens issued by identity and
 * service tokens traded with it as in production. For tests of the whole API (sign-up to portfolio) without starting
 * a second infrastructure.
 */
export async function startTestPlatform(label: string, options: { assistantModels?: 'none' | 'local' } = {}): Promise<TestPlatform> {
  const stack = testEnv();
  const children: ChildProcess[] = [];
  const schemas: (() => Promise<void>)[] = [];
  const schemaNames: Record<string, string> = {};
  const [identityPort, portfolioPort, messagingPort, assistantPort, vaultPort, bffPort] = [await freePort(), await freePort(), await freePort(), await freePort(), await freePort(), await freePort()];
  const smtpPort = await freePort();
  const identityUrl = `http://127.0.0.1:${identityPort}`;
  const baseUrl = `http://127.0.0.1:${bffPort}`;
  const secret = { bff: randomBytes(24).toString('hex'), portfolio: randomBytes(24).toString('hex'), messaging: randomBytes(24).toString('hex') };
  const shared: NodeJS.ProcessEnv = {
    PATH: process.env['PATH'],
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: stack.DATABASE_URL,
    NATS_URL: stack.NATS_URL,
    SMTP_URL: stack.SMTP_URL,
    JWKS_URL: `${identityUrl}/.well-known/jwks.json`,
    JWT_ISSUER: identityUrl,
    JWT_AUDIENCE: 'pm-platform',
    PUBLIC_WEB_URL: baseUrl,
  };

  const webSettings = { PUBLIC_WEB_URL: baseUrl, REFRESH_COOKIE_SECURE: 'false' };
  const previous: Record<string, string | undefined> = {};
  const stop = async (): Promise<void> => {
    await app?.close();
    for (const [key, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    await Promise.all(
      children
        .filter((child) => child.exitCode === null)
        .map((child) => {
          const exited = new Promise((done) => child.once('exit', done));
          child.kill('SIGTERM');
          return exited;
        }),
    );
    for (const drop of schemas) await drop();
  };

  async function startService(name: 'identity' | 'portfolio' | 'messaging' | 'assistant' | 'vault', port: number, env: NodeJS.ProcessEnv): Promise<void> {
    const schema = await createTestSchema(`${label}_${name}`);
    schemas.push(schema.dropSchema);
    schemaNames[name] = schema.schema;
    const full = { ...shared, ...env, HTTP_PORT: String(port), [`${name.toUpperCase()}_SCHEMA`]: schema.schema };
    const run = (script: string) => {
      const child = spawn(process.execPath, [script], { cwd: resolve(servicesDir, name), env: full, stdio: ['ignore', 'inherit', 'inherit'] });
      children.push(child);
      return child;
    };
    const migrate = run('dist/migrate.js');
    const code = await new Promise<number | null>((done) => migrate.once('exit', done));
    if (code !== 0) throw new Error(`${name}: migrations exited with ${code}`);
    run('dist/main.js');
    await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/health/ready`).catch(() => undefined))?.ok, {
      timeout: 60_000,
      description: `${name} ready`,
    });
  }

  let app: INestApplication | undefined;
  let bffSettings: Record<string, string> = {};
  const oidc = process.env['OIDC_ISSUER_URL'];
  try {
    await startService('identity', identityPort, {
      AUTH_SECRET: randomBytes(32).toString('hex'),
      DEMO_ACCOUNT_PASSWORD: randomBytes(12).toString('hex'),
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
      MINIO_ENDPOINT: stack.MINIO_ENDPOINT,
      MINIO_ACCESS_KEY: stack.MINIO_ACCESS_KEY,
      MINIO_SECRET_KEY: stack.MINIO_SECRET_KEY,
      MINIO_BUCKET: stack.MINIO_BUCKET,
    });
    // Without the local models (a folder that has none): Terri answers that the AI is unavailable, at once, instead of
    // loading 2 GB per test run. The AI path has its own tests (services/assistant/test/*real-model*); a test of a
    // stream of the model's words asks for the cache's models (`assistantModels: 'local'`).
    const models =
      options.assistantModels === 'local'
        ? Object.fromEntries(['HOME', 'PM_CACHE', 'XDG_CACHE_HOME', 'AI_MODELS_DIR', 'AI_THREADS'].flatMap((key) => (process.env[key] === undefined ? [] : [[key, process.env[key]]])))
        : { AI_MODELS_DIR: resolve(servicesDir, 'assistant', 'test', 'no-models') };
    await startService('assistant', assistantPort, models);
    // The vault files the documents the BFF's upload stream stored in the stack's MinIO; it learns locations and
    // partners from portfolio's events.
    await startService('vault', vaultPort, {
      MINIO_ENDPOINT: stack.MINIO_ENDPOINT,
      MINIO_ACCESS_KEY: stack.MINIO_ACCESS_KEY,
      MINIO_SECRET_KEY: stack.MINIO_SECRET_KEY,
      MINIO_BUCKET: stack.MINIO_BUCKET,
    });
    // The auth routes read these from the process environment (bff/src/auth/auth-web.config.ts), as in production.
    for (const [key, value] of Object.entries(webSettings)) {
      previous[key] = process.env[key];
      process.env[key] = value;
    }
    bffSettings = {
      LOG_LEVEL: 'silent',
      NATS_URL: stack.NATS_URL,
      JWKS_URL: shared['JWKS_URL']!,
      JWT_ISSUER: identityUrl,
      JWT_AUDIENCE: 'pm-platform',
      MINIO_ENDPOINT: stack.MINIO_ENDPOINT,
      MINIO_ACCESS_KEY: stack.MINIO_ACCESS_KEY,
      MINIO_SECRET_KEY: stack.MINIO_SECRET_KEY,
      MINIO_BUCKET: stack.MINIO_BUCKET,
      SERVICE_CLIENT_ID: 'bff',
      SERVICE_CLIENT_SECRET: secret.bff,
    };
    app = await createBff(loadConfig(bffEnv, { ...bffSettings, HTTP_PORT: String(bffPort) }));
    await app.listen(bffPort, '127.0.0.1');
  } catch (error) {
    await stop();
    throw error;
  }
  /** A second BFF on the same services, with some settings of its own (its own MinIO); the test closes it. */
  const startBff = async (overrides: Record<string, string>): Promise<{ baseUrl: string; close(): Promise<void> }> => {
    const port = await freePort();
    const second = await createBff(loadConfig(bffEnv, { ...bffSettings, ...overrides, HTTP_PORT: String(port) }));
    await second.listen(port, '127.0.0.1');
    return { baseUrl: `http://127.0.0.1:${port}`, close: () => second.close() };
  };
  return { baseUrl, smtpPort, schemas: schemaNames, bffSecret: secret.bff, startBff, stop };
}
