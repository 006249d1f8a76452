import { jest } from '@jest/globals';
import {
  BuildingCreated,
  BuildingEmailSettingsHandedOver,
  GetBuildingSignature,
  GetInviteTemplate,
  LeaseRenewalRequested,
  RentNoticeRequested,
  ListBuildingEmailTemplates,
  ListSentEmails,
  SendEmailResponse,
  TenantInvitationIssued,
  UpdateBuildingEmailTemplate,
  UpdateBuildingSignature,
  type DataOf,
} from '@pm/contracts';
import { MailSinkClient } from '@pm/mail';
import { RpcFailure } from '@pm/messaging';
import { testEnv, waitFor } from '@pm/testing';
import { v7 as uuidv7 } from 'uuid';
import { MessagingHarness, type MessagingWorld } from './support/messaging-harness.js';

jest.setTimeout(120_000);

/**
 * The buildings' e-mail templates and signatures, owned by messaging, and the e-mails portfolio asks for (invitations,
 * renewals) sent through messaging's outbox, on real PostgreSQL, NATS (the file's own), MinIO and the stack's mail
 * sink: the service's own dispatcher delivers them.
 */
let harness: MessagingHarness;
let world: MessagingWorld;
const sink = new MailSinkClient(testEnv().MAIL_UI_URL);

beforeAll(async () => {
  harness = await MessagingHarness.start({ smtp: { maxBytes: 1024 * 1024, maxRecipients: 5 }, env: { OUTBOUND_POLL_MS: '100' } });
  world = await harness.world();
  await building(world, world.tenant.buildingId);
});

afterAll(async () => {
  await harness?.close();
});

async function failure(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof RpcFailure) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error('expected the call to fail');
}

/** A building of the world's location, as portfolio announces it, once messaging has copied it. */
async function building(w: MessagingWorld, buildingId = uuidv7()): Promise<string> {
  await harness.publish(BuildingCreated, { buildingId, locationId: w.locationId, accountId: w.owner.userId, ownerUserId: w.owner.userId });
  await waitFor(() => harness.row(`select 1 from ${harness.table('building_directory')} where building_id = $1`, [buildingId]), { timeout: 20_000, description: 'building copied' });
  return buildingId;
}

function invitation(w: MessagingWorld, buildingId: string, to: string, text: { subject: string; body: string }): DataOf<typeof TenantInvitationIssued> {
  return {
    tenantId: w.tenant.id,
    buildingId,
    locationId: w.locationId,
    accountId: w.owner.userId,
    ownerUserId: w.owner.userId,
    tenantName: 'Jordan Lee',
    email: to,
    propertyName: '12 Elm Street',
    propertyAddress: '12 Elm Street, Springfield, IL 62701',
    inviteLink: `https://app.example.com/welcome/${uuidv7()}?email=${encodeURIComponent(to)}`,
    leaseEnd: '2027-01-31',
    ...text,
  };
}

function uniqueAddress(name: string): string {
  return `${name}.${uuidv7()}@example.com`;
}

it('lists the defaults, keeps a building\'s own version and its signature, and the invite dialog starts from it', async () => {
  const buildingId = await building(world);
  const defaults = await harness.call(ListBuildingEmailTemplates, { id: buildingId }, world.owner);
  expect(defaults.map((t) => [t.id, t.slug])).toEqual([
    ['default:tenant-invite', 'tenant-invite'],
    ['default:lease-renewal', 'lease-renewal'],
  ]);
  expect(defaults[0]!.body).toContain('{{invite_link}}');
  expect(await harness.call(GetInviteTemplate, { buildingId }, world.owner)).toEqual({ subject: defaults[0]!.subject, body: defaults[0]!.body });

  expect(await failure(harness.call(UpdateBuildingEmailTemplate, { id: buildingId, slug: 'tenant-invite', subject: ' ', body: 'x' }, world.owner))).toEqual({ status: 400, message: 'Subject is required' });
  expect(await failure(harness.call(UpdateBuildingEmailTemplate, { id: buildingId, slug: 'tenant-invite', subject: 'S', body: '' }, world.owner))).toEqual({ status: 400, message: 'Message is required' });
  expect(await failure(harness.call(UpdateBuildingEmailTemplate, { id: buildingId, slug: 'welcome-pack', subject: 'S', body: 'B' }, world.owner))).toEqual({ status: 404, message: 'Email template not found' });

  const own = await harness.call(UpdateBuildingEmailTemplate, { id: buildingId, slug: 'tenant-invite', subject: 'Join {{property_name}}', body: 'Hi {{tenant_name}}, join at {{invite_link}}' }, world.owner);
  expect(own).toMatchObject({ slug: 'tenant-invite', name: 'Tenant invitation', subject: 'Join {{property_name}}' });
  expect(own.id).not.toMatch(/^default:/);
  expect((await harness.call(ListBuildingEmailTemplates, { id: buildingId }, world.owner))[0]).toEqual(own);
  expect(await harness.call(GetInviteTemplate, { buildingId }, world.owner)).toEqual({ subject: own.subject, body: own.body });
  // Another building keeps the default.
  expect((await harness.call(GetInviteTemplate, { buildingId: world.tenant.buildingId }, world.owner)).subject).toBe(defaults[0]!.subject);

  expect(await harness.call(GetBuildingSignature, { id: buildingId }, world.owner)).toEqual({ signature: '' });
  expect(await harness.call(UpdateBuildingSignature, { id: buildingId, signature: 'The Elm team\n555-0100' }, world.owner)).toEqual({ signature: 'The Elm team\n555-0100' });
  expect(await harness.call(GetBuildingSignature, { id: buildingId }, world.owner)).toEqual({ signature: 'The Elm team\n555-0100' });
  expect(await harness.call(UpdateBuildingSignature, { id: buildingId, signature: '' }, world.owner)).toEqual({ signature: '' });
  expect(await harness.call(GetBuildingSignature, { id: buildingId }, world.owner)).toEqual({ signature: '' });
  expect((await failure(harness.call(UpdateBuildingSignature, { id: buildingId, signature: 'x'.repeat(5_001) }, world.owner))).status).toBe(400);
});

it('answers 404 "Building not found" for unknown, malformed and other accounts\' buildings, and 403 to a role without the permission', async () => {
  const other = await harness.world();
  const theirs = await building(other);
  for (const id of [theirs, uuidv7(), 'not-an-id']) {
    expect(await failure(harness.call(ListBuildingEmailTemplates, { id }, world.owner))).toEqual({ status: 404, message: 'Building not found' });
    expect(await failure(harness.call(GetBuildingSignature, { id }, world.owner))).toEqual({ status: 404, message: 'Building not found' });
    expect(await failure(harness.call(UpdateBuildingSignature, { id, signature: 'Mine now' }, world.owner))).toEqual({ status: 404, message: 'Building not found' });
    expect(await failure(harness.call(UpdateBuildingEmailTemplate, { id, slug: 'tenant-invite', subject: 'S', body: 'B' }, world.owner))).toEqual({ status: 404, message: 'Building not found' });
    expect(await failure(harness.call(GetInviteTemplate, { buildingId: id }, world.owner))).toEqual({ status: 404, message: 'Building not found' });
  }
  expect(await harness.call(GetBuildingSignature, { id: theirs }, other.owner)).toEqual({ signature: '' });
  expect((await failure(harness.call(UpdateBuildingSignature, { id: world.tenant.buildingId, signature: 'Viewer was here' }, world.partners.VIEWER))).status).toBe(403);
  expect(await harness.call(GetBuildingSignature, { id: world.tenant.buildingId }, world.partners.VIEWER)).toEqual({ signature: '' });
});

it('takes portfolio\'s hand-over once: the signature and templates it kept, never over what was written here since', async () => {
  const buildingId = uuidv7();
  const handOver = (signature: string, subject: string) =>
    harness.publish(BuildingEmailSettingsHandedOver, {
      buildingId,
      locationId: world.locationId,
      accountId: world.owner.userId,
      ownerUserId: world.owner.userId,
      signature,
      templates: [{ slug: 'lease-renewal', name: 'Lease renewal', subject, body: 'Dear {{tenant_name}}', createdAt: '2026-11-01T10:00:00.000Z', updatedAt: '2026-11-02T10:00:00.000Z' }],
    });
  await handOver('Harbor team', 'Renew by {{lease_end}}');
  await waitFor(() => harness.row(`select 1 from ${harness.table('building_signature')} where building_id = $1`, [buildingId]), { timeout: 20_000, description: 'hand-over taken' });
  expect(await harness.call(GetBuildingSignature, { id: buildingId }, world.owner)).toEqual({ signature: 'Harbor team' });
  expect((await harness.call(ListBuildingEmailTemplates, { id: buildingId }, world.owner))[1]).toMatchObject({ slug: 'lease-renewal', subject: 'Renew by {{lease_end}}' });

  await harness.call(UpdateBuildingSignature, { id: buildingId, signature: 'Harbor team, since' }, world.owner);
  const again = await handOver('Harbor team (old)', 'Old subject');
  await waitFor(() => harness.row(`select 1 from ${harness.table('inbox')} where event_id = $1`, [again]), { timeout: 20_000, description: 'second hand-over handled' });
  expect(await harness.call(GetBuildingSignature, { id: buildingId }, world.owner)).toEqual({ signature: 'Harbor team, since' });
  expect((await harness.call(ListBuildingEmailTemplates, { id: buildingId }, world.owner))[1]!.subject).toBe('Renew by {{lease_end}}');
});

it('e-mails an invitation filled and signed, from the location\'s address, exactly once however often the event is delivered', async () => {
  const buildingId = await building(world);
  await harness.call(UpdateBuildingSignature, { id: buildingId, signature: 'The Elm team' }, world.owner);
  const to = uniqueAddress('jordan');
  const data = invitation(world, buildingId, to, { subject: 'You are invited to {{property_name}}', body: 'Hello {{tenant_name}},\n\nJoin here: {{invite_link}}\n{{unknown_thing}}' });
  const envelope = await harness.publishEnvelope(TenantInvitationIssued, data);
  await harness.redeliver(TenantInvitationIssued, envelope, 'messaging.tenant-invitation-issued');
  await harness.redeliver(TenantInvitationIssued, envelope, 'messaging.tenant-invitation-issued');

  const mail = await waitFor(async () => (await sink.messagesTo(to))[0], { timeout: 20_000, description: 'the invitation in the mail sink' });
  expect(mail.subject).toBe('You are invited to 12 Elm Street');
  expect(mail.from[0]!.address).toBe(world.email);
  expect(mail.text.trim()).toBe(`Hello Jordan Lee,\n\nJoin here: ${data.inviteLink}\n{{unknown_thing}}\n\nThe Elm team`);

  // The mail reaches the sink a moment before the dispatcher records the send as sent.
  const deliveries = await waitFor(
    async () => {
      const { rows } = await harness.db.query<{ purpose: string; status: string }>(`select purpose, status from ${harness.table('outbound_delivery')} where to_address = $1`, [to]);
      return rows.every((row) => row.status !== 'sending') ? rows : undefined;
    },
    { timeout: 20_000, description: 'the send recorded' },
  );
  expect(deliveries).toEqual([{ purpose: 'invitation', status: 'sent' }]);
  const audit = await harness.db.query(`select action, detail from ${harness.table('message_audit')} where detail->>'to' = $1`, [to]);
  expect(audit.rows).toEqual([{ action: 'invitation_queued', detail: expect.objectContaining({ tenantId: world.tenant.id, buildingId, event: envelope.id }) }]);
  // Every delivery of the envelope was handled before we count: one send, one mail.
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(await sink.messagesTo(to)).toHaveLength(1);

  const sent = await harness.call(ListSentEmails, { location_id: world.locationId }, world.owner);
  expect(sent.items.find((i) => i.to === to)).toMatchObject({ purpose: 'invitation', status: 'sent', subject: 'You are invited to 12 Elm Street', message_id: null });
});

it('without an address of its own, the location invites from the platform\'s no-reply address', async () => {
  const bare = await harness.world();
  const buildingId = await building(bare);
  await harness.db.query(`delete from ${harness.table('location_email_address')} where location_id = $1`, [bare.locationId]);
  const to = uniqueAddress('noaddress');
  await harness.publish(TenantInvitationIssued, invitation(bare, buildingId, to, { subject: 'Welcome', body: 'Hello {{tenant_name}}' }));
  const mail = await waitFor(async () => (await sink.messagesTo(to))[0], { timeout: 20_000, description: 'the invitation in the mail sink' });
  expect(mail.from[0]!.address).toBe('no-reply@mail.pm.local');
  expect(mail.text.trim()).toBe('Hello Jordan Lee');
});

it('e-mails a lease renewal with the building\'s own lease-renewal template, signed', async () => {
  const buildingId = await building(world);
  await harness.call(UpdateBuildingEmailTemplate, { id: buildingId, slug: 'lease-renewal', subject: 'Renew by {{lease_end}}', body: 'Dear {{tenant_name}}, renew at {{property_address}}?' }, world.owner);
  await harness.call(UpdateBuildingSignature, { id: buildingId, signature: 'Leasing office' }, world.owner);
  const to = uniqueAddress('renee');
  const { subject: _s, body: _b, ...facts } = invitation(world, buildingId, to, { subject: '', body: '' });
  const envelope = await harness.publishEnvelope(LeaseRenewalRequested, { ...facts, requestedBy: world.owner.userId });
  await harness.redeliver(LeaseRenewalRequested, envelope, 'messaging.lease-renewal-requested');
  const mail = await waitFor(async () => (await sink.messagesTo(to))[0], { timeout: 20_000, description: 'the renewal in the mail sink' });
  expect(mail.subject).toBe('Renew by 2027-01-31');
  expect(mail.text.trim()).toBe('Dear Jordan Lee, renew at 12 Elm Street, Springfield, IL 62701?\n\nLeasing office');
  const deliveries = await harness.db.query(`select purpose, requested_by from ${harness.table('outbound_delivery')} where to_address = $1`, [to]);
  expect(deliveries.rows).toEqual([{ purpose: 'renewal', requested_by: world.owner.userId }]);
});

it('e-mails a rent notice payments worded, signed, from the location\'s address, once however often it is asked', async () => {
  const buildingId = await building(world);
  await harness.call(UpdateBuildingSignature, { id: buildingId, signature: 'Rent office' }, world.owner);
  const to = uniqueAddress('rent');
  const envelope = await harness.publishEnvelope(RentNoticeRequested, {
    noticeId: `receipt:stripe:pi_${uuidv7()}:${world.tenant.id}`,
    kind: 'receipt',
    accountId: world.owner.userId,
    locationId: world.locationId,
    buildingId,
    tenantId: world.tenant.id,
    email: to,
    phone: null,
    subject: 'Receipt: $1,850.00 rent received',
    body: 'Hello Jordan Lee,\n\nWe received your rent payment of $1,850.00.',
    sms: null,
    translations: {},
    requestedBy: null,
  });
  await harness.redeliver(RentNoticeRequested, envelope, 'messaging.rent-notice-requested');
  // The same notice asked again (another event with its id) sends nothing more.
  await harness.publish(RentNoticeRequested, envelope.data);
  const mail = await waitFor(async () => (await sink.messagesTo(to))[0], { timeout: 20_000, description: 'the receipt in the mail sink' });
  expect(mail.subject).toBe('Receipt: $1,850.00 rent received');
  expect(mail.from[0]!.address).toBe(world.email);
  expect(mail.text.trim()).toBe('Hello Jordan Lee,\n\nWe received your rent payment of $1,850.00.\n\nRent office');
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const deliveries = await harness.db.query(`select purpose from ${harness.table('outbound_delivery')} where to_address = $1`, [to]);
  expect(deliveries.rows).toEqual([{ purpose: 'rent' }]);
});

it("texts a rent notice to a tenant's phone from the location's number, once, and only e-mails where there is no number to text from", async () => {
  const buildingId = await building(world);
  const phone = `+1555987${String(Date.now()).slice(-4)}`;
  const notice = (id: string, locationId: string) => ({
    noticeId: `reminder:${id}:${world.tenant.id}`,
    kind: 'reminder' as const,
    accountId: world.owner.userId,
    locationId,
    buildingId,
    tenantId: world.tenant.id,
    email: null,
    phone,
    subject: 'Rent of $1,850.00 is due on January 1, 2027',
    body: 'Hello Jordan Lee,\n\nA reminder that your rent is due.',
    sms: 'Reminder: your rent of $1,850.00 for Building A, Unit 2B is due on January 1, 2027.',
    translations: {},
    requestedBy: null,
  });
  const envelope = await harness.publishEnvelope(RentNoticeRequested, notice(uuidv7(), world.locationId));
  await harness.redeliver(RentNoticeRequested, envelope, 'messaging.rent-notice-requested');
  const texts = async () => (await harness.db.query(`select channel, from_address, body, purpose from ${harness.table('outbound_delivery')} where to_address = $1`, [phone])).rows;
  await waitFor(async () => ((await texts()).length > 0 ? true : undefined), { timeout: 20_000, description: 'the text queued' });
  expect(await texts()).toEqual([{ channel: 'sms', from_address: world.number, body: 'Reminder: your rent of $1,850.00 for Building A, Unit 2B is due on January 1, 2027.', purpose: 'rent' }]);

  // A location without a number has nothing to text from: nothing is queued for the phone.
  const numberless = `loc-${uuidv7()}`;
  await harness.publish(RentNoticeRequested, notice(uuidv7(), numberless));
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  expect(await texts()).toHaveLength(1);
});

it('words a rent notice in the language the tenant writes in, where payments wrote it in that language', async () => {
  const w = await harness.world();
  const buildingId = await building(w, w.tenant.buildingId);
  const notice = (id: string) => ({
    noticeId: `late:${id}:${w.tenant.id}`,
    kind: 'late_notice' as const,
    accountId: w.owner.userId,
    locationId: w.locationId,
    buildingId,
    tenantId: w.tenant.id,
    email: w.tenant.email,
    phone: w.tenant.phone,
    subject: 'Rent is late: a late fee of $75.00 was added',
    body: 'Hello Maria Lopez,\n\nYour rent is late.',
    sms: 'Your rent is late: a late fee of $75.00 was added.',
    translations: { es: { subject: 'Renta atrasada: se agregó un cargo por atraso de $75.00', body: 'Hola Maria Lopez:\n\nSu renta está atrasada.', sms: 'Su renta está atrasada: se agregó un cargo por atraso de $75.00.' } },
    requestedBy: null,
  });
  const sent = async (to: string) => (await harness.db.query(`select channel, subject, body from ${harness.table('outbound_delivery')} where to_address = $1 order by created_at`, [to])).rows;

  // Nothing known of the tenant's language yet: English.
  await harness.publish(RentNoticeRequested, notice(uuidv7()));
  await waitFor(async () => ((await sent(w.tenant.phone)).length === 1 ? true : undefined), { timeout: 20_000, description: 'the English text' });
  expect((await sent(w.tenant.phone))[0]).toMatchObject({ channel: 'sms', body: 'Your rent is late: a late fee of $75.00 was added.' });

  // The tenant texts in Spanish, and the draft of their message says so: the next notice is in Spanish, by both channels.
  const sid = await harness.sms(w.tenant.phone, w.number, '¿Puedo pagar la renta el viernes?');
  const message = await harness.row<{ id: string }>(`select id from ${harness.table('message')} where external_id = $1`, [sid]);
  await harness.completeDraft(message!.id, { language: 'es', reply: 'Sí, puede pagar el viernes.' });
  await harness.publish(RentNoticeRequested, notice(uuidv7()));
  await waitFor(async () => ((await sent(w.tenant.phone)).length === 2 ? true : undefined), { timeout: 20_000, description: 'the Spanish text' });
  expect((await sent(w.tenant.phone))[1]).toMatchObject({ channel: 'sms', body: 'Su renta está atrasada: se agregó un cargo por atraso de $75.00.' });
  const mails = await sent(w.tenant.email);
  expect(mails.at(-1)).toMatchObject({ channel: 'email', subject: 'Renta atrasada: se agregó un cargo por atraso de $75.00' });
  expect(mails.at(-1)!.body).toMatch(/^Hola Maria Lopez:\n\nSu renta está atrasada\./);
});

it('signs an e-mail reply with the tenant\'s building\'s signature, and an unknown sender\'s with the location\'s default', async () => {
  // The location's default is its first building's signature: this one is older than the tenant's building.
  const first = uuidv7();
  const w = await harness.world();
  await building(w, first);
  await building(w, w.tenant.buildingId);
  await harness.call(UpdateBuildingSignature, { id: first, signature: 'Front desk, building A' }, w.owner);
  await harness.call(UpdateBuildingSignature, { id: w.tenant.buildingId, signature: 'Maria\'s building team' }, w.owner);

  const reply = async (from: string, signature: string) => {
    const subject = `Question ${uuidv7()}`;
    const inbound = await harness.email(from, w.email, subject, 'A question');
    const row = await harness.row<{ session_id: string }>(`select session_id from ${harness.table('message')} where external_id = $1`, [inbound]);
    const answer = await harness.call(SendEmailResponse, { sessionId: row!.session_id, response: 'Here is the answer.' }, w.owner);
    // The thread keeps what went out.
    expect(answer.sent.message).toBe(`Here is the answer.\n\n${signature}`);
    const mail = await waitFor(async () => (await sink.messagesTo(from)).find((m) => m.subject === `Re: ${subject}`), { timeout: 20_000, description: 'the reply in the mail sink' });
    expect(mail.text.trim()).toBe(`Here is the answer.\n\n${signature}`);
  };
  await reply(w.tenant.email, 'Maria\'s building team');
  await reply(uniqueAddress('stranger'), 'Front desk, building A');
});
