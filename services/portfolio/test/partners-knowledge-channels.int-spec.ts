import { randomUUID } from 'node:crypto';
import {
  AcceptPartnerInvitation,
  AddPartner,
  AssignLocationPhoneNumber,
  CreateContact,
  CreatePropertyLocation,
  CreateQuestion,
  CreateRule,
  DeleteContact,
  DeleteQuestion,
  envelopeSchemaOf,
  QuestionCreated,
  QuestionDeleted,
  QuestionUpdated,
  RuleCreated,
  RuleDeleted,
  RuleUpdated,
  DeleteRule,
  GenerateLocationEmailAddress,
  GetContact,
  GetOnboardingProgress,
  GetPropertyLocation,
  ListContacts,
  ListEmergencyContacts,
  ListLocationPhoneNumbers,
  ListPartnerInvitations,
  ListPartners,
  ListQuestions,
  ListRules,
  LocationEmailAddressGenerated,
  LocationPhoneNumberAssigned,
  PartnerAdded,
  RemovePartner,
  SearchLocationPhoneNumbers,
  UpdateContact,
  UpdatePartner,
  UpdateQuestion,
  UpdateRule,
} from '@pm/contracts';
import { runMigrations, serviceOrmConfig } from '@pm/nest-kit';
import { createTestSchema, MailSink, waitFor } from '@pm/testing';
import { KnowledgeEventsBackfillMigration } from '../src/migrations/20261124000004-knowledge-events-backfill.migration.js';
import { portfolioMigrations } from '../src/migrations/index.js';
import { portfolioService } from '../src/service.js';
import { failure, startPortfolio, type PortfolioHarness, type TestUser } from './support/portfolio-harness.js';

import { jest } from '@jest/globals';

jest.setTimeout(60_000);

let harness: PortfolioHarness;
const call: PortfolioHarness['call'] = (contract, payload, authorization) => harness.call(contract, payload, authorization);
const domain = `t${randomUUID().slice(0, 8)}.pm.test`;

beforeAll(async () => {
  harness = await startPortfolio({ MAIL_DOMAIN: domain, SMS_PROVIDER: 'sandbox' });
});

afterAll(async () => {
  await harness?.close();
});

const elm = { address_text: '12 Elm Street, Springfield, IL 62701', type: 'MULTI_UNIT' as const, declared_units_count: 6, is_rental_property: true, metadata: { usage: 'rental' } };

async function ownerWithLocation(address = elm.address_text) {
  const owner = await harness.registeredUser();
  const location = await call(CreatePropertyLocation, { ...elm, address_text: address, name: '' }, owner.authorization);
  return { owner, location };
}

async function expectFailure(promise: Promise<unknown>, status: number, message?: string) {
  const refused = await failure(promise);
  expect(refused.body).toMatchObject(message ? { status, message } : { status });
}

/** A registered user given `role` on the owner's location (invited, and accepted). */
async function partnerIn(role: 'ADMIN' | 'MANAGER' | 'VENDOR' | 'MEMBER' | 'VIEWER', owner: TestUser, locationId: string) {
  const user = await harness.registeredUser({ email: `p-${randomUUID()}@example.com` });
  const partnerId = await harness.share(owner, user, role, locationId);
  return { user, partnerId };
}

describe('partners', () => {
  it('invites a partner (e-mailed link), who accepts; lists, updates, flags emergency contacts and removes them', async () => {
    const { owner, location } = await ownerWithLocation();
    const email = `Jordan.${randomUUID()}@Example.com`;
    const before = await harness.storedCount(PartnerAdded.subject);

    for (const [body, message] of [
      [{ fullName: ' ', email, phone: '1', role: 'MANAGER' }, 'Full Name is required'],
      [{ fullName: 'Jordan', email: '', phone: '1', role: 'MANAGER' }, 'Email is required'],
      [{ fullName: 'Jordan', email: 'nope', phone: '1', role: 'MANAGER' }, 'Invalid email address'],
      [{ fullName: 'Jordan', email, phone: '', role: 'MANAGER' }, 'Phone is required'],
      [{ fullName: 'Jordan', email, phone: '1', role: '' }, 'Role is required'],
    ] as const) {
      await expectFailure(call(AddPartner, { ...body, locationId: location.id }, owner.authorization), 400, message);
    }
    await expectFailure(call(AddPartner, { fullName: 'Jordan', email, phone: '1', role: 'OWNER', locationId: location.id }, owner.authorization), 403);
    expect(await call(ListPartners, { location_id: location.id }, owner.authorization)).toEqual([]);

    const { invitation: invited, token, mail: invitation } = await harness.invite(owner, { fullName: 'Jordan Lee', email, phone: '5551234567', role: 'MANAGER', locationId: location.id });
    expect(invited).toMatchObject({ full_name: 'Jordan Lee', email, phone: '5551234567', role: 'MANAGER', location_id: location.id, status: 'PENDING' });
    expect(await call(ListPartners, { location_id: location.id }, owner.authorization)).toEqual([]);
    expect(await call(ListPartnerInvitations, { location_id: location.id }, owner.authorization)).toEqual([invited]);

    expect(invitation.text ?? invitation.html).toContain(location.name);
    expect(invitation.text ?? invitation.html).toContain('a manager');
    expect(MailSink.links(invitation)).toContain(`http://127.0.0.1:3000/partner-invitation/${token}?email=${encodeURIComponent(email)}`);

    const jordan = await harness.registeredUser({ email });
    await call(AcceptPartnerInvitation, { token }, jordan.authorization);
    await waitFor(async () => (await harness.storedCount(PartnerAdded.subject)) === before + 1, { timeout: 10_000, description: 'PartnerAdded' });
    expect(await call(ListPartnerInvitations, { location_id: location.id }, owner.authorization)).toEqual([]);
    const [added] = await call(ListPartners, { location_id: location.id }, owner.authorization);
    expect(added).toMatchObject({
      manager: { id: added!.id, limitedUser: { full_name: 'Jordan Lee', email, phone: '5551234567' } },
      role: 'MANAGER',
      is_emergency_contact: false,
      locations: [{ location_id: location.id }],
      user_id: jordan.userId,
    });
    expect(added!.invited_at).toBe(invited.invited_at);
    expect(await call(ListEmergencyContacts, { location_id: location.id }, owner.authorization)).toEqual([]);

    await expectFailure(call(UpdatePartner, { id: added!.id, full_name: '', email, role: 'ADMIN' }, owner.authorization), 400, 'Full Name is required');
    await expectFailure(call(UpdatePartner, { id: added!.id, full_name: 'J', email: '', role: 'ADMIN' }, owner.authorization), 400, 'Email is required');
    await expectFailure(call(UpdatePartner, { id: added!.id, full_name: 'J', email, role: null }, owner.authorization), 400, 'Role is required');
    const updated = await call(UpdatePartner, { id: added!.id, full_name: 'Jordan Lee-Smith', email, role: 'ADMIN', is_emergency_contact: true }, owner.authorization);
    expect(updated).toMatchObject({ role: 'ADMIN', is_emergency_contact: true, manager: { limitedUser: { full_name: 'Jordan Lee-Smith', phone: '5551234567' } } });
    expect(await call(ListEmergencyContacts, { location_id: location.id }, owner.authorization)).toEqual([updated]);

    // Invited (any case) to another location of the account and accepted: the location is added, the role changes.
    const second = await call(CreatePropertyLocation, { ...elm, address_text: '14 Elm Street, Springfield, IL 62701', name: '' }, owner.authorization);
    const again = await harness.invite(owner, { fullName: 'Jordan', email: email.toLowerCase(), phone: '1', role: 'VIEWER', locationId: second.id });
    await call(AcceptPartnerInvitation, { token: again.token }, jordan.authorization);
    const [both] = await call(ListPartners, { location_id: second.id }, owner.authorization);
    expect(both!.id).toBe(added!.id);
    expect(both!.role).toBe('VIEWER');
    expect(both!.locations.map((l) => l.location_id).sort()).toEqual([location.id, second.id].sort());

    expect(await call(RemovePartner, { id: added!.id, location_id: location.id }, owner.authorization)).toEqual({ deleted: true });
    expect(await call(ListPartners, { location_id: location.id }, owner.authorization)).toEqual([]);
    expect(await call(ListPartners, { location_id: second.id }, owner.authorization)).toHaveLength(1);
    expect(await call(RemovePartner, { id: added!.id }, owner.authorization)).toEqual({ deleted: true });
    expect(await call(ListPartners, { location_id: second.id }, owner.authorization)).toEqual([]);
    await expectFailure(call(RemovePartner, { id: added!.id }, owner.authorization), 404, 'Property manager not found');
  });

  it('another account\'s ids answer 404; a partner cannot change their own role; roles do what the table says', async () => {
    const { owner, location } = await ownerWithLocation();
    const stranger = await harness.registeredUser();
    const target = await partnerIn('VIEWER', owner, location.id);
    const targetEmail = target.user.email;
    await expectFailure(call(ListPartners, { location_id: location.id }, stranger.authorization), 404, 'Property location not found');
    await expectFailure(call(UpdatePartner, { id: target.partnerId, full_name: 'x', email: 'x@y.z', role: 'ADMIN' }, stranger.authorization), 404, 'Property manager not found');
    await expectFailure(call(RemovePartner, { id: target.partnerId, location_id: location.id }, stranger.authorization), 404);
    await expectFailure(call(ListQuestions, { location_id: location.id }, stranger.authorization), 404);
    await expectFailure(call(GenerateLocationEmailAddress, { id: location.id }, stranger.authorization), 404);

    const admin = await partnerIn('ADMIN', owner, location.id);
    // An admin may add partners, but neither change their own role nor grant OWNER.
    await call(UpdatePartner, { id: target.partnerId, full_name: 'T', email: targetEmail, role: 'MANAGER' }, admin.user.authorization);
    await expectFailure(
      call(UpdatePartner, { id: admin.partnerId, full_name: 'A', email: admin.user.email, role: 'VIEWER' }, admin.user.authorization),
      403,
      'You do not have permission to do this',
    );
    await expectFailure(call(UpdatePartner, { id: target.partnerId, full_name: 'T', email: targetEmail, role: 'OWNER' }, admin.user.authorization), 403);

    const question = { location_id: location.id, question: 'Trash day?', answer: 'Tuesday' };
    for (const role of ['MANAGER', 'MEMBER', 'VENDOR', 'VIEWER'] as const) {
      const { user } = await partnerIn(role, owner, location.id);
      const writesKnowledge = role !== 'VIEWER' && role !== 'VENDOR';
      if (writesKnowledge) expect(await call(CreateQuestion, question, user.authorization)).toMatchObject({ question: 'Trash day?' });
      else await expectFailure(call(CreateQuestion, question, user.authorization), 403, 'You do not have permission to do this');
      expect(Array.isArray(await call(ListQuestions, { location_id: location.id }, user.authorization))).toBe(true);
      if (role === 'VENDOR') await expectFailure(call(ListPartners, { location_id: location.id }, user.authorization), 403);
      else expect((await call(ListPartners, { location_id: location.id }, user.authorization)).length).toBeGreaterThan(0);
      await expectFailure(call(AddPartner, { fullName: 'X', email: 'x@example.com', phone: '1', role: 'VIEWER', locationId: location.id }, user.authorization), 403);
      await expectFailure(call(GenerateLocationEmailAddress, { id: location.id }, user.authorization), 403);
    }
  });
});

describe('knowledge', () => {
  it('creates, lists, updates and deletes Q&A items and rules with the spec\'s messages', async () => {
    const { owner, location } = await ownerWithLocation();
    const other = await ownerWithLocation();
    await expectFailure(call(CreateQuestion, { location_id: location.id, question: ' ', answer: 'a' }, owner.authorization), 400, 'Question is required');
    await expectFailure(call(CreateQuestion, { location_id: location.id, question: 'q', answer: '' }, owner.authorization), 400, 'Answer is required');
    const q = await call(CreateQuestion, { location_id: location.id, question: 'Where is parking?', answer: 'Behind the building' }, owner.authorization);
    expect(q).toEqual({ id: q.id, question: 'Where is parking?', answer: 'Behind the building', location_id: location.id });
    expect(await call(ListQuestions, { location_id: location.id }, owner.authorization)).toEqual([q]);
    const q2 = await call(UpdateQuestion, { id: q.id, question: 'Where is parking?', answer: 'Lot B' }, owner.authorization);
    expect(q2.answer).toBe('Lot B');
    await expectFailure(call(UpdateQuestion, { id: q.id, question: 'x', answer: ' ' }, owner.authorization), 400, 'Answer is required');
    await expectFailure(call(UpdateQuestion, { id: q.id, question: 'x', answer: 'y' }, other.owner.authorization), 404, 'Question not found');
    await expectFailure(call(DeleteQuestion, { id: 'not-a-uuid' }, owner.authorization), 404, 'Question not found');
    expect(await call(DeleteQuestion, { id: q.id }, owner.authorization)).toEqual({ deleted: true });
    expect(await call(ListQuestions, { location_id: location.id }, owner.authorization)).toEqual([]);

    await expectFailure(call(CreateRule, { location_id: location.id, description: '', expected_output: 'x' }, owner.authorization), 400, 'Description is required');
    await expectFailure(call(CreateRule, { location_id: location.id, description: 'x', expected_output: null }, owner.authorization), 400, 'Expected output is required');
    const r = await call(CreateRule, { location_id: location.id, description: 'Water leak', expected_output: 'Call the plumber' }, owner.authorization);
    expect(await call(ListRules, { location_id: location.id }, owner.authorization)).toEqual([r]);
    expect(await call(UpdateRule, { id: r.id, description: 'Water leak', expected_output: 'Urgent' }, owner.authorization)).toMatchObject({ expected_output: 'Urgent' });
    await expectFailure(call(DeleteRule, { id: r.id }, other.owner.authorization), 404, 'Rule not found');
    expect(await call(DeleteRule, { id: r.id }, owner.authorization)).toEqual({ deleted: true });
    expect(await call(ListRules, { location_id: location.id }, owner.authorization)).toEqual([]);
  });

  it('records every change of a Q&A item or rule in the outbox with the item\'s whole state (the assistant keeps a copy from them)', async () => {
    const { owner, location } = await ownerWithLocation();
    const scope = { locationId: location.id, accountId: owner.userId, ownerUserId: owner.userId };
    const recorded = async (subject: string, id: string) =>
      (await harness.db.query<{ envelope: { data: Record<string, unknown> } }>(
        `select envelope from "${harness.schema}"."outbox" where subject = $1 and envelope::text like $2 order by id`,
        [subject, `%${id}%`],
      )).rows.map((row) => row.envelope.data);
    const at = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    const q = await call(CreateQuestion, { location_id: location.id, question: 'Where is parking?', answer: 'Behind the building' }, owner.authorization);
    await expectFailure(call(UpdateQuestion, { id: q.id, question: 'x', answer: ' ' }, owner.authorization), 400, 'Answer is required');
    await call(UpdateQuestion, { id: q.id, question: 'Where is parking?', answer: 'Lot B' }, owner.authorization);
    await call(DeleteQuestion, { id: q.id }, owner.authorization);
    expect(await recorded(QuestionCreated.subject, q.id)).toEqual([{ ...scope, questionId: q.id, question: 'Where is parking?', answer: 'Behind the building', changedAt: at }]);
    expect(await recorded(QuestionUpdated.subject, q.id)).toEqual([{ ...scope, questionId: q.id, question: 'Where is parking?', answer: 'Lot B', changedAt: at }]);
    expect(await recorded(QuestionDeleted.subject, q.id)).toEqual([{ ...scope, questionId: q.id, changedAt: at }]);

    const r = await call(CreateRule, { location_id: location.id, description: 'Water leak', expected_output: 'Call the plumber' }, owner.authorization);
    await call(UpdateRule, { id: r.id, description: 'Water leak', expected_output: 'Urgent' }, owner.authorization);
    await call(DeleteRule, { id: r.id }, owner.authorization);
    expect(await recorded(RuleCreated.subject, r.id)).toEqual([{ ...scope, ruleId: r.id, description: 'Water leak', expectedOutput: 'Call the plumber', changedAt: at }]);
    expect(await recorded(RuleUpdated.subject, r.id)).toEqual([{ ...scope, ruleId: r.id, description: 'Water leak', expectedOutput: 'Urgent', changedAt: at }]);
    expect(await recorded(RuleDeleted.subject, r.id)).toEqual([{ ...scope, ruleId: r.id, changedAt: at }]);
  });

  it('the data migration announces the Q&A items and rules that exist before it, with valid envelopes', async () => {
    const { schema, dropSchema } = await createTestSchema('portfolio_knowledge_backfill');
    try {
      const definition = portfolioService();
      const orm = (migrations: typeof portfolioMigrations) =>
        serviceOrmConfig({ databaseUrl: process.env.DATABASE_URL!, schema, entities: definition.entities, migrations });
      await runMigrations(orm(portfolioMigrations.slice(0, portfolioMigrations.indexOf(KnowledgeEventsBackfillMigration))));
      const [location, question, rule] = [randomUUID(), randomUUID(), randomUUID()];
      await harness.db.query(
        `insert into "${schema}".property_location (id, account_id, owner_user_id, name, address_text, is_rental_property, metadata, created_at, updated_at)
         values ($1, 'usr_account', 'usr_owner', 'A', '1 A St', true, '{}', now(), now())`,
        [location],
      );
      await harness.db.query(
        `insert into "${schema}".question (id, account_id, property_location_id, question, answer, created_at, updated_at)
         values ($1, 'usr_account', $2, 'Trash day?', 'Tuesday', now(), '2026-11-20T08:30:00Z')`,
        [question, location],
      );
      await harness.db.query(
        `insert into "${schema}".rule (id, account_id, property_location_id, description, expected_output, created_at, updated_at)
         values ($1, 'usr_account', $2, 'Water leak', 'Urgent', now(), '2026-11-21T09:00:00Z')`,
        [rule, location],
      );

      // Up to this backfill: later data migrations announce other facts of the same rows.
      await runMigrations(orm(portfolioMigrations.slice(0, portfolioMigrations.indexOf(KnowledgeEventsBackfillMigration) + 1)));
      const rows = (await harness.db.query<{ subject: string; envelope: unknown; published_at: Date | null }>(
        `select subject, envelope, published_at from "${schema}".outbox order by id`,
      )).rows;
      expect(rows.map((row) => [row.subject, row.published_at])).toEqual([[QuestionCreated.subject, null], [RuleCreated.subject, null]]);
      const scope = { locationId: location, accountId: 'usr_account', ownerUserId: 'usr_owner' };
      expect(envelopeSchemaOf(QuestionCreated).parse(rows[0]!.envelope).data).toEqual({
        ...scope, questionId: question, question: 'Trash day?', answer: 'Tuesday', changedAt: '2026-11-20T08:30:00.000Z',
      });
      expect(envelopeSchemaOf(RuleCreated).parse(rows[1]!.envelope).data).toEqual({
        ...scope, ruleId: rule, description: 'Water leak', expectedOutput: 'Urgent', changedAt: '2026-11-21T09:00:00.000Z',
      });
    } finally {
      await dropSchema();
    }
  });
});

describe('location contacts', () => {
  it('creates a contact for several locations, searches, reads, updates and deletes it per location', async () => {
    const { owner, location } = await ownerWithLocation();
    const second = await call(CreatePropertyLocation, { ...elm, address_text: '20 Oak Road, Springfield, IL 62701', name: '' }, owner.authorization);
    const other = await ownerWithLocation();

    await expectFailure(call(CreateContact, { location_id: location.id, name: 'Sam', location_ids: [] }, owner.authorization), 400, 'At least one location is required');
    await expectFailure(call(CreateContact, { location_id: location.id, name: ' ', location_ids: [location.id] }, owner.authorization), 400, 'Name is required');
    // contact:write on EVERY location: another account's location is a 404, and nothing is stored.
    await expectFailure(call(CreateContact, { location_id: location.id, name: 'Sam', location_ids: [location.id, other.location.id] }, owner.authorization), 404);
    expect(await call(ListContacts, { location_id: location.id }, owner.authorization)).toEqual([]);

    const sam = await call(
      CreateContact,
      {
        location_id: location.id,
        name: 'Sam Rivera',
        role: 'property manager',
        details: [{ type: 'phone', label: 'Mobile', value: '5551234567' }, { type: 'email', value: ' ' }],
        location_ids: [location.id, second.id],
      },
      owner.authorization,
    );
    expect(sam).toMatchObject({ name: 'Sam Rivera', role: 'PROPERTY_MANAGER', details: [{ type: 'phone', label: 'Mobile', value: '5551234567' }] });
    expect(sam.location_ids.sort()).toEqual([location.id, second.id].sort());
    const hoa = await call(CreateContact, { location_id: location.id, name: 'Elm HOA', location_ids: [location.id] }, owner.authorization);
    expect(hoa.role).toBe('OTHER');

    expect((await call(ListContacts, { location_id: location.id, search: 'RIV' }, owner.authorization)).map((c) => c.id)).toEqual([sam.id]);
    expect((await call(ListContacts, { location_id: location.id }, owner.authorization)).map((c) => c.name)).toEqual(['Elm HOA', 'Sam Rivera']);
    await expectFailure(call(ListContacts, { location_id: null }, owner.authorization), 400, 'No location selected');
    await expectFailure(call(GetContact, { id: sam.id }, owner.authorization), 400, 'No location selected');
    expect(await call(GetContact, { id: sam.id, location_id: second.id }, owner.authorization)).toEqual(sam);
    await expectFailure(call(GetContact, { id: sam.id, location_id: other.location.id }, other.owner.authorization), 404, 'Contact not found');
    await expectFailure(call(GetContact, { id: sam.id, location_id: location.id }, other.owner.authorization), 404, 'Contact not found');

    const moved = await call(UpdateContact, { id: sam.id, location_id: location.id, name: 'Sam R.', role: 'PLUMBER', location_ids: [location.id] }, owner.authorization);
    expect(moved).toMatchObject({ name: 'Sam R.', role: 'PLUMBER', location_ids: [location.id] });
    await expectFailure(call(UpdateContact, { id: sam.id, location_id: location.id, name: 'Sam', location_ids: [] }, owner.authorization), 400, 'At least one location is required');
    await expectFailure(call(UpdateContact, { id: sam.id, location_id: location.id, name: '' }, owner.authorization), 400, 'Name is required');
    await expectFailure(call(DeleteContact, { id: sam.id }, owner.authorization), 400, 'No location selected');
    expect(await call(DeleteContact, { id: sam.id, location_id: location.id }, owner.authorization)).toEqual({ deleted: true });
    await expectFailure(call(GetContact, { id: sam.id, location_id: location.id }, owner.authorization), 404, 'Contact not found');
    const gone = await harness.db.query(`select 1 from "${harness.schema}"."contact" where id = $1`, [sam.id]);
    expect(gone.rowCount).toBe(0);
  });
});

describe('location e-mail address and phone number', () => {
  it('generates the street address, then + state, + city and numbered variants when taken, and keeps one already set', async () => {
    const before = await harness.storedCount(LocationEmailAddressGenerated.subject);
    const addresses: string[] = [];
    let first: Awaited<ReturnType<typeof ownerWithLocation>> | undefined;
    for (let i = 0; i < 5; i++) {
      const created = await ownerWithLocation('77 Birch Lane, Springfield, IL 62701');
      first ??= created;
      addresses.push((await call(GenerateLocationEmailAddress, { id: created.location.id }, created.owner.authorization)).email!);
    }
    expect(addresses).toEqual([
      `77.birch.lane@${domain}`,
      `77.birch.lane.il@${domain}`,
      `77.birch.lane.springfield@${domain}`,
      `77.birch.lane.2@${domain}`,
      `77.birch.lane.3@${domain}`,
    ]);
    expect((await call(GenerateLocationEmailAddress, { id: first!.location.id }, first!.owner.authorization)).email).toBe(addresses[0]);
    await waitFor(async () => (await harness.storedCount(LocationEmailAddressGenerated.subject)) === before + 5, { timeout: 10_000, description: 'five events' });
    await waitFor(async () => (await call(GetOnboardingProgress, { id: first!.owner.userId }, first!.owner.authorization)).hasEmailAddress, {
      timeout: 10_000,
      description: 'hasEmailAddress',
    });
  });

  it('searches sandbox numbers in the state\'s area code, assigns distinct numbers to two locations, and lists them', async () => {
    const a = await ownerWithLocation('1 Sandbox Way, Chicago, IL 60601');
    const b = await ownerWithLocation('2 Sandbox Way, Chicago, IL 60601');
    const before = await harness.storedCount(LocationPhoneNumberAssigned.subject);

    const { areaCode, numbers: offered } = await call(SearchLocationPhoneNumbers, { id: a.location.id, limit: 3 }, a.owner.authorization);
    expect(areaCode).toBe('312');
    expect(offered).toHaveLength(3);
    for (const n of offered) expect(n.phoneNumber).toMatch(/^\+1312555\d{4}$/);
    expect(offered[0]).toMatchObject({ friendlyName: expect.stringMatching(/^\(312\) 555-01\d\d$/), region: 'IL' });
    expect((await call(SearchLocationPhoneNumbers, { id: a.location.id, areaCode: '415', contains: '0142' }, a.owner.authorization)).numbers.map((n) => n.phoneNumber)).toEqual(['+14155550142']);

    const pick = offered[0]!.phoneNumber;
    const assigned = await call(AssignLocationPhoneNumber, { id: a.location.id, phoneNumber: pick }, a.owner.authorization);
    expect(assigned.phone).toBe(pick);
    expect((await call(GetPropertyLocation, { id: a.location.id }, a.owner.authorization)).phone).toBe(pick);
    await expectFailure(call(AssignLocationPhoneNumber, { id: a.location.id, phoneNumber: offered[1]!.phoneNumber }, a.owner.authorization), 409, 'This property already has a phone number');
    await expectFailure(call(AssignLocationPhoneNumber, { id: b.location.id, phoneNumber: pick }, b.owner.authorization), 409, 'This phone number is no longer available');

    const { numbers: forB } = await call(SearchLocationPhoneNumbers, { id: b.location.id, limit: 100 }, b.owner.authorization);
    expect(forB.map((n) => n.phoneNumber)).not.toContain(pick);
    await call(AssignLocationPhoneNumber, { id: b.location.id, phoneNumber: forB[0]!.phoneNumber }, b.owner.authorization);

    const listed = await call(ListLocationPhoneNumbers, {}, a.owner.authorization);
    expect(listed).toEqual([{ location_id: a.location.id, phone_number: pick, assigned_at: expect.any(String) }]);
    const stored = await harness.db.query(`select provider, provider_number_id from "${harness.schema}"."location_phone_number" where location_id = $1`, [a.location.id]);
    expect(stored.rows[0]).toMatchObject({ provider: 'sandbox', provider_number_id: expect.stringMatching(/^SB[0-9a-f]+$/) });

    await waitFor(async () => (await harness.storedCount(LocationPhoneNumberAssigned.subject)) === before + 2, { timeout: 10_000, description: 'two events' });
    await waitFor(async () => (await call(GetOnboardingProgress, { id: a.owner.userId }, a.owner.authorization)).hasPhoneNumber, {
      timeout: 10_000,
      description: 'hasPhoneNumber',
    });
  });
});

