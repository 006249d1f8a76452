import { jest } from '@jest/globals';
import {
  BuildingCreated,
  CreateBuilding,
  CreatePropertyLocation,
  CreateTenant,
  CreateUnit,
  DeleteTenant,
  GetBuilding,
  GetOnboardingProgress,
  GetTenant,
  GetUnit,
  InviteTenants,
  LeaseRenewalRequested,
  ListBuildingContacts,
  ListBuildings,
  ListExpiringLeases,
  ListLocationTenants,
  ListLocationUnits,
  ListUnits,
  ListUnitTenants,
  RetrieveTenant,
  SendLeaseRenewalEmail,
  SetPrimaryTenant,
  TenantInvitationIssued,
  TenantsInvited,
  UpdateTenant,
  UpdateTenantMetadata,
  type Building,
  type PropertyLocation,
  type Unit,
} from '@pm/contracts';
import { waitFor } from '@pm/testing';
import { failure, startPortfolio, type PortfolioHarness, type TestUser } from './support/portfolio-harness.js';

jest.setTimeout(60_000);

let harness: PortfolioHarness;
const call: PortfolioHarness['call'] = (contract, payload, authorization) => harness.call(contract, payload, authorization);

const elm = { address_text: '12 Elm Street, Springfield, IL 62701', type: 'MULTI_UNIT' as const, declared_units_count: 6, is_rental_property: true };
const uuid = /^[0-9a-f-]{36}$/;

beforeAll(async () => {
  harness = await startPortfolio({ PUBLIC_WEB_URL: 'http://web.test:3000/' });
});

afterAll(async () => {
  await harness?.close();
});

interface Place {
  user: TestUser;
  location: PropertyLocation;
  building: Building;
  unit: Unit;
}

/** A manager with a location, a building and a unit. */
async function place(): Promise<Place> {
  const user = await harness.registeredUser();
  const location = await call(CreatePropertyLocation, elm, user.authorization);
  const building = await call(CreateBuilding, { name: 'Building A', property_location_id: location.id, address_text: '12 Elm Street' }, user.authorization);
  const unit = await call(CreateUnit, { name: 'Unit 1A', building_id: building.id }, user.authorization);
  return { user, location, building, unit };
}

function addTenant(p: Place, fullName: string, email?: string) {
  return call(
    CreateTenant,
    { full_name: fullName, unit_id: p.unit.id, location_id: p.location.id, contacts: email ? [{ type: 'email', value: email }] : [] },
    p.user.authorization,
  );
}

const uniqueEmail = (name: string) => `${name}.${Math.random().toString(36).slice(2, 10)}@example.com`;

function utcDayPlus(days: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

describe('buildings', () => {
  it('creates, lists (oldest first) and gets buildings with their units count', async () => {
    const user = await harness.registeredUser();
    const location = await call(CreatePropertyLocation, elm, user.authorization);
    const a = await call(CreateBuilding, { name: ' Building A ', property_location_id: location.id, address_text: '12 Elm Street' }, user.authorization);
    expect(a).toMatchObject({ name: 'Building A', property_location_id: location.id, address_text: '12 Elm Street', units_count: 0 });
    expect(a.id).toMatch(uuid);
    const b = await call(CreateBuilding, { name: 'Building B', property_location_id: location.id, address_text: '14 Elm Street' }, user.authorization);
    await call(CreateUnit, { name: 'Unit 1', building_id: a.id }, user.authorization);
    await call(CreateUnit, { name: 'Unit 2', building_id: a.id }, user.authorization);
    expect((await call(ListBuildings, { location_id: location.id }, user.authorization)).map((x) => [x.id, x.units_count])).toEqual([
      [a.id, 2],
      [b.id, 0],
    ]);
    expect(await call(GetBuilding, { id: a.id }, user.authorization)).toEqual({ ...a, units_count: 2 });
    expect((await failure(call(ListBuildings, { location_id: '01936f6e-0000-7000-8000-000000000000' }, user.authorization))).body).toMatchObject({
      status: 404,
      message: 'Property location not found',
    });
    expect((await failure(call(GetBuilding, { id: 'nope' }, user.authorization))).body).toMatchObject({ status: 404, message: 'Building not found' });
  });

  it.each<[{ name?: string; property_location_id?: string; address_text?: string }, string]>([
    [{ name: '', property_location_id: '', address_text: '' }, 'Building name is required'],
    [{ name: 'A', address_text: '12 Elm' }, 'Property Location is required'],
    [{ name: 'A', property_location_id: 'LOCATION' }, 'Building address is required'],
  ])('refuses %j with the spec message and stores nothing', async (body, message) => {
    const user = await harness.registeredUser();
    const location = await call(CreatePropertyLocation, elm, user.authorization);
    const input = { ...body, ...(body.property_location_id === 'LOCATION' ? { property_location_id: location.id } : {}) };
    expect((await failure(call(CreateBuilding, input, user.authorization))).body).toMatchObject({ status: 400, message });
    expect(await call(ListBuildings, { location_id: location.id }, user.authorization)).toEqual([]);
  });

  it('lists the building\'s contacts', async () => {
    const p = await place();
    const jordan = await call(
      CreateTenant,
      { full_name: 'Jordan', unit_id: p.unit.id, location_id: p.location.id, contacts: [{ type: 'email', value: 'j@example.com' }, { type: 'phone', value: '(555) 123-4567' }] },
      p.user.authorization,
    );
    const archived = await addTenant(p, 'Gone');
    await call(DeleteTenant, { id: archived.id }, p.user.authorization);
    expect(await call(ListBuildingContacts, { id: p.building.id }, p.user.authorization)).toEqual([
      { tenantId: jordan.id, tenantName: 'Jordan', unitId: p.unit.id, unitName: 'Unit 1A', email: 'j@example.com', phone: '5551234567' },
    ]);
  });
});

describe('units', () => {
  it('creates, lists per building and per location, gets, with tenants counts', async () => {
    const p = await place();
    expect(p.unit).toMatchObject({ name: 'Unit 1A', building_id: p.building.id, building_name: 'Building A', property_location_id: p.location.id, tenants_count: 0 });
    const b2 = await call(CreateBuilding, { name: 'Building B', property_location_id: p.location.id, address_text: '14 Elm' }, p.user.authorization);
    const u2 = await call(CreateUnit, { name: 'Unit 2B', building_id: b2.id }, p.user.authorization);
    await addTenant(p, 'Jordan');
    expect((await call(ListUnits, { buildingId: p.building.id }, p.user.authorization)).map((u) => [u.id, u.tenants_count])).toEqual([[p.unit.id, 1]]);
    expect((await call(ListLocationUnits, { locationId: p.location.id }, p.user.authorization)).map((u) => [u.name, u.building_name])).toEqual([
      ['Unit 1A', 'Building A'],
      ['Unit 2B', 'Building B'],
    ]);
    expect(await call(GetUnit, { id: u2.id }, p.user.authorization)).toEqual(u2);
    expect((await failure(call(CreateUnit, { name: ' ', building_id: p.building.id }, p.user.authorization))).body).toMatchObject({
      status: 400,
      message: 'Unit name is required',
    });
    expect((await failure(call(CreateUnit, { name: 'X', building_id: '01936f6e-0000-7000-8000-000000000000' }, p.user.authorization))).body).toMatchObject({
      status: 404,
      message: 'Building not found',
    });
    expect((await failure(call(ListUnits, { buildingId: 'x' }, p.user.authorization))).body).toMatchObject({ status: 404, message: 'Building not found' });
    expect((await failure(call(GetUnit, { id: 'x' }, p.user.authorization))).body).toMatchObject({ status: 404, message: 'Unit not found' });
    expect(await call(ListUnits, { buildingId: p.building.id }, p.user.authorization)).toHaveLength(1);
  });
});

describe('tenants', () => {
  it('creates with cleaned contacts, gets, lists, updates', async () => {
    const p = await place();
    const created = await call(
      CreateTenant,
      {
        full_name: ' Jordan Lee ',
        unit_id: p.unit.id,
        location_id: p.location.id,
        contacts: [
          { type: 'email', value: 'jordan@example.com' },
          { type: 'phone', value: '' },
          { type: 'phone', value: '+1 (555) 123-4567' },
        ],
      },
      p.user.authorization,
    );
    expect(created).toMatchObject({
      full_name: 'Jordan Lee',
      contacts: [
        { type: 'email', value: 'jordan@example.com' },
        { type: 'phone', value: '5551234567' },
      ],
      unit_id: p.unit.id,
      user_id: null,
      is_archived: false,
      is_deleted: false,
      is_primary: false,
      archived_at: null,
      metadata: { lease_start: null, lease_end: null, rent_amount_cents: null },
      onboarding_email_sent_at: null,
      unit: { id: p.unit.id, name: 'Unit 1A' },
      tenantId: created.id,
      tenantName: 'Jordan Lee',
      unitName: 'Unit 1A',
      buildingId: p.building.id,
      buildingName: 'Building A',
      property_location_id: p.location.id,
    });
    expect(await call(GetTenant, { id: created.id }, p.user.authorization)).toEqual(created);
    expect((await call(ListUnitTenants, { unit_id: p.unit.id }, p.user.authorization)).items).toEqual([created]);
    expect((await call(ListLocationTenants, { locationId: p.location.id }, p.user.authorization)).items).toEqual([created]);

    const updated = await call(UpdateTenant, { id: created.id, full_name: 'Jordan A. Lee', contacts: [{ type: 'phone', value: '555-987-6543' }] }, p.user.authorization);
    expect(updated).toMatchObject({ full_name: 'Jordan A. Lee', tenantName: 'Jordan A. Lee', contacts: [{ type: 'phone', value: '5559876543' }] });
    expect(await call(GetTenant, { id: created.id }, p.user.authorization)).toEqual(updated);
  });

  it.each([
    [{ full_name: ' ' }, 'Full name is required'],
    [{ full_name: 'J', contacts: [{ type: 'email' as const, value: 'jordan@example' }] }, 'Invalid email address'],
    [{ full_name: 'J', contacts: [{ type: 'phone' as const, value: '555-1234' }] }, 'Phone number must be in format (999) 999-9999'],
  ])('refuses %j on create and on update, storing nothing', async (body, message) => {
    const p = await place();
    const refused = await failure(call(CreateTenant, { ...body, unit_id: p.unit.id, location_id: p.location.id }, p.user.authorization));
    expect(refused.body).toMatchObject({ status: 400, message });
    expect((await call(ListUnitTenants, { unit_id: p.unit.id }, p.user.authorization)).items).toEqual([]);
    const jordan = await addTenant(p, 'Jordan');
    expect((await failure(call(UpdateTenant, { id: jordan.id, ...body }, p.user.authorization))).body).toMatchObject({ status: 400, message });
    expect(await call(GetTenant, { id: jordan.id }, p.user.authorization)).toEqual(jordan);
  });

  it('wants the unit to belong to location_id', async () => {
    const p = await place();
    const other = await call(CreatePropertyLocation, { ...elm, address_text: '1 Main St, Boston, MA 02134' }, p.user.authorization);
    const refused = await failure(call(CreateTenant, { full_name: 'J', unit_id: p.unit.id, location_id: other.id }, p.user.authorization));
    expect(refused.body).toMatchObject({ status: 404, message: 'Unit not found' });
    expect((await failure(call(ListUnitTenants, { unit_id: 'x' }, p.user.authorization))).body).toMatchObject({ status: 404, message: 'Unit not found' });
  });

  it('archives on the first delete, removes on the second, retrieves an archived tenant', async () => {
    const p = await place();
    const jordan = await addTenant(p, 'Jordan');
    expect(await call(DeleteTenant, { id: jordan.id }, p.user.authorization)).toEqual({ is_deleted: false, unit_id: p.unit.id });
    const archived = await call(GetTenant, { id: jordan.id }, p.user.authorization);
    expect(archived).toMatchObject({ is_archived: true, is_deleted: false });
    expect(archived.archived_at).not.toBeNull();
    expect((await call(ListUnitTenants, { unit_id: p.unit.id }, p.user.authorization)).items).toEqual([]);
    expect((await call(ListLocationTenants, { locationId: p.location.id }, p.user.authorization)).items).toEqual([]);
    expect((await call(ListLocationTenants, { locationId: p.location.id, archived: true }, p.user.authorization)).items).toEqual([archived]);

    const retrieved = await call(RetrieveTenant, { id: jordan.id }, p.user.authorization);
    expect(retrieved).toMatchObject({ is_archived: false, archived_at: null });
    expect((await call(ListUnitTenants, { unit_id: p.unit.id }, p.user.authorization)).items).toEqual([retrieved]);

    await call(DeleteTenant, { id: jordan.id }, p.user.authorization);
    expect(await call(DeleteTenant, { id: jordan.id }, p.user.authorization)).toEqual({ is_deleted: true, unit_id: p.unit.id });
    expect((await failure(call(GetTenant, { id: jordan.id }, p.user.authorization))).body).toMatchObject({ status: 404, message: 'Tenant not found' });
    expect((await call(ListLocationTenants, { locationId: p.location.id, archived: true }, p.user.authorization)).items).toEqual([]);
  });

  it('records every tenant change with the tenant\'s name, E.164 phones and lower-case e-mails (messaging recognises writing tenants by them)', async () => {
    const p = await place();
    const created = await call(
      CreateTenant,
      { full_name: 'Rosa Diaz', unit_id: p.unit.id, contacts: [{ type: 'phone', value: '(555) 123-4567' }, { type: 'email', value: 'Rosa@Example.com' }] },
      p.user.authorization,
    );
    await call(UpdateTenant, { id: created.id, full_name: 'Rosa M. Diaz', contacts: [{ type: 'phone', value: '555-987-6543' }] }, p.user.authorization);
    await call(DeleteTenant, { id: created.id }, p.user.authorization);
    await call(RetrieveTenant, { id: created.id }, p.user.authorization);
    await call(DeleteTenant, { id: created.id }, p.user.authorization);
    await call(DeleteTenant, { id: created.id }, p.user.authorization);

    const { rows } = await harness.db.query<{ subject: string; data: Record<string, unknown> }>(
      `select subject, envelope->'data' as data from "${harness.schema}"."outbox" where subject like 'pm.portfolio.tenant.%' and envelope->'data'->>'tenantId' = $1 order by id`,
      [created.id],
    );
    const scope = { tenantId: created.id, unitId: p.unit.id, locationId: p.location.id };
    expect(rows.map((r) => r.subject)).toEqual([
      'pm.portfolio.tenant.created.v1',
      'pm.portfolio.tenant.updated.v1',
      'pm.portfolio.tenant.updated.v1',
      'pm.portfolio.tenant.updated.v1',
      'pm.portfolio.tenant.updated.v1',
      'pm.portfolio.tenant.deleted.v1',
    ]);
    expect(rows[0]!.data).toMatchObject({ ...scope, buildingId: p.building.id, fullName: 'Rosa Diaz', phoneNumbers: ['+15551234567'], emails: ['rosa@example.com'] });
    expect(rows[1]!.data).toMatchObject({ ...scope, fullName: 'Rosa M. Diaz', phoneNumbers: ['+15559876543'], emails: [], archived: false });
    expect(rows.slice(2, 5).map((r) => r.data['archived'])).toEqual([true, false, true]);
    expect(rows[5]!.data).toMatchObject(scope);
  });

  it('keeps one primary tenant per unit; archived tenants cannot be primary', async () => {
    const p = await place();
    const a = await addTenant(p, 'A');
    const b = await addTenant(p, 'B');
    expect(await call(SetPrimaryTenant, { id: a.id }, p.user.authorization)).toMatchObject({ id: a.id, is_primary: true });
    expect(await call(SetPrimaryTenant, { id: b.id }, p.user.authorization)).toMatchObject({ id: b.id, is_primary: true });
    expect((await call(ListUnitTenants, { unit_id: p.unit.id }, p.user.authorization)).items.map((t) => [t.full_name, t.is_primary])).toEqual([
      ['A', false],
      ['B', true],
    ]);
    await call(DeleteTenant, { id: b.id }, p.user.authorization);
    expect((await call(GetTenant, { id: b.id }, p.user.authorization)).is_primary).toBe(false);
    expect((await failure(call(SetPrimaryTenant, { id: b.id }, p.user.authorization))).body).toMatchObject({
      status: 400,
      message: 'Archived tenants cannot be primary',
    });
  });

  it('keeps lease facts in metadata and the lease_end_date column in step', async () => {
    const p = await place();
    const jordan = await addTenant(p, 'Jordan');
    const updated = await call(UpdateTenantMetadata, { id: jordan.id, lease_start: '2026-01-01', lease_end: '2026-12-31', rent_amount_cents: 150000 }, p.user.authorization);
    expect(updated.metadata).toEqual({ lease_start: '2026-01-01', lease_end: '2026-12-31', rent_amount_cents: 150000 });
    const column = async () =>
      (await harness.db.query(`select to_char(lease_end_date, 'YYYY-MM-DD') as d from "${harness.schema}"."tenant" where id = $1`, [jordan.id])).rows[0].d;
    expect(await column()).toBe('2026-12-31');
    for (const [change, message] of [
      [{ lease_end: '2025-12-31' }, 'Lease end date must be after the start date'],
      [{ lease_start: '2026-02-30' }, 'Invalid date'],
      [{ rent_amount_cents: 0 }, 'Rent must be a positive amount'],
    ] as const) {
      expect((await failure(call(UpdateTenantMetadata, { id: jordan.id, ...change }, p.user.authorization))).body).toMatchObject({ status: 400, message });
    }
    expect((await call(GetTenant, { id: jordan.id }, p.user.authorization)).metadata).toEqual(updated.metadata);
    const cleared = await call(UpdateTenantMetadata, { id: jordan.id, lease_end: null }, p.user.authorization);
    expect(cleared.metadata).toEqual({ lease_start: '2026-01-01', lease_end: null, rent_amount_cents: 150000 });
    expect(await column()).toBeNull();
  });
});

describe('expiring leases', () => {
  it('lists active tenants whose lease ends between today and today+N, soonest first', async () => {
    const p = await place();
    const lease = async (name: string, end: string) => {
      const t = await addTenant(p, name);
      await call(UpdateTenantMetadata, { id: t.id, lease_end: end }, p.user.authorization);
      return t;
    };
    const inTen = await lease('In ten days', utcDayPlus(10));
    const today = await lease('Today', utcDayPlus(0));
    await lease('Past', utcDayPlus(-1));
    await lease('Just outside', utcDayPlus(31));
    const edge = await lease('Last day', utcDayPlus(30));
    const archived = await lease('Archived', utcDayPlus(5));
    await call(DeleteTenant, { id: archived.id }, p.user.authorization);
    await addTenant(p, 'No lease');

    const list = await call(ListExpiringLeases, { locationId: p.location.id, days: '30' }, p.user.authorization);
    expect(list).toEqual([
      { tenantId: today.id, tenantName: 'Today', unitName: 'Unit 1A', buildingName: 'Building A', buildingId: p.building.id, expiryDate: utcDayPlus(0) },
      { tenantId: inTen.id, tenantName: 'In ten days', unitName: 'Unit 1A', buildingName: 'Building A', buildingId: p.building.id, expiryDate: utcDayPlus(10) },
      { tenantId: edge.id, tenantName: 'Last day', unitName: 'Unit 1A', buildingName: 'Building A', buildingId: p.building.id, expiryDate: utcDayPlus(30) },
    ]);
    // Default window: 60 days.
    expect((await call(ListExpiringLeases, { locationId: p.location.id }, p.user.authorization)).map((l) => l.tenantName)).toEqual([
      'Today',
      'In ten days',
      'Last day',
      'Just outside',
    ]);
    for (const days of [0, 366, 'abc']) {
      expect((await failure(call(ListExpiringLeases, { locationId: p.location.id, days }, p.user.authorization))).body).toMatchObject({
        status: 400,
        message: 'Days must be between 1 and 365',
      });
    }
  });
});

describe('invitations and renewal e-mails', () => {
  /** The data of the events recorded in portfolio's outbox for the tenant (messaging e-mails them; see its tests). */
  async function issuedFor(subject: string, tenantId: string): Promise<Record<string, unknown>[]> {
    const { rows } = await harness.db.query<{ data: Record<string, unknown> }>(
      `select envelope->'data' as data from "${harness.schema}"."outbox" where subject = $1 and envelope->'data'->>'tenantId' = $2 order by created_at`,
      [subject, tenantId],
    );
    return rows.map((r) => r.data);
  }

  it('invites each tenant with an address and no account: the welcome-page link and the manager\'s text recorded for messaging to e-mail', async () => {
    const p = await place();
    const email = uniqueEmail('jordan');
    const jordan = await addTenant(p, 'Jordan', email);
    const noEmail = await addTenant(p, 'Nomail');
    const invitedBefore = await harness.storedCount(TenantsInvited.subject);

    const text = { subject: 'You are invited to {{property_name}}', body: 'Hello {{tenant_name}},\n\n{{invite_link}}' };
    const result = await call(InviteTenants, { tenantIds: [jordan.id, noEmail.id], ...text }, p.user.authorization);
    expect(result).toEqual({ invited: 1, skipped: 1 });

    const [issued, ...more] = await issuedFor(TenantInvitationIssued.subject, jordan.id);
    expect(more).toEqual([]);
    expect(issued).toMatchObject({
      tenantId: jordan.id,
      buildingId: p.building.id,
      locationId: p.location.id,
      accountId: p.user.userId,
      tenantName: 'Jordan',
      email,
      propertyName: '12 Elm Street',
      propertyAddress: '12 Elm Street',
      ...text,
    });
    expect(issued!['inviteLink']).toMatch(/^http:\/\/web\.test:3000\/welcome\/[A-Za-z0-9_-]{43}\?email=/);
    expect(new URL(String(issued!['inviteLink'])).searchParams.get('email')).toBe(email);
    expect(await issuedFor(TenantInvitationIssued.subject, noEmail.id)).toEqual([]);

    expect((await call(GetTenant, { id: jordan.id }, p.user.authorization)).onboarding_email_sent_at).not.toBeNull();
    expect((await call(GetTenant, { id: noEmail.id }, p.user.authorization)).onboarding_email_sent_at).toBeNull();
    await waitFor(async () => (await harness.storedCount(TenantsInvited.subject)) === invitedBefore + 1, { timeout: 10_000, description: 'TenantsInvited' });
    await waitFor(async () => (await harness.storedCount(TenantInvitationIssued.subject)) > 0, { timeout: 10_000, description: 'TenantInvitationIssued relayed' });
  });

  it.each([
    [{ tenantIds: [], subject: 'S', body: 'B' }, 'Please select at least one tenant'],
    [{ tenantIds: ['TENANT'], subject: '', body: 'B' }, 'Subject is required'],
    [{ tenantIds: ['TENANT'], subject: 'S', body: ' ' }, 'Message is required'],
  ])('refuses %j with the spec message', async (body, message) => {
    const p = await place();
    const t = await addTenant(p, 'Jordan', uniqueEmail('j'));
    const input = { ...body, tenantIds: body.tenantIds.map(() => t.id) };
    expect((await failure(call(InviteTenants, input, p.user.authorization))).body).toMatchObject({ status: 400, message });
    expect((await call(GetTenant, { id: t.id }, p.user.authorization)).onboarding_email_sent_at).toBeNull();
  });

  it('refuses a location without a building: "No building found for this location"', async () => {
    const p = await place();
    const t = await addTenant(p, 'Jordan', uniqueEmail('j'));
    const bare = await call(CreatePropertyLocation, { ...elm, address_text: '1 Main St, Boston, MA 02134' }, p.user.authorization);
    const refused = await failure(call(InviteTenants, { tenantIds: [t.id], subject: 'S', body: 'B', location_id: bare.id }, p.user.authorization));
    expect(refused.body).toMatchObject({ status: 400, message: 'No building found for this location' });
  });

  it('records nothing when the call is refused: no invitation, no e-mail asked for, no sent-at', async () => {
    const p = await place();
    const t = await addTenant(p, 'Jordan', uniqueEmail('j'));
    const elsewhere = await place();
    const theirs = await call(
      CreateTenant,
      { full_name: 'Other', unit_id: elsewhere.unit.id, location_id: elsewhere.location.id, contacts: [{ type: 'email', value: uniqueEmail('o') }] },
      elsewhere.user.authorization,
    );
    const refused = await failure(call(InviteTenants, { tenantIds: [t.id, theirs.id], subject: 'S', body: 'B' }, p.user.authorization));
    expect(refused.body).toMatchObject({ status: 404, message: 'Tenant not found' });
    expect((await call(GetTenant, { id: t.id }, p.user.authorization)).onboarding_email_sent_at).toBeNull();
    expect(await issuedFor(TenantInvitationIssued.subject, t.id)).toEqual([]);
    const { rows } = await harness.db.query(`select 1 from "${harness.schema}"."outbox" where subject = $1 and envelope->'data'->>'locationId' = $2`, [
      TenantsInvited.subject,
      p.location.id,
    ]);
    expect(rows).toHaveLength(0);
  });

  it('skips tenants who have an account (linked when they sign up with their e-mail)', async () => {
    const p = await place();
    const email = uniqueEmail('Resident');
    const t = await addTenant(p, 'Resident', email);
    const resident = await harness.registeredUser({ email: email.toUpperCase(), accountType: null });
    await waitFor(async () => (await call(GetTenant, { id: t.id }, p.user.authorization)).user_id === resident.userId, {
      timeout: 10_000,
      description: 'the tenant linked to the new user',
    });
    expect(await call(InviteTenants, { tenantIds: [t.id], subject: 'S', body: 'B' }, p.user.authorization)).toEqual({ invited: 0, skipped: 1 });
  });

  it('asks messaging for the building\'s lease-renewal e-mail; wants a building id and an e-mail address', async () => {
    const p = await place();
    const email = uniqueEmail('renew');
    const t = await addTenant(p, 'Renee', email);
    await call(UpdateTenantMetadata, { id: t.id, lease_end: utcDayPlus(20) }, p.user.authorization);
    expect((await failure(call(SendLeaseRenewalEmail, { tenantId: t.id }, p.user.authorization))).body).toMatchObject({
      status: 400,
      message: 'Building ID is required to send renewal email',
    });
    const noEmail = await addTenant(p, 'Nomail');
    expect((await failure(call(SendLeaseRenewalEmail, { tenantId: noEmail.id, buildingId: p.building.id }, p.user.authorization))).body).toMatchObject({
      status: 400,
      message: 'Tenant has no email address',
    });
    expect(await issuedFor(LeaseRenewalRequested.subject, noEmail.id)).toEqual([]);
    expect(await call(SendLeaseRenewalEmail, { tenantId: t.id, buildingId: p.building.id }, p.user.authorization)).toEqual({ sent: true });
    const [requested, ...more] = await issuedFor(LeaseRenewalRequested.subject, t.id);
    expect(more).toEqual([]);
    expect(requested).toMatchObject({
      tenantId: t.id,
      buildingId: p.building.id,
      locationId: p.location.id,
      tenantName: 'Renee',
      email,
      leaseEnd: utcDayPlus(20),
      propertyName: '12 Elm Street',
      requestedBy: p.user.userId,
    });
    expect(requested!['inviteLink']).toMatch(/^http:\/\/web\.test:3000\/welcome\//);
  });
});

describe('onboarding progress follows the events', () => {
  it('sets hasBuilding/hasUnit/hasTenant with the first ids and hasTenantsWithOnboardingEmailSent', async () => {
    const p = await place();
    const second = await call(CreateBuilding, { name: 'B', property_location_id: p.location.id, address_text: '14 Elm' }, p.user.authorization);
    const t = await addTenant(p, 'Jordan', uniqueEmail('progress'));
    const progress = () => call(GetOnboardingProgress, { id: p.user.userId }, p.user.authorization);
    await waitFor(async () => (await progress()).hasTenant, { timeout: 10_000, description: 'the tenant flag' });
    expect(await progress()).toMatchObject({
      hasBuilding: true,
      firstBuildingId: p.building.id,
      hasUnit: true,
      firstUnitId: p.unit.id,
      hasTenant: true,
      firstTenantId: t.id,
      hasTenantsWithOnboardingEmailSent: false,
    });
    expect(second.id > p.building.id).toBe(true);
    await call(InviteTenants, { tenantIds: [t.id], subject: 'S', body: 'B {{invite_link}}' }, p.user.authorization);
    await waitFor(async () => (await progress()).hasTenantsWithOnboardingEmailSent, { timeout: 10_000, description: 'the invitation flag' });
    expect(await harness.storedCount(BuildingCreated.subject)).toBeGreaterThanOrEqual(2);
  });
});

describe('another account\'s ids', () => {
  it('answer 404 with no data, and nothing changes', async () => {
    const p = await place();
    const t = await addTenant(p, 'Jordan', uniqueEmail('private'));
    const sam = await harness.registeredUser();
    const samLocation = await call(CreatePropertyLocation, elm, sam.authorization);
    await call(CreateBuilding, { name: 'Sam\'s', property_location_id: samLocation.id, address_text: '12 Elm Street' }, sam.authorization);
    const expect404 = async (promise: Promise<unknown>, message: string) => {
      const refused = await failure(promise);
      expect(refused.body).toEqual({ status: 404, message, code: 'not_found' });
    };
    const a = sam.authorization;
    await expect404(call(ListBuildings, { location_id: p.location.id }, a), 'Property location not found');
    await expect404(call(CreateBuilding, { name: 'X', property_location_id: p.location.id, address_text: 'X' }, a), 'Property location not found');
    await expect404(call(GetBuilding, { id: p.building.id }, a), 'Building not found');
    await expect404(call(ListBuildingContacts, { id: p.building.id }, a), 'Building not found');
    await expect404(call(ListUnits, { buildingId: p.building.id }, a), 'Building not found');
    await expect404(call(CreateUnit, { name: 'X', building_id: p.building.id }, a), 'Building not found');
    await expect404(call(GetUnit, { id: p.unit.id }, a), 'Unit not found');
    await expect404(call(ListLocationUnits, { locationId: p.location.id }, a), 'Property location not found');
    await expect404(call(ListUnitTenants, { unit_id: p.unit.id }, a), 'Unit not found');
    await expect404(call(ListLocationTenants, { locationId: p.location.id }, a), 'Property location not found');
    await expect404(call(GetTenant, { id: t.id }, a), 'Tenant not found');
    await expect404(call(CreateTenant, { full_name: 'X', unit_id: p.unit.id, location_id: p.location.id }, a), 'Unit not found');
    await expect404(call(UpdateTenant, { id: t.id, full_name: 'X' }, a), 'Tenant not found');
    await expect404(call(DeleteTenant, { id: t.id }, a), 'Tenant not found');
    await expect404(call(RetrieveTenant, { id: t.id }, a), 'Tenant not found');
    await expect404(call(SetPrimaryTenant, { id: t.id }, a), 'Tenant not found');
    await expect404(call(UpdateTenantMetadata, { id: t.id, lease_end: '2030-01-01' }, a), 'Tenant not found');
    await expect404(call(InviteTenants, { tenantIds: [t.id], subject: 'S', body: 'B' }, a), 'Tenant not found');
    await expect404(call(InviteTenants, { tenantIds: [t.id], subject: 'S', body: 'B', location_id: samLocation.id }, a), 'Tenant not found');
    await expect404(call(ListExpiringLeases, { locationId: p.location.id }, a), 'Property location not found');
    await expect404(call(SendLeaseRenewalEmail, { tenantId: t.id, buildingId: p.building.id }, a), 'Tenant not found');

    expect(await call(GetTenant, { id: t.id }, p.user.authorization)).toEqual(t);
    expect(await call(ListBuildings, { location_id: p.location.id }, p.user.authorization)).toHaveLength(1);
  });
});
