import type { INestApplication } from '@nestjs/common';
import { loadConfig } from '@pm/nest-kit';
import { freePort, PrivateNats, testEnv } from '@pm/testing';
import { bffEnv } from '../../src/config/env.js';
import { createBff } from '../../src/create-bff.js';
import { platformSettingsVariable, startPlatformServices, type PlatformServiceSettings, type PlatformServices } from './platform-services.js';

export interface TestPlatform {
  /** The BFF's origin, e.g. http://127.0.0.1:41234 (the API is under /api). */
  baseUrl: string;
  /** The web origin in the links of the services' e-mails (PUBLIC_WEB_URL); not baseUrl when the services are shared. */
  webUrl: string;
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

function sharedServices(): PlatformServiceSettings {
  const settings = process.env[platformSettingsVariable];
  if (!settings) throw new Error(`${platformSettingsVariable} is not set: the BFF's integration global setup (test/support/platform.global-setup.ts) did not run`);
  return JSON.parse(settings) as PlatformServiceSettings;
}

/**
 * Every app a browser reaches through the BFF, on the test stack: the BFF in this process, on identity, portfolio,
 * messaging, the assistant and the vault as their built dist, with tokens issued by identity and service tokens traded
 * with it as in production. For tests of the whole API (sign-up to portfolio). The services are the ones the global
 * setup started once for the whole jest run, on a NATS server of their own (platform.global-setup.ts): a file is kept
 * apart from the others by the accounts it signs up, and `stop` stops only its BFF.
 *
 * `assistantModels: 'local'` (a stream of the model's words) starts a platform of the file's own instead, with the
 * cache's models, on a NATS server of its own: the shared assistant runs without models, so that Terri and the
 * callers' answers are "AI unavailable" at once instead of 2 GB loaded and a draft written for every tenant's message;
 * and a second set of the services on the shared set's NATS would share their queue groups and durable consumers
 * with it, each taking the other's requests and events.
 */
export async function startTestPlatform(options: { assistantModels?: 'none' | 'local' } = {}): Promise<TestPlatform> {
  const stack = testEnv();
  const bffPort = await freePort();
  const baseUrl = `http://127.0.0.1:${bffPort}`;
  let nats: PrivateNats | undefined;
  let own: PlatformServices | undefined;
  let app: INestApplication | undefined;
  const previous: Record<string, string | undefined> = {};
  const stop = async (): Promise<void> => {
    await app?.close();
    for (const [key, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    await own?.stop();
    await nats?.stop();
  };

  let services: PlatformServiceSettings;
  let bffSettings: Record<string, string>;
  try {
    if (options.assistantModels === 'local') {
      nats = await PrivateNats.start();
      own = await startPlatformServices({ label: 'bff_models', natsUrl: nats.url, webUrl: baseUrl, assistantModels: 'local' });
      services = own.settings;
    } else {
      services = sharedServices();
    }
    // The auth routes read these from the process environment (bff/src/auth/auth-web.config.ts), as in production.
    for (const [key, value] of Object.entries({ PUBLIC_WEB_URL: services.webUrl, REFRESH_COOKIE_SECURE: 'false' })) {
      previous[key] = process.env[key];
      process.env[key] = value;
    }
    bffSettings = {
      LOG_LEVEL: 'silent',
      NATS_URL: services.natsUrl,
      JWKS_URL: `${services.identityUrl}/.well-known/jwks.json`,
      JWT_ISSUER: services.identityUrl,
      JWT_AUDIENCE: 'pm-platform',
      MINIO_ENDPOINT: stack.MINIO_ENDPOINT,
      MINIO_ACCESS_KEY: stack.MINIO_ACCESS_KEY,
      MINIO_SECRET_KEY: stack.MINIO_SECRET_KEY,
      MINIO_BUCKET: stack.MINIO_BUCKET,
      SERVICE_CLIENT_ID: 'bff',
      SERVICE_CLIENT_SECRET: services.bffSecret,
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
  return { baseUrl, webUrl: services.webUrl, smtpPort: services.smtpPort, schemas: services.schemas, bffSecret: services.bffSecret, startBff, stop };
}
