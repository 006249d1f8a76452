import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { jest } from '@jest/globals';
import {
  AT_LEAST_ONE_RECIPIENT,
  BUILDING_NOT_FOUND,
  BULK_EMAIL_SENT,
  BULK_SMS_SENT,
  ContactChanged,
  EMAIL_SENT,
  ListSentEmails,
  ListSentSms,
  NOT_A_BUILDING_TENANT,
  NOT_A_LOCATION_CONTACT,
  NOT_A_LOCATION_TENANT,
  PartnerUpdated,
  RECIPIENTS_REQUIRED,
  SendBulkEmail,
  UpdateBuildingSignature,
  SendBulkSms,
  SendEmail,
  TenantCreated,
  type StoredFileRef,
} from '@pm/contracts';
import { FileStore } from '@pm/files';
import { MailSinkClient } from '@pm/mail';
import { RpcFailure } from '@pm/messaging';
import { testEnv, waitFor } from '@pm/testing';
import { v7 as uuidv7 } from 'uuid';
import { MessagingHarness, type MessagingWorld } from './support/messaging-harness.js';

jest.setTimeout(120_000);

/**
 * Bulk e-mail, bulk SMS and Send E-mail on real PostgreSQL, NATS (the file's own), MinIO and the stack's mail sink:
 * the service's own dispatcher delivers e-mail over SMTP to the sink and SMS to the sandbox carrier.
 */
let harness: MessagingHarness;
let world: MessagingWorld;
let stranger: MessagingWorld;
const sink = new MailSinkClient(testEnv().MAIL_UI_URL);
const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\n% the water shut-off notice\ntrailer <<>>\n%%EOF\n');

beforeAll(async () => {
  harness = await MessagingHarness.start({ smtp: { maxBytes: 1024 * 1024, maxRecipients: 5 }, env: { OUTBOUND_POLL_MS: '100' } });
  world = await harness.world();
  stranger = await harness.world();
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

/** A tenant of the world's location, in `buildingId`, once messaging's copy has them. */
async function tenant(of: MessagingWorld, buildingId: string, contact: { email?: string; phone?: string; fullName?: string }): Promise<{ id: string; email: string | undefined; phone: string | undefined }> {
  const id = uuidv7();
  await harness.publish(TenantCreated, {
    locationId: of.locationId,
    accountId: of.owner.userId,
    ownerUserId: of.owner.userId,
    tenantId: id,
    unitId: uuidv7(),
    buildingId,
    fullName: contact.fullName ?? 'Jordan Lee',
    phoneNumbers: contact.phone ? [contact.phone] : [],
    emails: contact.email ? [contact.email] : [],
  });
  await waitFor(() => harness.row(`select 1 from ${harness.table('tenant_directory')} where tenant_id = $1`, [id]), { timeout: 20_000, description: 'tenant copied' });
  return { id, email: contact.email, phone: contact.phone };
}

/** The PDF as the BFF stores a form's file: once, under `mail/outbound/`. */
async function storedPdf(name = 'Water shut-off.pdf'): Promise<StoredFileRef> {
  const stored = await harness.service.app.get(FileStore).put(Readable.from([pdf]), { prefix: 'mail/outbound', maxBytes: 1024 * 1024, accept: ['application/pdf'] });
  return { key: stored.key, file_name: name, content_type: 'application/pdf', size: stored.size, sha256: stored.sha256 };
}

async function queued(where: string, params: unknown[]): Promise<number> {
  return Number((await harness.row<{ n: string }>(`select count(*) as n from ${harness.table('outbound_delivery')} where ${where}`, params))!.n);
}

const unique = () => randomUUID().slice(0, 8);

describe('bulk e-mail', () => {
  it('sends a PDF to three tenants of the building: three e-mails from the location address, each with the file; one audit entry; listed on Sent E-mails', async () => {
    const run = unique();
    const others = [await tenant(world, world.tenant.buildingId, { email: `ana.${run}@example.com` }), await tenant(world, world.tenant.buildingId, { email: `lee.${run}@example.com` })];
    const recipients = [world.tenant.email, ...others.map((o) => o.email!)];
    const subject = `Water shut-off on Friday ${run}`;
    const attachment = await storedPdf();
    await harness.call(UpdateBuildingSignature, { id: world.tenant.buildingId, signature: 'Elm Street Management\n(217) 555-0100' }, world.owner);

    const answer = await harness.call(
      SendBulkEmail,
      // Addresses as people type them: another case, spaces around, one twice.
      { id: world.tenant.buildingId, recipients: [` ${recipients[0]!.toUpperCase()} `, ...recipients.slice(1), recipients[1]!], subject, body: 'The water will be off on Friday from 9 AM to noon.', attachments: [attachment] },
      world.owner,
    );
    expect(answer).toEqual({ message: BULK_EMAIL_SENT, queued: 3 });

    for (const to of recipients) {
      const mail = await waitFor(async () => (await sink.messagesTo(to)).find((m) => m.subject === subject), { timeout: 20_000, description: `the e-mail to ${to}` });
      expect(mail.from[0]!.address).toBe(world.email);
      expect(mail.text).toContain('The water will be off on Friday from 9 AM to noon.\n\nElm Street Management\n(217) 555-0100');
      expect(mail.attachments).toEqual([expect.objectContaining({ fileName: 'Water shut-off.pdf', contentType: 'application/pdf', length: pdf.length })]);
    }
    // Stored once, referenced by every delivery.
    const keys = await harness.db.query<{ key: string }>(`select distinct a->>'key' as key from ${harness.table('outbound_delivery')}, jsonb_array_elements(attachments) a where subject = $1`, [subject]);
    expect(keys.rows).toEqual([{ key: attachment.key }]);

    const audit = await harness.db.query<{ action: string; actor: string; detail: { recipients: { to: string }[]; attachments: { sha256: string }[]; building_id: string } }>(
      `select action, actor, detail from ${harness.table('message_audit')} where detail->>'subject' = $1`,
      [subject],
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]).toMatchObject({ action: 'bulk_email_sent', actor: world.owner.userId, detail: { building_id: world.tenant.buildingId, attachments: [{ sha256: attachment.sha256 }] } });
    expect(audit.rows[0]!.detail.recipients.map((r) => r.to).sort()).toEqual([...recipients].sort());

    const sent = await waitFor(async () => {
      const page = await harness.call(ListSentEmails, { location_id: world.locationId, filter_by: 'sent' }, world.owner);
      const items = page.items.filter((item) => item.subject === subject);
      return items.length === 3 && items.every((item) => item.status === 'sent') ? items : undefined;
    }, { timeout: 20_000, description: 'listed sent' });
    expect(sent.map((item) => item.purpose)).toEqual(['bulk', 'bulk', 'bulk']);
  });

  it('the same Idempotency-Key twice sends once, even when the retry uploaded the file again', async () => {
    const subject = `Parking lot repaving ${unique()}`;
    const key = randomUUID();
    const call = async () =>
      harness.service.client.request(
        SendBulkEmail,
        { id: world.tenant.buildingId, recipients: [world.tenant.email], subject, body: 'Please move your car by Monday.', attachments: [await storedPdf('Repaving.pdf')] },
        { authorization: world.owner.authorization, idempotencyKey: key },
      );
    const first = await call();
    const second = await call();
    expect(second).toEqual(first);
    expect(await queued('subject = $1', [subject])).toBe(1);
    await waitFor(() => harness.row(`select 1 from ${harness.table('outbound_delivery')} where subject = $1 and status = 'sent'`, [subject]), { timeout: 20_000, description: 'sent' });
    const mails = await waitFor(async () => {
      const found = (await sink.messagesTo(world.tenant.email)).filter((m) => m.subject === subject);
      return found.length > 0 ? found : undefined;
    }, { timeout: 20_000, description: 'the e-mail' });
    expect(mails).toHaveLength(1);
  });

  it("refuses a recipient who is not the building's tenant, another account's tenant included, and queues nothing", async () => {
    const subject = `Not for strangers ${unique()}`;
    const body = 'Hello.';
    for (const recipients of [[world.tenant.email, stranger.tenant.email], ['nobody@example.com']]) {
      expect(await failure(harness.call(SendBulkEmail, { id: world.tenant.buildingId, recipients, subject, body }, world.owner))).toEqual({ status: 400, message: NOT_A_BUILDING_TENANT });
    }
    // A tenant of another building of the same location is not this building's.
    const elsewhere = await tenant(world, uuidv7(), { email: `elsewhere.${unique()}@example.com` });
    expect(await failure(harness.call(SendBulkEmail, { id: world.tenant.buildingId, recipients: [elsewhere.email!], subject, body }, world.owner))).toEqual({ status: 400, message: NOT_A_BUILDING_TENANT });
    // Another account's building is nobody's to this caller.
    expect(await failure(harness.call(SendBulkEmail, { id: stranger.tenant.buildingId, recipients: [stranger.tenant.email], subject, body }, world.owner))).toEqual({ status: 404, message: BUILDING_NOT_FOUND });
    expect(await failure(harness.call(SendBulkEmail, { id: 'not-an-id', recipients: [world.tenant.email], subject, body }, world.owner))).toEqual({ status: 404, message: BUILDING_NOT_FOUND });
    expect(await failure(harness.call(SendBulkEmail, { id: world.tenant.buildingId, recipients: [], subject, body }, world.owner))).toEqual({ status: 400, message: RECIPIENTS_REQUIRED });
    expect(await failure(harness.call(SendBulkEmail, { id: world.tenant.buildingId, recipients: [world.tenant.email], subject: ' ', body }, world.owner))).toEqual({ status: 400, message: 'Subject is required' });
    expect(await failure(harness.call(SendBulkEmail, { id: world.tenant.buildingId, recipients: [world.tenant.email], subject, body: '\n' }, world.owner))).toEqual({ status: 400, message: 'Message is required' });
    expect(await failure(harness.call(SendBulkEmail, { id: world.tenant.buildingId, recipients: [world.tenant.email], subject, body }, world.partners.VIEWER))).toMatchObject({ status: 403 });
    expect(await queued('subject = $1', [subject])).toBe(0);
  });
});

describe('bulk SMS', () => {
  it('texts the tenants from the location number; a tenant without a phone is skipped and named', async () => {
    const run = unique();
    const withPhone = await tenant(world, world.tenant.buildingId, { phone: `+1555777${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`, fullName: 'Ana Ruiz' });
    const noPhone = await tenant(world, world.tenant.buildingId, { email: `nophone.${run}@example.com`, fullName: 'Sam Park' });
    const message = `Elevator maintenance tomorrow 10-12 (${run}).`;

    const answer = await harness.call(SendBulkSms, { location_id: world.locationId, message, tenantIds: [world.tenant.id, withPhone.id, noPhone.id, withPhone.id] }, world.owner);
    expect(answer).toEqual({ message: BULK_SMS_SENT, queued: 2, skipped: [{ tenant_id: noPhone.id, full_name: 'Sam Park' }] });

    for (const phone of [world.tenant.phone, withPhone.phone!]) {
      const got = await waitFor(() => harness.row<{ from_number: string }>(`select from_number from ${harness.table('sandbox_phone_message')} where to_number = $1 and body = $2`, [phone, message]), {
        timeout: 15_000,
        description: `the sandbox phone ${phone} got the text`,
      });
      expect(got.from_number).toBe(world.number);
    }
    const audit = await harness.row<{ action: string; detail: { recipients: unknown[]; skipped: { tenant_id: string; reason: string }[] } }>(
      `select action, detail from ${harness.table('message_audit')} where action = 'bulk_sms_sent' and detail->>'sha256' = encode(sha256(convert_to($1, 'UTF8')), 'hex')`,
      [message],
    );
    expect(audit!.detail.recipients).toHaveLength(2);
    expect(audit!.detail.skipped).toEqual([{ tenant_id: noPhone.id, full_name: 'Sam Park', reason: 'no_phone' }]);
    const sent = await waitFor(async () => {
      const items = (await harness.call(ListSentSms, { location_id: world.locationId }, world.owner)).items.filter((item) => item.message === message);
      return items.length === 2 && items.every((item) => item.status === 'sent') ? items : undefined;
    }, { timeout: 15_000, description: 'listed sent' });
    expect(sent.map((item) => item.purpose)).toEqual(['bulk', 'bulk']);
  });

  it("refuses another account's tenant and queues nothing", async () => {
    const message = `Not for strangers ${unique()}`;
    expect(await failure(harness.call(SendBulkSms, { location_id: world.locationId, message, tenantIds: [world.tenant.id, stranger.tenant.id] }, world.owner))).toEqual({ status: 400, message: NOT_A_LOCATION_TENANT });
    expect(await failure(harness.call(SendBulkSms, { location_id: world.locationId, message, tenantIds: [] }, world.owner))).toEqual({ status: 400, message: RECIPIENTS_REQUIRED });
    expect(await failure(harness.call(SendBulkSms, { location_id: stranger.locationId, message, tenantIds: [stranger.tenant.id] }, world.owner))).toMatchObject({ status: 404 });
    expect(await queued('body = $1', [message])).toBe(0);
  });
});

describe('Send E-mail', () => {
  it('sends one e-mail to an address given twice, and reaches a partner of the location', async () => {
    const subject = `Boiler service ${unique()}`;
    const vendor = { partnerId: uuidv7(), email: `plumber.${unique()}@example.com` };
    await harness.publish(PartnerUpdated, {
      partnerId: vendor.partnerId,
      accountId: world.owner.userId,
      userId: null,
      fullName: 'Sam Rivera',
      email: vendor.email,
      phone: null,
      role: 'VENDOR',
      isEmergencyContact: false,
      locationIds: [world.locationId],
    });
    await waitFor(() => harness.row(`select 1 from ${harness.table('partner_directory')} where partner_id = $1`, [vendor.partnerId]), { timeout: 20_000, description: 'partner copied' });

    const answer = await harness.call(SendEmail, { locationId: world.locationId, recipients: [world.tenant.email, world.tenant.email.toUpperCase(), vendor.email], subject, body: 'Could you service the boiler next Tuesday?' }, world.owner);
    expect(answer).toEqual({ message: EMAIL_SENT, queued: 2 });
    const mail = await waitFor(async () => (await sink.messagesTo(vendor.email)).find((m) => m.subject === subject), { timeout: 20_000, description: 'the vendor got it' });
    expect(mail.from[0]!.address).toBe(world.email);
    await waitFor(async () => (await sink.messagesTo(world.tenant.email)).find((m) => m.subject === subject), { timeout: 20_000, description: 'the tenant got it' });
    // Give a second copy time to arrive, were one sent.
    await waitFor(() => harness.row(`select 1 from ${harness.table('outbound_delivery')} where subject = $1 and status = 'sent' having count(*) = 2`, [subject]), { timeout: 20_000, description: 'both sent' });
    expect((await sink.messagesTo(world.tenant.email)).filter((m) => m.subject === subject)).toHaveLength(1);
    expect(await queued(`subject = $1 and purpose = 'direct'`, [subject])).toBe(2);
  });

  it("reaches a contact of the location (the contacts page's people), and not one of another location, another account or deleted", async () => {
    const subject = `HOA meeting ${unique()}`;
    const contact = async (data: { contactId?: string; accountId: string; locationIds: string[]; email: string }) => {
      const contactId = data.contactId ?? uuidv7();
      const eventId = await harness.publish(ContactChanged, { contactId, accountId: data.accountId, name: 'Elm HOA', role: 'HOA', emails: [data.email], locationIds: data.locationIds });
      await waitFor(() => harness.row(`select 1 from ${harness.table('contact_directory')} where contact_id = $1 and stamp = $2`, [contactId, eventId]), { timeout: 20_000, description: 'contact copied' });
      return contactId;
    };
    const hoa = { email: `board.${unique()}@elm-hoa.example` };
    const hoaId = await contact({ accountId: world.owner.userId, locationIds: [world.locationId], email: hoa.email });
    const elsewhere = `elsewhere.${unique()}@example.com`;
    await contact({ accountId: world.owner.userId, locationIds: [uuidv7()], email: elsewhere });
    const otherAccount = `other.${unique()}@example.com`;
    await contact({ accountId: stranger.owner.userId, locationIds: [world.locationId], email: otherAccount });

    const answer = await harness.call(SendEmail, { locationId: world.locationId, recipients: [hoa.email.toUpperCase()], subject, body: 'The board meets on Monday at 7 PM.' }, world.owner);
    expect(answer).toEqual({ message: EMAIL_SENT, queued: 1 });
    const mail = await waitFor(async () => (await sink.messagesTo(hoa.email)).find((m) => m.subject === subject), { timeout: 20_000, description: 'the contact got it' });
    expect(mail.from[0]!.address).toBe(world.email);
    for (const recipients of [[elsewhere], [otherAccount]]) {
      expect(await failure(harness.call(SendEmail, { locationId: world.locationId, recipients, subject: `${subject} again`, body: 'Hello.' }, world.owner))).toEqual({ status: 400, message: NOT_A_LOCATION_CONTACT });
    }
    // Deleted from its last location: reaches nobody.
    await contact({ contactId: hoaId, accountId: world.owner.userId, locationIds: [], email: hoa.email });
    expect(await failure(harness.call(SendEmail, { locationId: world.locationId, recipients: [hoa.email], subject: `${subject} again`, body: 'Hello.' }, world.owner))).toEqual({ status: 400, message: NOT_A_LOCATION_CONTACT });
    expect(await queued('subject = $1', [`${subject} again`])).toBe(0);
  });

  it("refuses an address the location does not know, another account's tenant included", async () => {
    const subject = `Unknown ${unique()}`;
    for (const recipients of [[stranger.tenant.email], [world.tenant.email, 'someone@example.com']]) {
      expect(await failure(harness.call(SendEmail, { locationId: world.locationId, recipients, subject, body: 'Hello.' }, world.owner))).toEqual({ status: 400, message: NOT_A_LOCATION_CONTACT });
    }
    expect(await failure(harness.call(SendEmail, { locationId: world.locationId, recipients: [], subject, body: 'Hello.' }, world.owner))).toEqual({ status: 400, message: AT_LEAST_ONE_RECIPIENT });
    expect(await failure(harness.call(SendEmail, { locationId: world.locationId, recipients: ['not an address'], subject, body: 'Hello.' }, world.owner))).toEqual({ status: 400, message: 'Invalid email address' });
    expect(await queued('subject = $1', [subject])).toBe(0);
  });
});
