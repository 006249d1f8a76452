import { randomUUID } from 'node:crypto';
import { BuildingEmailSettingsHandedOver, envelopeSchemaOf } from '@pm/contracts';
import { runMigrations, serviceOrmConfig } from '@pm/nest-kit';
import { createTestSchema } from '@pm/testing';
import pg from 'pg';
import { EmailSettingsHandOverMigration } from '../src/migrations/20261124000100-email-settings-hand-over.migration.js';
import { portfolioMigrations } from '../src/migrations/index.js';
import { portfolioService } from '../src/service.js';

/**
 * E-mail templates and signatures move to messaging: the migration pair announces every building once with its
 * location, signature and own templates (an envelope its contract parses), then drops portfolio's copy. Messaging's
 * side (taking the hand-over without overwriting its own edits) is tested in messaging's `email-templates.int-spec.ts`.
 */
let db: pg.Client;

beforeAll(async () => {
  db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
});

afterAll(async () => {
  await db?.end();
});

it('announces every building with its signature and templates, then drops them from portfolio', async () => {
  const { schema, dropSchema } = await createTestSchema('portfolio_email_hand_over');
  try {
    const definition = portfolioService();
    const orm = (migrations: typeof portfolioMigrations) =>
      serviceOrmConfig({ databaseUrl: process.env.DATABASE_URL!, schema, entities: definition.entities, migrations });
    await runMigrations(orm(portfolioMigrations.slice(0, portfolioMigrations.indexOf(EmailSettingsHandOverMigration))));

    const [location, signed, plain] = [randomUUID(), randomUUID(), randomUUID()];
    const q = (sql: string, params: unknown[]) => db.query(sql, params);
    await q(
      `insert into "${schema}".property_location (id, account_id, owner_user_id, name, address_text, is_rental_property, metadata, created_at, updated_at)
       values ($1, 'usr_account', 'usr_owner', 'Harbor View', '1 Harbor Way, Boston, MA 02110', true, '{}', now(), now())`,
      [location],
    );
    await q(
      `insert into "${schema}".building (id, account_id, property_location_id, name, address_text, signature, created_at, updated_at)
       values ($1, 'usr_account', $3, 'Tower A', '1 Harbor Way', 'The Harbor View team\n(617) 555-0100', now(), now()),
              ($2, 'usr_account', $3, 'Tower B', '3 Harbor Way', null, now() + interval '1 second', now())`,
      [signed, plain, location],
    );
    await q(
      `insert into "${schema}".email_template (id, account_id, building_id, slug, name, subject, body, created_at, updated_at)
       values ($1, 'usr_account', $2, 'lease-renewal', 'Lease renewal', 'Renew by {{lease_end}}', 'Dear {{tenant_name}}', '2026-11-01T10:00:00Z', '2026-11-02T11:00:00Z')`,
      [randomUUID(), signed],
    );

    await runMigrations(orm(portfolioMigrations));

    const { rows } = await q(`select subject, envelope from "${schema}".outbox where subject = $1 order by id`, [BuildingEmailSettingsHandedOver.subject]);
    const events = rows.map((r: { envelope: unknown }) => envelopeSchemaOf(BuildingEmailSettingsHandedOver).parse(r.envelope));
    // One event per building; their order is not promised (ids made in the same millisecond order at random).
    expect(events).toHaveLength(2);
    expect(events.map((e) => e.data)).toEqual(expect.arrayContaining([
      {
        buildingId: signed,
        locationId: location,
        accountId: 'usr_account',
        ownerUserId: 'usr_owner',
        signature: 'The Harbor View team\n(617) 555-0100',
        templates: [{ slug: 'lease-renewal', name: 'Lease renewal', subject: 'Renew by {{lease_end}}', body: 'Dear {{tenant_name}}', createdAt: '2026-11-01T10:00:00.000Z', updatedAt: '2026-11-02T11:00:00.000Z' }],
      },
      { buildingId: plain, locationId: location, accountId: 'usr_account', ownerUserId: 'usr_owner', signature: null, templates: [] },
    ]));
    expect(events.every((e) => e.type === 'portfolio.building.email-settings-handed-over' && e.actor.kind === 'system')).toBe(true);

    const table = await q(`select to_regclass($1) as t`, [`"${schema}".email_template`]);
    expect(table.rows[0].t).toBeNull();
    const column = await q(`select 1 from information_schema.columns where table_schema = $1 and table_name = 'building' and column_name = 'signature'`, [schema]);
    expect(column.rows).toHaveLength(0);
  } finally {
    await dropSchema();
  }
});
