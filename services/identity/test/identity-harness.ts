import { randomBytes, randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { MailSinkClient } from '@pm/mail';
import { RpcClient } from '@pm/messaging';
import { startServiceUnderTest } from '@pm/nest-kit/testing';
import { freePort, testEnv, waitFor } from '@pm/testing';
import pg from 'pg';
import { identityEnv } from '../src/config/identity-env.js';
import { Clock } from '../src/clock.js';
import { identityService } from '../src/service.js';
import { SessionIssuer } from '../src/sessions/session-issuer.js';

export interface IdentityHarness {
  app: INestApplication;
  rpc: RpcClient;
  clock: Clock;
  sessions: SessionIssuer;
  baseUrl: string;
  schema: string;
  db: pg.Pool;
  mail: MailSinkClient;
  publicWebUrl: string;
  stop(): Promise<void>;
}

/**
 * A real identity service on its own schema and port, against the test stack's PostgreSQL, NATS and mail sink.
 * Subjects are shared by every test file on the one NATS server, so each file gets its own queue group but any
 * running identity may answer: every harness is configured alike (same issuer pattern is not shared: tokens are
 * checked against the answering instance's JWKS), hence test files that start identity run one at a time.
 */
export async function startIdentity(overrides: Record<string, string> = {}): Promise<IdentityHarness> {
  const env = testEnv();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const publicWebUrl = overrides['PUBLIC_WEB_URL'] ?? 'http://127.0.0.1:5173';
  const service = await startServiceUnderTest({
    name: 'identity',
    envSchema: identityEnv,
    define: identityService,
    port,
    logLevel: process.env['TEST_LOG_LEVEL'] ?? 'silent',
    env: {
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      JWKS_URL: `${base}/.well-known/jwks.json`,
      JWT_ISSUER: base,
      JWT_AUDIENCE: 'pm-platform',
      AUTH_SECRET: randomBytes(32).toString('hex'),
      PUBLIC_WEB_URL: publicWebUrl,
      ...(process.env['OIDC_ISSUER_URL']
        ? {
            GOOGLE_DISCOVERY_URL: `${process.env['OIDC_ISSUER_URL']}/.well-known/openid-configuration`,
            GOOGLE_CLIENT_ID: process.env['OIDC_CLIENT_ID'] ?? '',
            GOOGLE_CLIENT_SECRET: process.env['OIDC_CLIENT_SECRET'] ?? '',
          }
        : {}),
      ...overrides,
    },
  });
  const { app, schema } = service;
  const db = new pg.Pool({ connectionString: env.DATABASE_URL, max: 2, options: `-c search_path="${schema}"` });
  return {
    app,
    rpc: app.get(RpcClient),
    clock: app.get(Clock),
    sessions: app.get(SessionIssuer),
    baseUrl: base,
    schema,
    db,
    mail: new MailSinkClient(env.MAIL_UI_URL),
    publicWebUrl,
    async stop() {
      await service.close();
      await db.end();
    },
  };
}

export const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;
export const uniqueIp = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

/** The token of the newest link of that kind in the newest e-mail to `to`. */
export async function linkTokenFor(mail: MailSinkClient, to: string, path: 'verify-email' | 'recover', count = 1): Promise<string> {
  return waitFor(
    async () => {
      const messages = await mail.messagesTo(to);
      if (messages.length < count) return undefined;
      const match = new RegExp(`/api/auth/${path}\\?token=([A-Za-z0-9_%-]+)`).exec(messages[messages.length - 1]!.text);
      return match ? decodeURIComponent(match[1]!) : undefined;
    },
    { timeout: 10_000, description: `a ${path} e-mail to ${to}` },
  );
}
