import type { INestApplication } from '@nestjs/common';
import type { RequestInputOf, ResponseOf, RpcContract } from '@pm/contracts';
import { RpcClient } from '@pm/messaging';
import { createTestSchema, freePort, testEnv } from '@pm/testing';
import type { z } from 'zod';
import { bootstrapService } from '../bootstrap/bootstrap-service.js';
import { type serviceEnv, serviceRootModule, type ServiceDefinition } from '../bootstrap/service-definition.js';
import { loadConfig } from '../config/load-config.js';
import { serviceOrmConfig } from '../orm/orm-config.js';
import { runMigrations } from '../orm/run-migrations.js';

export interface ServiceUnderTest {
  app: INestApplication;
  /** The service's own RpcClient: requests go over the test stack's NATS like any caller's. */
  client: RpcClient;
  /** The fresh PostgreSQL schema the service runs on (dropped by `close`). */
  schema: string;
  baseUrl: string;
  call<C extends RpcContract>(contract: C, payload: RequestInputOf<C>, authorization?: string): Promise<ResponseOf<C>>;
  close(): Promise<void>;
}

/**
 * One service, in this process, as production runs it (its definition, migrations, NATS handlers, health), on a fresh
 * schema of the test stack's PostgreSQL, its NATS and its mail sink. `env` completes what the stack gives (JWKS of a
 * test token issuer, provider settings, ...) and is validated by the service's own env schema, so a test configures a
 * service exactly the way an operator does. Every service's test harness starts from this.
 */
export async function startServiceUnderTest<S extends typeof serviceEnv>(options: {
  name: string;
  envSchema: S;
  define: (config: z.output<S> & { DATABASE_SCHEMA: string }) => ServiceDefinition;
  env: Record<string, string>;
  /** A fixed HTTP port, for a service whose own URLs are in its env (e.g. its JWKS); a free one by default. */
  port?: number;
  logLevel?: string;
}): Promise<ServiceUnderTest> {
  const stack = testEnv();
  const { schema, dropSchema } = await createTestSchema(options.name);
  const port = options.port ?? (await freePort());
  const config = loadConfig(options.envSchema, {
    HTTP_PORT: String(port),
    NATS_URL: stack.NATS_URL,
    DATABASE_URL: stack.DATABASE_URL,
    SMTP_URL: stack.SMTP_URL,
    ...options.env,
  }) as z.output<S>;
  const definition = options.define({ ...config, DATABASE_SCHEMA: schema });
  await runMigrations(serviceOrmConfig({ databaseUrl: config.DATABASE_URL, schema, entities: definition.entities, migrations: definition.migrations }));
  const app = await bootstrapService({
    name: schema,
    module: serviceRootModule(definition, config),
    http: { host: '127.0.0.1', port },
    withDatabase: true,
    logLevel: options.logLevel ?? process.env['TEST_LOG_LEVEL'] ?? 'error',
    rawRoutes: definition.rawRoutes,
  });
  const client = app.get(RpcClient);
  return {
    app,
    client,
    schema,
    baseUrl: `http://127.0.0.1:${port}`,
    call: (contract, payload, authorization) => client.request(contract, payload, authorization === undefined ? {} : { authorization }),
    async close() {
      await app.close();
      await dropSchema();
    },
  };
}
