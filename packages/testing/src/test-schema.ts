import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { testEnv } from './test-env.js';

export interface TestSchema {
  schema: string;
  dropSchema(): Promise<void>;
}

const maxIdentifierLength = 63;

/**
 * A fresh PostgreSQL schema for one test file, so files run in parallel against one database without seeing each
 * other's rows. The random suffix keeps reruns and parallel workers apart.
 */
export async function createTestSchema(prefix: string, databaseUrl?: string): Promise<TestSchema> {
  const suffix = randomBytes(5).toString('hex');
  const cleaned = prefix.toLowerCase().replace(/[^a-z0-9_]+/g, '_').replace(/^[^a-z_]+/, '') || 'test';
  const schema = `${cleaned.slice(0, maxIdentifierLength - suffix.length - 1)}_${suffix}`;
  // Another database than the stack's: a test's own cluster (PrivatePostgres).
  const DATABASE_URL = databaseUrl ?? testEnv().DATABASE_URL;
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    await client.query(`create schema ${client.escapeIdentifier(schema)}`);
  } finally {
    await client.end();
  }
  return {
    schema,
    async dropSchema() {
      const dropper = new pg.Client({ connectionString: DATABASE_URL });
      await dropper.connect();
      try {
        await dropper.query(`drop schema if exists ${dropper.escapeIdentifier(schema)} cascade`);
      } finally {
        await dropper.end();
      }
    },
  };
}
