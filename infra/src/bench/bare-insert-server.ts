/**
 * The messaging benchmark's floor (a child process of it): a bare `node:http` server that reads a form post, inserts
 * one row into PostgreSQL and answers empty TwiML, which is all a durable acknowledgement needs at the least. Its
 * own process, like messaging, so the load generator does not share its event loop. Told its database over IPC,
 * answers its port.
 */
import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import pg from 'pg';

export interface BareInsertSetup {
  databaseUrl: string;
  /** Connections: the same as messaging's pool, so the floor is not given more of the database. */
  poolSize: number;
}

const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';
/**
 * A named statement, parsed and planned once per connection, as the webhook's own insert is (PreparedStatement of
 * @pm/nest-kit): an unnamed one is parsed and planned on every request, which made this floor slower than the webhook.
 */
const INSERT = 'insert into bench.bare_insert (id, body, received_at) values ($1, $2, now())';

process.once('message', (setup: BareInsertSetup) => {
  void (async () => {
    const db = new pg.Pool({ connectionString: setup.databaseUrl, max: setup.poolSize });
    await db.query('create schema if not exists bench');
    await db.query('create table if not exists bench.bare_insert (id uuid primary key, body text not null, received_at timestamptz not null)');
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        db.query({ name: 'bare_insert', text: INSERT, values: [randomUUID(), body] }).then(
          () => res.writeHead(200, { 'content-type': 'text/xml' }).end(EMPTY_TWIML),
          () => res.writeHead(500).end(),
        );
      });
    });
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
    });
    process.once('disconnect', () => {
      server.close();
      void db.end().finally(() => process.exit(0));
    });
  })();
});
