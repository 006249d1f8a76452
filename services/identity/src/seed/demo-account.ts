import { hashPassword } from 'better-auth/crypto';
import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';

export const DEMO_EMAIL = 'demo@pm.local';

/**
 * The local demo account (verified, property manager), created once by the migrate step when the orchestrator hands
 * it the password it generated and keeps in the cache's secrets. Never run in production (no password is given).
 */
export async function ensureDemoAccount(databaseUrl: string, schema: string, password: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl, options: `-c search_path="${schema}"` });
  await client.connect();
  try {
    await client.query('begin');
    const existing = await client.query(`select 1 from users where lower(email) = $1`, [DEMO_EMAIL]);
    if (existing.rowCount) {
      await client.query('rollback');
      return false;
    }
    const id = uuidv7();
    await client.query(
      `insert into users (id, name, email, email_verified, is_anonymous, account_type, campaign, has_accepted_terms)
       values ($1, 'Demo Manager', $2, true, false, 'property_manager', 'property_owner', true)`,
      [id, DEMO_EMAIL],
    );
    await client.query(`insert into accounts (id, account_id, provider_id, user_id, password) values ($1, $2, 'credential', $2, $3)`, [
      uuidv7(),
      id,
      await hashPassword(password),
    ]);
    await client.query('commit');
    return true;
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    await client.end();
  }
}
