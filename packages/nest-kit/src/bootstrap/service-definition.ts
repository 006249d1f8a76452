import type { AnyEntity, EntityClass, EntitySchema } from '@mikro-orm/core';
import type { Migration } from '@mikro-orm/migrations';
import { Module, type DynamicModule, type INestApplication, type Type } from '@nestjs/common';
import { MessagingModule } from '@pm/messaging';
import { type z } from 'zod';
import { AuthModule } from '../auth/auth.module.js';
import { authEnv, databaseEnv, natsEnv, processEnv, serviceClientEnv, serviceCredentialsOf } from '../config/env-schemas.js';
import { loadConfig } from '../config/load-config.js';
import { DatabaseHealthCheck } from '../health/database.health-check.js';
import { HealthModule } from '../health/health.module.js';
import { NatsHealthCheck } from '../health/nats.health-check.js';
import { ormModule } from '../orm/orm.module.js';
import { serviceOrmConfig } from '../orm/orm-config.js';
import { runMigrations } from '../orm/run-migrations.js';
import { bootstrapService } from './bootstrap-service.js';
import type { RawRoute } from './raw-route.js';

export const serviceEnv = processEnv.extend(natsEnv.shape).extend(databaseEnv.shape).extend(authEnv.shape).extend(serviceClientEnv.shape);
export type ServiceEnv = z.output<typeof serviceEnv>;

/** Everything that makes a bounded context a running service; each service exports one from src/service.ts. */
export interface ServiceDefinition {
  /** Also the PostgreSQL schema, the NATS queue group and the log name. */
  name: string;
  /**
   * The bounded context the service answers for (`pm.rpc.<context>.*`): service tokens are accepted only when
   * addressed to it. Defaults to `name`; set it where `name` may be a test's schema.
   */
  context?: string;
  entities: (EntityClass<AnyEntity> | EntitySchema)[];
  /** Oldest first; each class declares a stable `name`. */
  migrations: (new (...args: never[]) => Migration)[];
  /** The service's feature modules (one per aggregate / use-case area). */
  features: (Type<unknown> | DynamicModule | Promise<DynamicModule>)[];
  /** POST routes answered ahead of the framework, by providers of the features (see raw-route.ts); rarely any. */
  rawRoutes?: readonly RawRoute[];
}

/** The root module: platform plumbing (NATS, database, auth, health) plus the service's features. */
export function serviceRootModule(definition: ServiceDefinition, config: ServiceEnv): Type<unknown> {
  @Module({
    imports: [
      MessagingModule.forRoot({ servers: config.NATS_URL, name: definition.name, serviceCredentials: serviceCredentialsOf(config) }),
      ormModule({ databaseUrl: config.DATABASE_URL, schema: definition.name, entities: definition.entities, migrations: definition.migrations }),
      AuthModule.forRoot({
        jwksUrl: config.JWKS_URL,
        issuer: config.JWT_ISSUER,
        audience: config.JWT_AUDIENCE,
        serviceAudience: definition.context ?? definition.name,
      }),
      HealthModule.forChecks([DatabaseHealthCheck, NatsHealthCheck], [DatabaseHealthCheck, NatsHealthCheck]),
      ...definition.features,
    ],
  })
  class ServiceModule {}
  Object.defineProperty(ServiceModule, 'name', { value: `${definition.name}ServiceModule` });
  return ServiceModule;
}

/**
 * `node dist/main.js`: validate the service's environment (listing every problem), build its definition for the
 * schema named by `<NAME>_SCHEMA` (the service's name by default; a test may run a copy on a schema of its own), serve.
 */
export async function startService<S extends typeof serviceEnv>(
  envSchema: S,
  define: (config: z.output<S> & { DATABASE_SCHEMA: string }) => ServiceDefinition,
  options: { name: string; env?: NodeJS.ProcessEnv },
): Promise<INestApplication> {
  const env = options.env ?? process.env;
  const config = loadConfig(envSchema, env) as z.output<S>;
  const definition = define({ ...config, DATABASE_SCHEMA: env[`${options.name.toUpperCase()}_SCHEMA`] ?? options.name });
  return bootstrapService({
    name: definition.name,
    module: serviceRootModule(definition, config),
    http: { host: config.HTTP_HOST, port: config.HTTP_PORT },
    withDatabase: true,
    logLevel: config.LOG_LEVEL,
    rawRoutes: definition.rawRoutes,
  });
}

/** `node dist/migrate.js`: apply the service's pending migrations to its own schema. */
export async function migrateService(definition: ServiceDefinition, env: NodeJS.ProcessEnv = process.env): Promise<string[]> {
  const config = loadConfig(databaseEnv, env);
  return runMigrations(
    serviceOrmConfig({ databaseUrl: config.DATABASE_URL, schema: definition.name, entities: definition.entities, migrations: definition.migrations }),
  );
}
