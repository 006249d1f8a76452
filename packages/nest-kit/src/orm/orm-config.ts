import type { AnyEntity, EntityClass, EntitySchema } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import { defineConfig, type Options } from '@mikro-orm/postgresql';
import type { Migration } from '@mikro-orm/migrations';
import { messagingEntities, messagingMigrations } from '@pm/messaging';
import { IdempotencyKeysMigration } from '../use-case/idempotency-keys.migration.js';
import { releaseBrokenConnections } from './release-broken-connections.js';

export interface ServiceOrmOptions {
  databaseUrl: string;
  /** The service's own PostgreSQL schema; nothing else reads it. */
  schema: string;
  entities: (EntityClass<AnyEntity> | EntitySchema)[];
  /** The service's migrations, oldest first. The outbox/inbox and idempotency-key migrations are always applied before them. */
  migrations: (new (...args: never[]) => Migration)[];
  debug?: boolean;
}

/**
 * The one MikroORM configuration of a service, used by the app, its migrate command and its tests. Migrations are
 * listed in code (not globbed from disk) so the built app and the tests run exactly the same ones.
 */
export function serviceOrmConfig(options: ServiceOrmOptions): Options {
  return defineConfig({
    clientUrl: options.databaseUrl,
    schema: options.schema,
    entities: [...messagingEntities, ...options.entities],
    extensions: [Migrator],
    migrations: {
      tableName: 'mikro_orm_migrations',
      // Each migration class declares a stable `name`, so renaming a class never re-runs it.
      migrationsList: [...messagingMigrations, IdempotencyKeysMigration, ...options.migrations] as never,
      transactional: true,
      allOrNothing: true,
      silent: true,
      // Migrations are written by hand and listed in code; no schema snapshot files next to the package.
      snapshot: false,
    },
    // Each request/message works in its own fork (RequestContext / transactional); touching the global context is a bug.
    allowGlobalContext: false,
    debug: options.debug ?? false,
    pool: { min: 0, max: 10 },
    // A connection that dies under a transaction must not keep its pool slot (see release-broken-connections.ts).
    driverOptions: { onPoolCreated: releaseBrokenConnections },
  });
}
