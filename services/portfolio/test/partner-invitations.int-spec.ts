import { randomUUID } from 'node:crypto';
import {
  AcceptPartnerInvitation,
  AddPartner,
  CreatePropertyLocation,
  DeclinePartnerInvitation,
  GetPartnerInvitation,
  GetPropertyLocation,
  LeavePropertyLocation,
  ListPartnerInvitations,
  ListPartners,
  ListPropertyLocations,
  OWNER_CANNOT_LEAVE,
  PARTNER_INVITATION_NOT_FOUND,
  PARTNER_INVITATION_OTHER_EMAIL,
  PARTNER_INVITATION_ROLE_ELSEWHERE,
  PARTNER_ROLE_ELSEWHERE,
  PartnerAdded,
  PartnerRemoved,
  PartnerRoleChanged,
  RevokePartnerInvitation,
  UpdatePartner,
  type EventContract,
} from '@pm/contracts';
import { runMigrations, serviceOrmConfig } from '@pm/nest-kit';
import { createTestSchema } from '@pm/testing';
import { PartnerInvitationsMigration } from '../src/migrations/20261124000003-partner-invitations.migration.js';
import { portfolioMigrations } from '../src/migrations/index.js';
import { portfolioService } from '../src/service.js';
import { failure, startPortfolio, type PortfolioHarness, type TestUser } from './support/portfolio-harness.js';

import { jest } from '@jest/globals';

jest.setTimeout(120_000);

/**
 * Partner invitations (issue 9, finding 7): adding a partner is an invitation the invitee accepts; the answer and the
 * e-mail say nothing about whether the address has an account; nobody reaches the location before accepting; only
 * the invited address may accept; a partner may leave.
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

async function ownerWithLocation(): Promise<{ owner: TestUser; locationId: string }> {
  const owner = await harness.registeredUser();
  return { owner, locationId: (await call(CreatePropertyLocation, elm, owner.authorization)).id };
}

async function expectFailure(promise: Promise<unknown>, status: number, message?: string) {
  const refused = await failure(promise);
  expect(refused.body).toMatchObject(message ? { status, message } : { status });
}

/** The events of one contract in portfolio's outbox that mention `text`. */
async function recorded(contract: EventContract, text: string): Promise<Record<string, unknown>[]> {
  const rows = await harness.db.query<{ envelope: { data: Record<string, unknown> } }>(
    `select envelope from "${harness.schema}"."outbox" where subject = $1 and envelope::text like $2 order by id`,
    [contract.subject, `%${text}%`],
  );
  return rows.rows.map((row) => row.envelope.data);
}

/** Invites `email` and answers the invitation and the token of its e-mail. */
const invite = (owner: TestUser, locationId: string, email: string, role: 'ADMIN' | 'MANAGER' | 'VENDOR' | 'MEMBER' | 'VIEWER' = 'MANAGER') =>
  harness.invite(owner, { fullName: 'Jordan Lee', email, phone: '5551234567', role, locationId });

describe('inviting', () => {
  it('answers and e-mails the same for a registered and an unknown address, and grants nothing', async () => {
    const { owner, locationId } = await ownerWithLocation();
    const registered = await harness.registeredUser({ email: `reg-${randomUUID()}@example.com` });
    const unknownEmail = `new-${randomUUID()}@example.com`;

    const { invitation: toRegistered, mail: mailToRegistered } = await invite(owner, locationId, registered.email);
    const { invitation: toUnknown, mail: mailToUnknown } = await invite(owner, locationId, unknownEmail);
    const comparable = (answer: Record<string, unknown>) => ({ ...answer, id: 'id', email: 'email', invited_at: 'at', expires_at: 'at' });
    expect(Object.keys(toRegistered).sort()).toEqual(Object.keys(toUnknown).sort());
    expect(comparable(toRegistered)).toEqual(comparable(toUnknown));
    expect(JSON.stringify(toRegistered)).not.toContain(registered.userId);

    const neutral = (text: string | undefined, email: string) =>
      (text ?? '').replaceAll(encodeURIComponent(email), 'EMAIL').replace(/partner-invitation\/[A-Za-z0-9_-]+/g, 'partner-invitation/TOKEN');
    expect(mailToRegistered.subject).toBe(mailToUnknown.subject);
    expect(neutral(mailToRegistered.text, registered.email)).toBe(neutral(mailToUnknown.text, unknownEmail));
    expect(neutral(mailToRegistered.html, registered.email)).toBe(neutral(mailToUnknown.html, unknownEmail));

    // Nothing is granted before the invitee accepts.
    expect(await recorded(PartnerAdded, locationId)).toEqual([]);
    expect(await call(ListPartners, { location_id: locationId }, owner.authorization)).toEqual([]);
    await expectFailure(call(GetPropertyLocation, { id: locationId }, registered.authorization), 404);
    expect(await call(ListPropertyLocations, {}, registered.authorization)).toEqual([]);
    expect((await call(ListPartnerInvitations, { location_id: locationId }, owner.authorization)).map((i) => i.email).sort()).toEqual(
      [registered.email, unknownEmail].sort(),
    );
  });

  it('refuses an address a mail server would refuse (a list, a quoted or bracketed one) with 400 and keeps no invitation', async () => {
    const { owner, locationId } = await ownerWithLocation();
    for (const email of ['jordan@example.com,other', 'a<b@example.com', '"jordan"@example.com', 'jordan..lee@example.com']) {
      await expectFailure(call(AddPartner, { fullName: 'Jordan Lee', email, phone: '5551234567', role: 'MANAGER', locationId }, owner.authorization), 400, 'Invalid email address');
    }
    expect(await call(ListPartnerInvitations, { location_id: locationId }, owner.authorization)).toEqual([]);
  });

  it('refuses to invite oneself (a role is account-wide: an admin could raise their own)', async () => {
    const { owner, locationId } = await ownerWithLocation();
    await expectFailure(call(AddPartner, { fullName: 'Me', email: owner.email.toUpperCase(), phone: '5551234567', role: 'ADMIN', locationId }, owner.authorization), 403);
  });
});

describe('answering', () => {
  it('the invitee sees and accepts it: access from then on (PartnerAdded), and the link is used up', async () => {
    const { owner, locationId } = await ownerWithLocation();
    const invitee = await harness.registeredUser({ email: `Invitee-${randomUUID()}@example.com` });
    const { token } = await invite(owner, locationId, invitee.email.toLowerCase(), 'MEMBER');

    expect(await call(GetPartnerInvitation, { token }, invitee.authorization)).toEqual({
      email: invitee.email.toLowerCase(),
      role: 'MEMBER',
      location_name: expect.any(String),
      location_address: elm.address_text,
      inviter_email: owner.email,
      expires_at: expect.any(String),
    });
    expect(await call(AcceptPartnerInvitation, { token }, invitee.authorization)).toEqual({ location_id: locationId, role: 'MEMBER' });
    expect((await call(GetPropertyLocation, { id: locationId }, invitee.authorization)).access_role).toBe('MEMBER');
    expect(await recorded(PartnerAdded, locationId)).toEqual([expect.objectContaining({ locationId, role: 'MEMBER', userId: invitee.userId })]);
    expect(await call(ListPartnerInvitations, { location_id: locationId }, owner.authorization)).toEqual([]);
    expect(await call(ListPartners, { location_id: locationId }, owner.authorization)).toEqual([expect.objectContaining({ user_id: invitee.userId, role: 'MEMBER' })]);
    await expectFailure(call(AcceptPartnerInvitation, { token }, invitee.authorization), 404, PARTNER_INVITATION_NOT_FOUND);
  });

  it('another account cannot see, accept or decline it; unknown, malformed and expired tokens are one 404', async () => {
    const { owner, locationId } = await ownerWithLocation();
    const invitedEmail = `invited-${randomUUID()}@example.com`;
    const { token } = await invite(owner, locationId, invitedEmail);
    const other = await harness.registeredUser();

    for (const contract of [GetPartnerInvitation, AcceptPartnerInvitation, DeclinePartnerInvitation]) {
      await expectFailure(call(contract, { token }, other.authorization), 403, PARTNER_INVITATION_OTHER_EMAIL);
      await expectFailure(call(contract, { token: 'not-a-token' }, other.authorization), 404, PARTNER_INVITATION_NOT_FOUND);
      await expectFailure(call(contract, { token: '' }, other.authorization), 404, PARTNER_INVITATION_NOT_FOUND);
    }
    // An anonymous session has no e-mail, so it is never the invitee.
    const anonymous = `Bearer ${await harness.token(`usr_${randomUUID()}`, { is_anonymous: true, email: undefined })}`;
    await expectFailure(call(AcceptPartnerInvitation, { token }, anonymous), 403, PARTNER_INVITATION_OTHER_EMAIL);
    await expectFailure(call(GetPropertyLocation, { id: locationId }, other.authorization), 404);

    await harness.db.query(`update "${harness.schema}".partner_invitation set expires_at = now() - interval '1 second' where lower(email) = $1`, [invitedEmail]);
    const invitee = await harness.registeredUser({ email: invitedEmail });
    await expectFailure(call(AcceptPartnerInvitation, { token }, invitee.authorization), 404, PARTNER_INVITATION_NOT_FOUND);
    expect(await call(ListPartnerInvitations, { location_id: locationId }, owner.authorization)).toEqual([]);
    await expectFailure(call(GetPropertyLocation, { id: locationId }, invitee.authorization), 404);
  });

  it('declined, revoked or replaced invitations grant nothing and their links are 404', async () => {
    const { owner, locationId } = await ownerWithLocation();
    const invitee = await harness.registeredUser({ email: `d-${randomUUID()}@example.com` });

    const { token: declined } = await invite(owner, locationId, invitee.email);
    expect(await call(DeclinePartnerInvitation, { token: declined }, invitee.authorization)).toEqual({ declined: true });
    expect(await call(ListPartnerInvitations, { location_id: locationId }, owner.authorization)).toEqual([]);
    await expectFailure(call(AcceptPartnerInvitation, { token: declined }, invitee.authorization), 404, PARTNER_INVITATION_NOT_FOUND);

    const { invitation: revoked, token: revokedToken } = await invite(owner, locationId, invitee.email);
    const stranger = await harness.registeredUser();
    await expectFailure(call(RevokePartnerInvitation, { id: revoked.id }, stranger.authorization), 404, 'Invitation not found');
    expect(await call(RevokePartnerInvitation, { id: revoked.id }, owner.authorization)).toEqual({ deleted: true });
    await expectFailure(call(AcceptPartnerInvitation, { token: revokedToken }, invitee.authorization), 404, PARTNER_INVITATION_NOT_FOUND);
    await expectFailure(call(RevokePartnerInvitation, { id: revoked.id }, owner.authorization), 404, 'Invitation not found');

    const { token: first } = await invite(owner, locationId, invitee.email, 'VIEWER');
    const { token: replacement } = await invite(owner, locationId, invitee.email, 'ADMIN');
    expect(await call(ListPartnerInvitations, { location_id: locationId }, owner.authorization)).toEqual([expect.objectContaining({ role: 'ADMIN' })]);
    await expectFailure(call(AcceptPartnerInvitation, { token: first }, invitee.authorization), 404, PARTNER_INVITATION_NOT_FOUND);
    await expectFailure(call(GetPropertyLocation, { id: locationId }, invitee.authorization), 404);
    expect(await call(AcceptPartnerInvitation, { token: replacement }, invitee.authorization)).toEqual({ location_id: locationId, role: 'ADMIN' });
  });
});

describe('a role is one across the account: nobody changes it on locations they do not administer', () => {
  /** An owner with locations A and B, an admin of A alone, and a viewer of B alone. */
  async function adminOfAAndViewerOfB() {
    const { owner, locationId: a } = await ownerWithLocation();
    const b = (await call(CreatePropertyLocation, { ...elm, address_text: '16 Elm Street, Springfield, IL 62701' }, owner.authorization)).id;
    const admin = await harness.registeredUser({ email: `adm-${randomUUID()}@example.com` });
    const viewer = await harness.registeredUser({ email: `vw-${randomUUID()}@example.com` });
    await harness.share(owner, admin, 'ADMIN', a);
    const viewerId = await harness.share(owner, viewer, 'VIEWER', b);
    return { owner, a, b, admin, viewer, viewerId };
  }
  const roleOn = async (user: TestUser, locationId: string) => (await call(GetPropertyLocation, { id: locationId }, user.authorization)).access_role;

  it('an admin of A cannot invite a viewer of B to A in another role (it would raise them on B too)', async () => {
    const { a, b, admin, viewer } = await adminOfAAndViewerOfB();
    await expectFailure(
      call(AddPartner, { fullName: 'Vee', email: viewer.email.toUpperCase(), phone: '5551234567', role: 'ADMIN', locationId: a }, admin.authorization),
      403,
      PARTNER_ROLE_ELSEWHERE,
    );
    expect(await roleOn(viewer, b)).toBe('VIEWER');
    await expectFailure(call(GetPropertyLocation, { id: a }, viewer.authorization), 404);
  });

  it('the role they already have is fine: the admin of A adds the viewer of B to A as a viewer', async () => {
    const { a, b, admin, viewer } = await adminOfAAndViewerOfB();
    const { token } = await invite(admin, a, viewer.email, 'VIEWER');
    expect(await call(AcceptPartnerInvitation, { token }, viewer.authorization)).toEqual({ location_id: a, role: 'VIEWER' });
    expect([await roleOn(viewer, a), await roleOn(viewer, b)]).toEqual(['VIEWER', 'VIEWER']);
  });

  it('accepting is checked again: an invitation from the admin of A cannot change a role the invitee got on B meanwhile', async () => {
    const { owner, a, b, admin } = await adminOfAAndViewerOfB();
    const newcomer = await harness.registeredUser({ email: `nc-${randomUUID()}@example.com` });
    const { token } = await invite(admin, a, newcomer.email, 'ADMIN');
    await harness.share(owner, newcomer, 'VIEWER', b);

    await expectFailure(call(AcceptPartnerInvitation, { token }, newcomer.authorization), 409, PARTNER_INVITATION_ROLE_ELSEWHERE);
    expect(await roleOn(newcomer, b)).toBe('VIEWER');
    await expectFailure(call(GetPropertyLocation, { id: a }, newcomer.authorization), 404);
    expect(await recorded(PartnerRoleChanged, newcomer.userId)).toEqual([]);
  });

  it('the owner administers every location: their invitation changes the role everywhere', async () => {
    const { owner, a, b, viewer } = await adminOfAAndViewerOfB();
    const { token } = await invite(owner, a, viewer.email, 'MANAGER');
    expect(await call(AcceptPartnerInvitation, { token }, viewer.authorization)).toEqual({ location_id: a, role: 'MANAGER' });
    expect([await roleOn(viewer, a), await roleOn(viewer, b)]).toEqual(['MANAGER', 'MANAGER']);
  });

  it('an admin of A cannot change the role of a partner who is also on B', async () => {
    const { owner, a, admin, viewer, viewerId } = await adminOfAAndViewerOfB();
    await harness.share(owner, viewer, 'VIEWER', a);
    const update = { id: viewerId, full_name: 'Vee', email: viewer.email, role: 'ADMIN' };
    await expectFailure(call(UpdatePartner, update, admin.authorization), 403);
    expect((await call(UpdatePartner, update, owner.authorization)).role).toBe('ADMIN');
  });

  it("an invitation stops granting once its sender may no longer add partners to the location", async () => {
    const { owner, a, admin } = await adminOfAAndViewerOfB();
    const adminPartnerId = (await call(ListPartners, { location_id: a }, owner.authorization)).find((p) => p.user_id === admin.userId)!.id;
    const invitee = await harness.registeredUser({ email: `late-${randomUUID()}@example.com` });
    const { token } = await invite(admin, a, invitee.email, 'ADMIN');
    await call(UpdatePartner, { id: adminPartnerId, full_name: 'Demoted', email: admin.email, role: 'VIEWER' }, owner.authorization);

    await expectFailure(call(AcceptPartnerInvitation, { token }, invitee.authorization), 404, PARTNER_INVITATION_NOT_FOUND);
    await expectFailure(call(GetPropertyLocation, { id: a }, invitee.authorization), 404);
  });
});

describe('leaving', () => {
  it('a partner leaves a location (PartnerRemoved, access gone); the owner cannot; a stranger gets 404', async () => {
    const { owner, locationId } = await ownerWithLocation();
    const second = (await call(CreatePropertyLocation, { ...elm, address_text: '14 Elm Street, Springfield, IL 62701' }, owner.authorization)).id;
    const partner = await harness.registeredUser({ email: `l-${randomUUID()}@example.com` });
    const partnerId = await harness.share(owner, partner, 'MANAGER', locationId);
    await harness.share(owner, partner, 'MANAGER', second);

    await expectFailure(call(LeavePropertyLocation, { id: locationId }, owner.authorization), 409, OWNER_CANNOT_LEAVE);
    await expectFailure(call(LeavePropertyLocation, { id: locationId }, (await harness.registeredUser()).authorization), 404, 'Property location not found');

    expect(await call(LeavePropertyLocation, { id: locationId }, partner.authorization)).toEqual({ left: true });
    expect(await recorded(PartnerRemoved, partnerId)).toEqual([{ partnerId, accountId: owner.userId, locationId, userId: partner.userId }]);
    await expectFailure(call(GetPropertyLocation, { id: locationId }, partner.authorization), 404);
    expect((await call(ListPropertyLocations, {}, partner.authorization)).map((l) => l.id)).toEqual([second]);
    await expectFailure(call(LeavePropertyLocation, { id: locationId }, partner.authorization), 404);

    // Leaving the last location removes the partner from the owner's list.
    expect(await call(LeavePropertyLocation, { id: second }, partner.authorization)).toEqual({ left: true });
    expect(await call(ListPartners, { location_id: second }, owner.authorization)).toEqual([]);
    expect(await call(ListPropertyLocations, {}, partner.authorization)).toEqual([]);
  });
});

it('the migration turns partners added without a user into pending invitations and keeps accepted ones', async () => {
  const { schema, dropSchema } = await createTestSchema('portfolio_partner_invitations');
  try {
    const definition = portfolioService();
    const orm = (migrations: typeof portfolioMigrations) =>
      serviceOrmConfig({ databaseUrl: process.env.DATABASE_URL!, schema, entities: definition.entities, migrations });
    await runMigrations(orm(portfolioMigrations.slice(0, portfolioMigrations.indexOf(PartnerInvitationsMigration))));
    const [location, waiting, accepted] = [randomUUID(), randomUUID(), randomUUID()];
    await harness.db.query(
      `insert into "${schema}".property_location (id, account_id, owner_user_id, name, address_text, is_rental_property, metadata, created_at, updated_at)
       values ($1, 'usr_owner', 'usr_owner', 'A', '1 A St', true, '{}', now(), now())`,
      [location],
    );
    await harness.db.query(
      `insert into "${schema}".partner (id, account_id, user_id, full_name, email, phone, role, is_emergency_contact, created_at, updated_at)
       values ($1, 'usr_owner', null, 'Wai Ting', 'w@example.com', '5551234567', 'VIEWER', false, now(), now()),
              ($2, 'usr_owner', 'usr_partner', 'Ace Cepted', 'a@example.com', null, 'ADMIN', false, now(), now())`,
      [waiting, accepted],
    );
    await harness.db.query(`insert into "${schema}".partner_location (partner_id, location_id) values ($1, $3), ($2, $3)`, [waiting, accepted, location]);

    await runMigrations(orm(portfolioMigrations));
    expect((await harness.db.query(`select id, user_id from "${schema}".partner`)).rows).toEqual([{ id: accepted, user_id: 'usr_partner' }]);
    const invitations = await harness.db.query(
      `select account_id, location_id, full_name, email, phone, role, expires_at > now() + interval '13 days' as open from "${schema}".partner_invitation`,
    );
    expect(invitations.rows).toEqual([
      { account_id: 'usr_owner', location_id: location, full_name: 'Wai Ting', email: 'w@example.com', phone: '5551234567', role: 'VIEWER', open: true },
    ]);
  } finally {
    await dropSchema();
  }
});
