import type { Pool, PoolClient } from 'pg';

/**
 * Gives a pooled connection back to the pool when it breaks while checked out (PostgreSQL restarted or crashed, the
 * network cut). Kysely 0.29, MikroORM's driver, gives a transaction's connection back only when its begin, commit or
 * rollback succeeds (kysely-org/kysely#1990, open): on a dead connection none can, so each transaction under way when
 * the database went down kept its pool slot for good, and after ten of them every request of the service waited for a
 * connection for ever, the database long back (the payments fault tests found it: pg_ctl stop -m immediate during a
 * burst of webhooks). Given back with its error, the pool drops the connection and opens a new one when asked; the
 * release its holder may still make afterwards is then a no-op, not pg-pool's double-release error.
 */
export function releaseBrokenConnections(pool: Pool): void {
  const checkedOut = new Set<PoolClient>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_error, client) => checkedOut.delete(client));
  pool.on('remove', (client) => checkedOut.delete(client as PoolClient));
  pool.on('connect', (client) => {
    // pg emits 'error' once, when the connection ends without being asked to, after failing the queries in flight.
    client.on('error', (error) => {
      if (!checkedOut.has(client)) return;
      const release = client.release.bind(client);
      client.release = () => undefined;
      release(error);
    });
  });
}
