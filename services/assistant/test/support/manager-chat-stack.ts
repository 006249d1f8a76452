import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import type { NatsConnection } from '@nats-io/nats-core';
import type { AiRuntime } from '@pm/ai';
import { UserRegistered, type RequestInputOf, type ResponseOf, type RpcContract } from '@pm/contracts';
import { connectNats, EventPublisher } from '@pm/messaging';
import { startServiceUnderTest, type ServiceUnderTest } from '@pm/nest-kit/testing';
import { createTestSchema, freePort, startTestTokenIssuer, testEnv, waitFor, type TestTokenIssuer } from '@pm/testing';
import pg from 'pg';
import { assistantEnv } from '../../src/config/assistant-env.js';
import { assistantService } from '../../src/service.js';

/** A signed-in manager as the tests use them. */
export interface TestManager {
  userId: string;
  authorization: string;
}

export interface ManagerChatStack {
  assistant: ServiceUnderTest;
  db: pg.Client;
  nc: NatsConnection;
  /** Registers a manager the way identity does, and waits until portfolio knows them. */
  manager(): Promise<TestManager>;
  /** A request as `who`, over NATS with their token (portfolio's calls and the assistant's alike). */
  call<C extends RpcContract>(contract: C, payload: RequestInputOf<C>, who: TestManager): Promise<ResponseOf<C>>;
  close(): Promise<void>;
}

const portfolioDir = resolve(import.meta.dirname, '../../../portfolio');

/**
 * What the manager's chat needs to answer for real: the portfolio service (its built dist, as its own process on a
 * schema of this file: services never import each other) and the assistant in this process, both verifying tokens
 * of one test issuer. `aiRuntime` replaces the AI runtime for tests of paths that are not the AI path.
 */
export async function startManagerChatStack(options: { aiRuntime?: () => AiRuntime } = {}): Promise<ManagerChatStack> {
  const stack = testEnv();
  const tokens: TestTokenIssuer = await startTestTokenIssuer();
  const portfolioSchema = await createTestSchema('chat_portfolio');
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env['PATH'],
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    HTTP_PORT: String(port),
    PORTFOLIO_SCHEMA: portfolioSchema.schema,
    DATABASE_URL: stack.DATABASE_URL,
    NATS_URL: stack.NATS_URL,
    JWKS_URL: tokens.jwksUrl,
    JWT_ISSUER: tokens.issuer,
    JWT_AUDIENCE: tokens.audience,
    SMTP_URL: stack.SMTP_URL,
    PUBLIC_WEB_URL: 'http://127.0.0.1:3000',
  };
  const run = (script: string): ChildProcess => spawn(process.execPath, [script], { cwd: portfolioDir, env, stdio: ['ignore', 'inherit', 'inherit'] });
  const migrate = run('dist/migrate.js');
  const migrated = await new Promise<number | null>((done) => migrate.on('exit', done));
  if (migrated !== 0) throw new Error(`portfolio's migrations exited with ${migrated}`);
  const portfolio = run('dist/main.js');
  await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/health/ready`).catch(() => undefined))?.ok, { timeout: 30_000, description: 'portfolio ready' });

  const assistant = await startServiceUnderTest({
    name: 'assistant',
    envSchema: assistantEnv,
    define: (config) => assistantService(config, options.aiRuntime ? { aiRuntime: options.aiRuntime } : {}),
    env: { JWKS_URL: tokens.jwksUrl, JWT_ISSUER: tokens.issuer, JWT_AUDIENCE: tokens.audience },
  });
  const nc = await connectNats({ servers: stack.NATS_URL, name: `manager-chat-test-${assistant.schema}` });
  const publisher = new EventPublisher(nc);
  const db = new pg.Client({ connectionString: stack.DATABASE_URL });
  await db.connect();

  return {
    assistant,
    db,
    nc,
    async manager() {
      const userId = `usr_${randomUUID()}`;
      await publisher.publish(UserRegistered, { ...UserRegistered.fixture, userId, email: `${userId}@example.com`, accountType: 'property_manager' });
      await waitFor(async () => (await db.query(`select 1 from "${portfolioSchema.schema}"."user_account" where user_id = $1`, [userId])).rowCount, {
        timeout: 15_000,
        description: `portfolio knows ${userId}`,
      });
      return { userId, authorization: `Bearer ${await tokens.sign(userId, { email: `${userId}@example.com` })}` };
    },
    call: (contract, payload, who) => assistant.client.request(contract, payload, { authorization: who.authorization, timeoutMs: 60_000 }),
    async close() {
      await db.end();
      await nc.close();
      await assistant.close();
      if (portfolio.exitCode === null) {
        const exited = new Promise((done) => portfolio.once('exit', done));
        portfolio.kill('SIGTERM');
        await exited;
      }
      await portfolioSchema.dropSchema();
      await tokens.close();
    },
  };
}
