import { MikroORM } from '@mikro-orm/postgresql';
import { createTestSchema, type TestSchema } from '@pm/testing';
import { PreparedStatement, serviceOrmConfig } from '../src/index.js';

/** Module-level, as services declare their statements: one instance serving every ORM of the process. */
const labelsBetween = new PreparedStatement<{ label: string; position: number }>(
  'kit-test.labels-between',
  (em) => `select label, position from "${em.config.get('schema')}".label where position between ?::int and ?::int order by position`,
);

const schemas: TestSchema[] = [];
const orms: MikroORM[] = [];

beforeAll(async () => {
  for (const name of ['north', 'south']) {
    const created = await createTestSchema(`kit_prepared_${name}`);
    schemas.push(created);
    const orm = await MikroORM.init(serviceOrmConfig({ databaseUrl: process.env.DATABASE_URL!, schema: created.schema, entities: [], migrations: [] }));
    orms.push(orm);
    await orm.em.getConnection().execute(`create table "${created.schema}".label (position int primary key, label text not null)`);
    await orm.em.getConnection().execute(`insert into "${created.schema}".label values (1, '${name} 1'), (2, '${name} 2'), (3, '${name} 3')`);
  }
});

afterAll(async () => {
  for (const orm of orms) await orm.close(true);
  for (const schema of schemas) await schema.dropSchema();
});

describe('PreparedStatement', () => {
  it('numbers its placeholders and passes the values apart from the text', async () => {
    expect(await labelsBetween.run(orms[0]!, [2, 3])).toEqual([
      { label: 'north 2', position: 2 },
      { label: 'north 3', position: 3 },
    ]);
  });

  it("runs each ORM's own text: one statement shared by ORMs of different schemas reads each one's tables", async () => {
    // Alternating, and more times than the pool has connections, so both texts run prepared on many connections.
    for (let round = 0; round < 12; round++) {
      const [north, south] = await Promise.all(orms.map((orm) => labelsBetween.run(orm, [1, 1])));
      expect([north, south]).toEqual([[{ label: 'north 1', position: 1 }], [{ label: 'south 1', position: 1 }]]);
    }
  });
});
