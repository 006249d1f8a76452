import { resolve } from 'node:path';
import { startBuiltService, testEnv } from '@pm/testing';

type Auth = { jwksUrl: string; issuer: string; audience: string };

/**
 * The real portfolio service, as its built dist in a child process on a schema of its own: Terri asks it where the
 * asker lives (GetUserResidence), and the manager's Q&A reaches the assistant through its events.
 */
export function startPortfolioProcess(auth: Auth): Promise<ServiceProcess> {
  return startServiceProcess('portfolio', auth);
}

/** A service started by `startServiceProcess`: its schema, where it answers, and how to stop it (its schema dropped). */
export interface ServiceProcess {
  schema: string;
  /** `http://127.0.0.1:<port>`: its health, webhooks and any HTTP route. */
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * Another service of the platform as its built dist in a child process, on a schema of its own (started as a process,
 * never imported: a service does not import another service): portfolio, the vault (the document chat asks it
 * whether the caller may read a document, with the caller's token) or messaging (tenants' messages in, drafts asked
 * for). `extraEnv`: more of the service's variables.
 */
export async function startServiceProcess(service: 'portfolio' | 'vault' | 'messaging', auth: Auth, extraEnv: NodeJS.ProcessEnv = {}): Promise<ServiceProcess> {
  const stack = testEnv();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env['PATH'],
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: stack.DATABASE_URL,
    NATS_URL: stack.NATS_URL,
    SMTP_URL: stack.SMTP_URL,
    JWKS_URL: auth.jwksUrl,
    JWT_ISSUER: auth.issuer,
    JWT_AUDIENCE: auth.audience,
    PUBLIC_WEB_URL: 'http://127.0.0.1:3000',
    MINIO_ENDPOINT: stack.MINIO_ENDPOINT,
    MINIO_ACCESS_KEY: stack.MINIO_ACCESS_KEY,
    MINIO_SECRET_KEY: stack.MINIO_SECRET_KEY,
    MINIO_BUCKET: stack.MINIO_BUCKET,
    ...extraEnv,
  };
  const { schema, baseUrl, stop } = await startBuiltService({ service, servicesDir: resolve(import.meta.dirname, '../../..'), schemaLabel: `assistant_${service}`, env });
  return { schema, baseUrl, stop };
}
