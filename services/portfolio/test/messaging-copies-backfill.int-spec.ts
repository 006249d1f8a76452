import { randomUUID } from 'node:crypto';
import {
  envelopeSchemaOf,
  LocationEmailAddressGenerated,
  LocationPhoneNumberAssigned,
  PartnerAdded,
  PropertyLocationCreated,
  TenantUpdated,
  tenantEmails,
  tenantPhoneNumbers,
  type TenantContact,
} from '@pm/contracts';
import { runMigrations, serviceOrmConfig } from '@pm/nest-kit';
import { createTestSchema } from '@pm/testing';
import pg from 'pg';
import { MessagingCopiesBackfillMigration } from '../src/migrations/20261124000005-messaging-copies-backfill.migration.js';
import { portfolioMigrations } from '../src/migrations/index.js';
import { portfolioService } from '../src/service.js';

/**
 * The data migration that lets messaging decide access and route by the grants, numbers, addresses and tenants that
 * existed before it: every one is announced once through the outbox with an envelope its contract parses, carrying
 * the current state.
 */
let db: pg.Client;

beforeAll(async () => {
  db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
});

afterAll(async () => {
  await db?.end();
});

it('announces every location grant, assigned number, generated e-mail address and tenant that exists before it, with valid envelopes', async () => {
  const { schema, dropSchema } = await createTestSchema('portfolio_messaging_backfill');
  try {
    const definition = portfolioService();
    const orm = (migrations: typeof portfolioMigrations) =>
      serviceOrmConfig({ databaseUrl: process.env.DATABASE_URL!, schema, entities: definition.entities, migrations });
    await runMigrations(orm(portfolioMigrations.slice(0, portfolioMigrations.indexOf(MessagingCopiesBackfillMigration))));

    const [withChannels, withoutChannels, building, unit, current, past] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const q = (sql: string, params: unknown[]) => db.query(sql, params);
    for (const [id, email] of [[withChannels, '12.elm.street@mail.pm.local'], [withoutChannels, null]] as const) {
      await q(
        `insert into "${schema}".property_location (id, account_id, owner_user_id, name, address_text, is_rental_property, email, metadata, created_at, updated_at)
         values ($1, 'usr_account', 'usr_owner', '12 Elm Street', '12 Elm Street, Springfield, IL 62701', true, $2, '{}', now(), now())`,
        [id, email],
      );
    }
    const [partner, pending] = [randomUUID(), randomUUID()];
    await q(`insert into "${schema}".partner (id, account_id, user_id, full_name, email, role, created_at, updated_at)
             values ($1, 'usr_account', 'usr_rosa', 'Rosa Delgado', 'rosa@example.net', 'MANAGER', now(), now()),
                    ($2, 'usr_account', null, 'Pat Pending', 'pat@example.net', 'VIEWER', now(), now())`, [partner, pending]);
    await q(`insert into "${schema}".partner_location (partner_id, location_id) values ($1, $2), ($1, $3)`, [partner, withChannels, withoutChannels]);
    await q(`insert into "${schema}".location_phone_number (location_id, account_id, phone_number, provider, provider_number_id, assigned_at)
             values ($1, 'usr_account', '+12175550101', 'sandbox', 'PN1', now())`, [withChannels]);
    await q(`insert into "${schema}".building (id, account_id, property_location_id, name, address_text, created_at, updated_at)
             values ($1, 'usr_account', $2, 'Building A', '12 Elm Street', now(), now())`, [building, withChannels]);
    await q(`insert into "${schema}".unit (id, account_id, property_location_id, building_id, name, created_at, updated_at)
             values ($1, 'usr_account', $2, $3, 'Unit 1', now(), now())`, [unit, withChannels, building]);
    // Phones as the tenant dialogs store them (10 digits), with a repeat, an e-mail and a value that is no phone.
    const contacts: TenantContact[] = [
      { type: 'email', value: 'Maria@Example.com' },
      { type: 'email', value: 'maria@example.com' },
      { type: 'email', value: 'not an address' },
      { type: 'phone', value: '5551230002' },
      { type: 'phone', value: '5551230001' },
      { type: 'phone', value: '5551230002' },
      { type: 'phone', value: '555-0000' },
    ];
    const tenant = (id: string, name: string, tenantContacts: TenantContact[], archived: boolean, updatedAt: string) =>
      q(
        `insert into "${schema}".tenant (id, account_id, property_location_id, building_id, unit_id, full_name, contacts, is_archived, created_at, updated_at)
         values ($1, 'usr_account', $2, $3, $4, $5, $6::jsonb, $7, now(), $8)`,
        [id, withChannels, building, unit, name, JSON.stringify(tenantContacts), archived, updatedAt],
      );
    await tenant(current, 'Maria Lopez', contacts, false, '2026-11-20T08:30:00Z');
    await tenant(past, 'Ann Lee', [], true, '2026-11-21T09:00:00Z');

    // Up to this migration only: later backfills announce other facts, each tested beside its own migration.
    await runMigrations(orm(portfolioMigrations.slice(0, portfolioMigrations.indexOf(MessagingCopiesBackfillMigration) + 1)));

    const rows = (await db.query<{ subject: string; envelope: unknown; published_at: Date | null }>(
      `select subject, envelope, published_at from "${schema}".outbox
        order by subject, envelope->'data'->>'fullName', envelope->'data'->>'locationId' = $1`,
      [withChannels],
    )).rows;
    expect(rows.map((row) => [row.subject, row.published_at])).toEqual([
      [LocationEmailAddressGenerated.subject, null],
      [LocationPhoneNumberAssigned.subject, null],
      [PartnerAdded.subject, null],
      [PartnerAdded.subject, null],
      [PropertyLocationCreated.subject, null],
      [PropertyLocationCreated.subject, null],
      [TenantUpdated.subject, null],
      [TenantUpdated.subject, null],
    ]);
    const data = <C extends Parameters<typeof envelopeSchemaOf>[0]>(contract: C, index: number) => envelopeSchemaOf(contract).parse(rows[index]!.envelope).data;
    const scope = { locationId: withChannels, accountId: 'usr_account', ownerUserId: 'usr_owner' };
    expect(data(LocationEmailAddressGenerated, 0)).toEqual({ ...scope, email: '12.elm.street@mail.pm.local' });
    expect(data(LocationPhoneNumberAssigned, 1)).toEqual({ ...scope, phoneNumber: '+12175550101', provider: 'sandbox' });
    // Grants: each location with its owner, each accepted partner on each of their locations; no pending invitation.
    const grant = { partnerId: partner, accountId: 'usr_account', email: 'rosa@example.net', role: 'MANAGER', userId: 'usr_rosa' };
    expect([data(PartnerAdded, 2), data(PartnerAdded, 3)]).toEqual([{ ...grant, locationId: withoutChannels }, { ...grant, locationId: withChannels }]);
    const location = { accountId: 'usr_account', ownerUserId: 'usr_owner', name: '12 Elm Street', addressText: '12 Elm Street, Springfield, IL 62701', type: null, declaredUnitsCount: null, isRentalProperty: true };
    expect([data(PropertyLocationCreated, 4), data(PropertyLocationCreated, 5)]).toEqual([{ ...location, locationId: withoutChannels }, { ...location, locationId: withChannels }]);
    const tenantScope = { ...scope, unitId: unit, buildingId: building };
    expect(envelopeSchemaOf(TenantUpdated).parse(rows[6]!.envelope).data).toEqual({
      ...tenantScope, tenantId: past, fullName: 'Ann Lee', phoneNumbers: [], emails: [], archived: true, changedAt: '2026-11-21T09:00:00.000Z',
    });
    const maria = envelopeSchemaOf(TenantUpdated).parse(rows[7]!.envelope);
    // Exactly the phones the live tenant events carry for the same contacts.
    expect(maria.data).toEqual({
      ...tenantScope, tenantId: current, fullName: 'Maria Lopez', phoneNumbers: tenantPhoneNumbers(contacts), emails: tenantEmails(contacts), archived: false, changedAt: '2026-11-20T08:30:00.000Z',
    });
    expect(maria.data).toMatchObject({ phoneNumbers: ['+15551230002', '+15551230001'], emails: ['maria@example.com'] });
    // Time-ordered ids, as later events' ids: a copy keeps whichever of the tenant's events is newest.
    expect(maria.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  } finally {
    await dropSchema();
  }
});
