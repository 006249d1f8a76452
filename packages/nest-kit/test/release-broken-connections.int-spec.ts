import { MikroORM } from '@mikro-orm/postgresql';
import { createTestSchema, type TestSchema } from '@pm/testing';
import pg from 'pg';
import { serviceOrmConfig } from '../src/index.js';

/*
 * Connections that die under transactions (the server restarted, an administrator's pg_terminate_backend) must not keep
 * their pool slots: with Kysely's own handling every one of them did (kysely-org/kysely#1990), and once all ten of the
 * pool's were lost the ORM waited for a connection for ever.
 */
let schema: TestSchema;
let orm: MikroORM;

beforeAll(async () => {
  schema = await createTestSchema('kit_broken_connections');
  orm = await MikroORM.init(serviceOrmConfig({ databaseUrl: process.env.DATABASE_URL!, schema: schema.schema, entities: [], migrations: [] }));
});

afterAll(async () => {
  await orm?.close(true);
  await schema?.dropSchema();
});

it('gives back the pool slot of every connection killed in the middle of a transaction', async () => {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    // More transactions than the pool has connections (10), each holding its connection in a long statement.
    const marker = `kit-broken-${schema.schema}`;
    const transactions = Array.from({ length: 12 }, () =>
      orm.em.fork().transactional(async (em) => {
        await em.getConnection().execute(`select pg_sleep(30), '${marker}'`, [], 'all', em.getTransactionContext());
      }),
    );
    const outcomes = Promise.allSettled(transactions);
    for (const deadline = Date.now() + 10_000; ; ) {
      const { rows } = await admin.query<{ n: string }>(`select count(*) as n from pg_stat_activity where query like $1 and pid <> pg_backend_pid()`, [`%${marker}%`]);
      if (Number(rows[0]!.n) >= 10) break;
      if (Date.now() > deadline) throw new Error('the transactions never all started');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Killed, and killed again as the two that waited for a connection get one of the dead ones' slots: all end.
    let settled = false;
    void outcomes.finally(() => (settled = true));
    for (const deadline = Date.now() + 15_000; !settled && Date.now() < deadline; ) {
      await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where query like $1 and pid <> pg_backend_pid()`, [`%${marker}%`]);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(settled).toBe(true);
    expect((await outcomes).every((outcome) => outcome.status === 'rejected')).toBe(true);

    // Ten fresh transactions at once, each needing a slot of its own: every slot is back.
    const answers = await Promise.race([
      Promise.all(Array.from({ length: 10 }, () => orm.em.fork().transactional((em) => em.getConnection().execute('select 1 as one', [], 'all', em.getTransactionContext())))),
      new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 10_000)),
    ]);
    expect(answers).not.toBe('hung');
  } finally {
    await admin.end();
  }
}, 60_000);
