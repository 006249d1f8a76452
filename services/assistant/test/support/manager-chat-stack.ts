import { randomUUID } from 'node:crypto';
import type { NatsConnection } from '@nats-io/nats-core';
import { Global, Module } from '@nestjs/common';
import { AiRuntime } from '@pm/ai';
import { UserRegistered, type RequestInputOf, type ResponseOf, type RpcContract } from '@pm/contracts';
import { connectNats, EventPublisher } from '@pm/messaging';
import { startServiceUnderTest, type ServiceUnderTest } from '@pm/nest-kit/testing';
import { startTestTokenIssuer, testEnv, waitFor, type TestTokenIssuer } from '@pm/testing';
import pg from 'pg';
import { AiModule } from '../../src/ai/ai.module.js';
import { assistantEnv } from '../../src/config/assistant-env.js';
import { assistantService } from '../../src/service.js';
import { startPortfolioProcess, startServiceProcess } from './service-process.js';

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

/**
 * What the manager's chat needs to answer for real: the portfolio service (its built dist, as its own process:
 * services never import each other), with `vault` the vault's too, and the assistant in this process, both verifying tokens
 * of one test issuer. `aiRuntime` replaces the AI runtime for tests of paths that are not the AI path.
 */
export async function startManagerChatStack(options: { aiRuntime?: () => AiRuntime; vault?: boolean } = {}): Promise<ManagerChatStack> {
  const stack = testEnv();
  const tokens: TestTokenIssuer = await startTestTokenIssuer();
  const auth = { jwksUrl: tokens.jwksUrl, issuer: tokens.issuer, audience: tokens.audience };
  const portfolio = await startPortfolioProcess(auth);
  // The Documents tab asks the vault whether the caller may read a document (and which the location has).
  const vault = options.vault ? await startServiceProcess('vault', auth) : undefined;

  const assistant = await startServiceUnderTest({
    name: 'assistant',
    envSchema: assistantEnv,
    define: (config) => {
      const definition = assistantService(config);
      if (!options.aiRuntime) return definition;
      const runtime = options.aiRuntime();
      // The process's one AiRuntime, replaced as the other assistant tests replace it (terri-chat.int-spec.ts).
      @Global()
      @Module({ providers: [{ provide: AiRuntime, useValue: runtime }], exports: [AiRuntime] })
      class TestAiModule {}
      return { ...definition, features: definition.features.map((feature) => (feature === AiModule ? TestAiModule : feature)) };
    },
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
      await waitFor(async () => (await db.query(`select 1 from "${portfolio.schema}"."user_account" where user_id = $1`, [userId])).rowCount, {
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
      await vault?.stop();
      await portfolio.stop();
      await tokens.close();
    },
  };
}
