import { randomUUID } from 'node:crypto';
import {
  ContactChanged,
  CreateContact,
  CreatePropertyLocation,
  DeleteContact,
  GetPropertyLocation,
  ListLocationTenants,
  PartnerAdded,
  PartnerRemoved,
  PartnerRoleChanged,
  PartnerUpdated,
  PropertyLocationCreated,
  envelopeSchemaOf,
  RemovePartner,
  UpdateContact,
  UpdatePartner,
  type EventContract,
} from '@pm/contracts';
import { AccessTablesMigration } from '@pm/access';
import { RpcFailure } from '@pm/messaging';
import { runMigrations, serviceOrmConfig } from '@pm/nest-kit';
import { createTestSchema } from '@pm/testing';
import { PartnerDirectoryBackfillMigration } from '../src/migrations/20261124000010-partner-directory-backfill.migration.js';
import { ContactDirectoryBackfillMigration } from '../src/migrations/20261128000001-contact-directory-backfill.migration.js';
import { portfolioMigrations } from '../src/migrations/index.js';
import { portfolioService } from '../src/service.js';
import { startPortfolio, type PortfolioHarness, type TestUser } from './support/portfolio-harness.js';

import { jest } from '@jest/globals';

jest.setTimeout(120_000);

/**
 * Portfolio is the source of the grant events: each change records its event in the outbox (for the other services)
 * and applies it to portfolio's own grants projection in the same transaction, so the very next request sees it.
 */
let harness: PortfolioHarness;
const call: PortfolioHarness['call'] = (contract, payload, authorization) => harness.call(contract, payload, authorization);
const elm = { address_text: '12 Elm Street, Springfield, IL 62701', type: 'MULTI_UNIT' as const, declared_units_count: 6, is_rental_property: true };

beforeAll(async () => {
  harness = await startPortfolio();
});

afterAll(async () => {
  await harness?.close();
});

/** The data of the events of one contract recorded in portfolio's outbox that mention `id`, oldest first. */
async function recorded(contract: EventContract, id: string): Promise<Record<string, unknown>[]> {
  const rows = await harness.db.query<{ envelope: { data: Record<string, unknown> } }>(
    `select envelope from "${harness.schema}"."outbox" where subject = $1 and envelope::text like $2 order by id`,
    [contract.subject, `%${id}%`],
  );
  return rows.rows.map((row) => row.envelope.data);
}

async function status(promise: Promise<unknown>): Promise<number | 'ok'> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    if (error instanceof RpcFailure) return error.status;
    throw error;
  }
}

async function locationOf(owner: TestUser): Promise<string> {
  return (await call(CreatePropertyLocation, elm, owner.authorization)).id;
}

it('a new location is reachable by the next request and announced with PropertyLocationCreated', async () => {
  const owner = await harness.registeredUser();
  const locationId = await locationOf(owner);
  expect((await call(GetPropertyLocation, { id: locationId }, owner.authorization)).access_role).toBe('OWNER');
  expect(await recorded(PropertyLocationCreated, locationId)).toEqual([expect.objectContaining({ locationId, accountId: owner.userId })]);
});

it('records PartnerAdded, PartnerRoleChanged and PartnerRemoved, each effective on the next request', async () => {
  const owner = await harness.registeredUser();
  const locationId = await locationOf(owner);
  const user = await harness.registeredUser({ email: `p-${randomUUID()}@example.com` });
  const partner = { id: await harness.share(owner, user, 'VENDOR', locationId, 'Vee Viewer') };
  expect(await recorded(PartnerAdded, partner.id)).toEqual([
    expect.objectContaining({ partnerId: partner.id, accountId: owner.userId, locationId, role: 'VENDOR', userId: user.userId }),
  ]);
  expect(await status(call(ListLocationTenants, { locationId }, user.authorization))).toBe(403);

  await call(UpdatePartner, { id: partner.id, full_name: 'Vee Viewer', email: user.email, role: 'MANAGER' }, owner.authorization);
  expect(await recorded(PartnerRoleChanged, partner.id)).toEqual([
    { partnerId: partner.id, accountId: owner.userId, userId: user.userId, role: 'MANAGER', previousRole: 'VENDOR' },
  ]);
  expect(await status(call(ListLocationTenants, { locationId }, user.authorization))).toBe('ok');

  // The same person invited again with another role, and accepting, changes the role too.
  const second = await locationOf(owner);
  await harness.share(owner, user, 'VIEWER', second, 'Vee Viewer');
  expect((await recorded(PartnerRoleChanged, partner.id)).map((data) => data['role'])).toEqual(['MANAGER', 'VIEWER']);
  expect((await call(GetPropertyLocation, { id: locationId }, user.authorization)).access_role).toBe('VIEWER');

  await call(RemovePartner, { id: partner.id, location_id: locationId }, owner.authorization);
  expect(await recorded(PartnerRemoved, partner.id)).toEqual([{ partnerId: partner.id, accountId: owner.userId, locationId, userId: user.userId }]);
  expect(await status(call(GetPropertyLocation, { id: locationId }, user.authorization))).toBe(404);
  expect(await status(call(GetPropertyLocation, { id: second }, user.authorization))).toBe('ok');

  await call(RemovePartner, { id: partner.id }, owner.authorization);
  expect((await recorded(PartnerRemoved, partner.id)).map((data) => data['locationId'])).toEqual([locationId, second]);
  expect(await status(call(GetPropertyLocation, { id: second }, user.authorization))).toBe(404);
});

it('records the partner\'s whole state (PartnerUpdated) on accepting, every update and every removal, for the contexts that keep a partner directory', async () => {
  const owner = await harness.registeredUser();
  const [locationId, second] = [await locationOf(owner), await locationOf(owner)];
  const user = await harness.registeredUser({ email: `e-${randomUUID()}@example.com` });
  const partnerId = await harness.share(owner, user, 'MANAGER', locationId, 'Rosa Delgado');
  const state = { partnerId, accountId: owner.userId, userId: user.userId, fullName: 'Rosa Delgado', email: user.email, phone: '+15551234567', role: 'MANAGER' };
  expect(await recorded(PartnerUpdated, partnerId)).toEqual([{ ...state, isEmergencyContact: false, locationIds: [locationId] }]);

  await call(UpdatePartner, { id: partnerId, full_name: 'Rosa M. Delgado', email: user.email, phone: '(217) 555-0188', role: 'MANAGER', is_emergency_contact: true }, owner.authorization);
  const flagged = { ...state, fullName: 'Rosa M. Delgado', phone: '+12175550188', isEmergencyContact: true };
  expect((await recorded(PartnerUpdated, partnerId)).at(-1)).toEqual({ ...flagged, locationIds: [locationId] });

  await harness.share(owner, user, 'MANAGER', second, 'Rosa Delgado');
  expect((await recorded(PartnerUpdated, partnerId)).at(-1)).toEqual({ ...flagged, locationIds: [locationId, second].sort() });

  // A phone that is no US number is not one an SMS can go to: announced as none.
  await call(UpdatePartner, { id: partnerId, full_name: 'Rosa M. Delgado', email: user.email, phone: 'ext. 12', role: 'MANAGER' }, owner.authorization);
  expect((await recorded(PartnerUpdated, partnerId)).at(-1)).toMatchObject({ phone: null, isEmergencyContact: true });

  await call(RemovePartner, { id: partnerId, location_id: locationId }, owner.authorization);
  expect((await recorded(PartnerUpdated, partnerId)).at(-1)).toMatchObject({ locationIds: [second] });
  await call(RemovePartner, { id: partnerId }, owner.authorization);
  const all = await recorded(PartnerUpdated, partnerId);
  expect(all.at(-1)).toMatchObject({ partnerId, locationIds: [] });
  expect(all).toHaveLength(6);
});

it("records a contact's whole state (ContactChanged) on create, update and each deletion, its valid addresses only", async () => {
  const owner = await harness.registeredUser();
  const [first, second] = [await locationOf(owner), await locationOf(owner)];
  const details = [
    { type: 'email' as const, value: ' Sam@RiveraPlumbing.example ' },
    { type: 'email' as const, value: 'sam@riveraplumbing.example' },
    { type: 'email' as const, value: 'not an address' },
    { type: 'phone' as const, value: '5551234567' },
  ];
  const sam = await call(CreateContact, { location_id: first, name: 'Sam Rivera', role: 'plumber', details, location_ids: [first, second] }, owner.authorization);
  const state = { contactId: sam.id, accountId: owner.userId, name: 'Sam Rivera', role: 'PLUMBER', emails: ['sam@riveraplumbing.example'] };
  expect(await recorded(ContactChanged, sam.id)).toEqual([{ ...state, locationIds: [first, second].sort() }]);

  await call(UpdateContact, { id: sam.id, location_id: first, name: 'Sam R.', details: [{ type: 'email', value: 'office@rivera.example' }], location_ids: [first] }, owner.authorization);
  expect((await recorded(ContactChanged, sam.id)).at(-1)).toEqual({ ...state, name: 'Sam R.', emails: ['office@rivera.example'], locationIds: [first] });

  await call(DeleteContact, { id: sam.id, location_id: first }, owner.authorization);
  const all = await recorded(ContactChanged, sam.id);
  expect(all.at(-1)).toMatchObject({ contactId: sam.id, locationIds: [] });
  expect(all).toHaveLength(3);
});

it('the contact directory backfill announces every contact once, with a valid envelope', async () => {
  const { schema, dropSchema } = await createTestSchema('portfolio_contact_directory');
  try {
    const definition = portfolioService();
    const orm = (migrations: typeof portfolioMigrations) =>
      serviceOrmConfig({ databaseUrl: process.env.DATABASE_URL!, schema, entities: definition.entities, migrations });
    await runMigrations(orm(portfolioMigrations.slice(0, portfolioMigrations.indexOf(ContactDirectoryBackfillMigration))));
    await harness.db.query(`delete from "${schema}".outbox`);
    const [a, b, sam] = [randomUUID(), randomUUID(), randomUUID()];
    await harness.db.query(
      `insert into "${schema}".property_location (id, account_id, owner_user_id, name, address_text, is_rental_property, metadata, created_at, updated_at)
       values ($1, 'usr_owner', 'usr_owner', 'A', '1 A St', true, '{}', now(), now()), ($2, 'usr_owner', 'usr_owner', 'B', '2 B St', true, '{}', now(), now())`,
      [a, b],
    );
    const details = [
      { type: 'email', label: 'Office', value: 'Office@Rivera.example' },
      { type: 'email', label: null, value: 'office@rivera.example' },
      { type: 'email', label: null, value: 'call me' },
      { type: 'phone', label: null, value: '5551234567' },
    ];
    await harness.db.query(
      `insert into "${schema}".contact (id, account_id, name, role, details, created_at, updated_at) values ($1, 'usr_owner', 'Sam Rivera', 'PLUMBER', $2::jsonb, now(), now())`,
      [sam, JSON.stringify(details)],
    );
    await harness.db.query(`insert into "${schema}".contact_location (contact_id, location_id) values ($1, $2), ($1, $3)`, [sam, a, b]);

    await runMigrations(orm(portfolioMigrations));
    const rows = (await harness.db.query<{ envelope: unknown }>(`select envelope from "${schema}".outbox where subject = $1`, [ContactChanged.subject])).rows;
    expect(rows.map((row) => envelopeSchemaOf(ContactChanged).parse(row.envelope).data)).toEqual([
      { contactId: sam, accountId: 'usr_owner', name: 'Sam Rivera', role: 'PLUMBER', emails: ['office@rivera.example'], locationIds: [a, b].sort() },
    ]);
  } finally {
    await dropSchema();
  }
});

it('the partner directory backfill announces every partner\'s whole state once, with a valid envelope', async () => {
  const { schema, dropSchema } = await createTestSchema('portfolio_partner_directory');
  try {
    const definition = portfolioService();
    const orm = (migrations: typeof portfolioMigrations) =>
      serviceOrmConfig({ databaseUrl: process.env.DATABASE_URL!, schema, entities: definition.entities, migrations });
    await runMigrations(orm(portfolioMigrations.slice(0, portfolioMigrations.indexOf(PartnerDirectoryBackfillMigration))));
    await harness.db.query(`delete from "${schema}".outbox`);
    const [a, b, flagged, plain] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await harness.db.query(
      `insert into "${schema}".property_location (id, account_id, owner_user_id, name, address_text, is_rental_property, metadata, created_at, updated_at)
       values ($1, 'usr_owner', 'usr_owner', 'A', '1 A St', true, '{}', now(), now()), ($2, 'usr_owner', 'usr_owner', 'B', '2 B St', true, '{}', now(), now())`,
      [a, b],
    );
    await harness.db.query(
      `insert into "${schema}".partner (id, account_id, user_id, full_name, email, phone, role, is_emergency_contact, created_at, updated_at)
       values ($1, 'usr_owner', 'usr_rosa', 'Rosa Delgado', 'rosa@example.net', '(217) 555-0188', 'MANAGER', true, now(), now()),
              ($2, 'usr_owner', null, 'Pat Plain', 'pat@example.net', '12', 'VENDOR', false, now(), now())`,
      [flagged, plain],
    );
    await harness.db.query(`insert into "${schema}".partner_location (partner_id, location_id) values ($1, $2), ($1, $3), ($4, $2)`, [flagged, a, b, plain]);

    await runMigrations(orm(portfolioMigrations));
    const rows = (await harness.db.query<{ envelope: unknown }>(`select envelope from "${schema}".outbox where subject = $1 order by envelope->'data'->>'fullName'`, [PartnerUpdated.subject])).rows;
    const data = rows.map((row) => envelopeSchemaOf(PartnerUpdated).parse(row.envelope).data);
    expect(data).toEqual([
      { partnerId: plain, accountId: 'usr_owner', userId: null, fullName: 'Pat Plain', email: 'pat@example.net', phone: null, role: 'VENDOR', isEmergencyContact: false, locationIds: [a] },
      { partnerId: flagged, accountId: 'usr_owner', userId: 'usr_rosa', fullName: 'Rosa Delgado', email: 'rosa@example.net', phone: '+12175550188', role: 'MANAGER', isEmergencyContact: true, locationIds: [a, b].sort() },
    ]);
  } finally {
    await dropSchema();
  }
});

it('the data migration fills the projection from the locations and partners that exist before it', async () => {
  const { schema, dropSchema } = await createTestSchema('portfolio_backfill');
  try {
    const definition = portfolioService();
    const before = portfolioMigrations.slice(0, portfolioMigrations.indexOf(AccessTablesMigration));
    const orm = (migrations: typeof portfolioMigrations) =>
      serviceOrmConfig({ databaseUrl: process.env.DATABASE_URL!, schema, entities: definition.entities, migrations });
    await runMigrations(orm(before));
    const [location, shared, partner] = [randomUUID(), randomUUID(), randomUUID()];
    await harness.db.query(
      `insert into "${schema}".property_location (id, account_id, owner_user_id, name, address_text, is_rental_property, metadata, created_at, updated_at)
       values ($1, 'usr_owner', 'usr_owner', 'A', '1 A St', true, '{}', now(), now()), ($2, 'usr_owner', 'usr_owner', 'B', '2 B St', true, '{}', now(), now())`,
      [location, shared],
    );
    await harness.db.query(
      `insert into "${schema}".partner (id, account_id, user_id, full_name, email, role, is_emergency_contact, created_at, updated_at)
       values ($1, 'usr_owner', 'usr_partner', 'P', 'p@example.com', 'MEMBER', false, now(), now())`,
      [partner],
    );
    await harness.db.query(`insert into "${schema}".partner_location (partner_id, location_id) values ($1, $2)`, [partner, shared]);

    await runMigrations(orm(portfolioMigrations));
    const locations = await harness.db.query(`select location_id, account_id from "${schema}".access_location order by location_id`);
    expect(locations.rows).toEqual([location, shared].sort().map((id) => ({ location_id: id, account_id: 'usr_owner' })));
    const partners = await harness.db.query(
      `select p.user_id, p.role, pl.location_id, pl.granted from "${schema}".access_partner p join "${schema}".access_partner_location pl using (partner_id)`,
    );
    expect(partners.rows).toEqual([{ user_id: 'usr_partner', role: 'MEMBER', location_id: shared, granted: true }]);
  } finally {
    await dropSchema();
  }
});
