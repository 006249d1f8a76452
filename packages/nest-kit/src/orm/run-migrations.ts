import { MikroORM, type Options } from '@mikro-orm/postgresql';

/**
 * Creates the service schema when missing and applies pending migrations. Run as its own step (`npm start` before
 * the apps, a Kubernetes init container, the test setup), never by every replica at boot.
 */
export async function runMigrations(config: Options): Promise<string[]> {
  const orm = await MikroORM.init(config);
  try {
    await orm.em.getConnection().execute(`create schema if not exists "${config.schema}"`);
    const applied = await orm.migrator.up();
    return applied.map((m) => m.name);
  } finally {
    await orm.close(true);
  }
}
