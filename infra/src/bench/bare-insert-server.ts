/**
 * The messaging and payments benchmarks' floor (a child process of each): a bare `node:http` server that reads a post,
 * inserts one row into PostgreSQL and answers, which is all a durable acknowledgement needs at the least: empty TwiML
 * for messaging's SMS webhook; for Stripe's (`stripeSecret` set) the `Stripe-Signature` checked first as Stripe's
 * library does (HMAC-SHA256 of `<t>.<body>` in constant time, the five-minute tolerance, the body parsed as JSON), a
 * forged one answered 400. Its own process, like the service, so the load generator does not share its event loop.
 * Told its database over IPC, answers its port.
 */
import { createServer } from 'node:http';
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import pg from 'pg';

export interface BareInsertSetup {
  databaseUrl: string;
  /** Connections: the same as the service's pool, so the floor is not given more of the database. */
  poolSize: number;
  /** Stripe's webhook: the endpoint secret every post's signature must hold with. */
  stripeSecret?: string;
}

/** Stripe's check of `Stripe-Signature` (`t=…,v1=…`) over the raw body, as `stripe.webhooks.constructEvent` makes it. */
function stripeSignatureHolds(body: Buffer, header: string | undefined, secret: string): boolean {
  const parts = (header ?? '').split(',').map((part) => part.split('='));
  const t = parts.find(([key]) => key === 't')?.[1];
  if (!t || Math.abs(Date.now() / 1000 - Number(t)) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${t}.`).update(body).digest();
  return parts.some(([key, value]) => key === 'v1' && value !== undefined && value.length === expected.length * 2 && timingSafeEqual(Buffer.from(value, 'hex'), expected));
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
        const raw = Buffer.concat(chunks);
        const stripe = setup.stripeSecret;
        if (stripe !== undefined) {
          const signature = req.headers['stripe-signature'];
          if (!stripeSignatureHolds(raw, typeof signature === 'string' ? signature : undefined, stripe)) return void res.writeHead(400).end();
          try {
            JSON.parse(raw.toString('utf8'));
          } catch {
            return void res.writeHead(400).end();
          }
        }
        db.query({ name: 'bare_insert', text: INSERT, values: [randomUUID(), raw.toString('utf8')] }).then(
          () => (stripe === undefined ? res.writeHead(200, { 'content-type': 'text/xml' }).end(EMPTY_TWIML) : res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}')),
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
