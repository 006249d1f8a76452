import { jest } from '@jest/globals';
import { Readable } from 'node:stream';
import {
  DocumentStatusChanged,
  DocumentUploaded,
  EMAIL_ATTACHMENTS_FOLDER,
  EmailAttachmentReceived,
  GetDocument,
  RegisterUploadedDocument,
  type DataOf,
} from '@pm/contracts';
import { buildEnvelope } from '@pm/messaging';
import { waitFor } from '@pm/testing';
import { v7 as uuidv7 } from 'uuid';
import { VaultHarness, type VaultWorld } from './support/vault-harness.js';

jest.setTimeout(180_000);

/**
 * Attachments of e-mails sent to a location's address, announced by messaging's `EmailAttachmentReceived`, filed into
 * the location's "E-mail attachments" system folder, on real NATS, MinIO and PostgreSQL. The attachment is stored the
 * way messaging stores it (its own key under `mail/inbound-attachments/`) and the event published as messaging's relay does.
 */
let harness: VaultHarness;
let world: VaultWorld;
const pdf = (text: string): Buffer => Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);

/** The head of a workbook: a zip whose first entry is under xl/ (what messaging keeps and the vault does not take). */
function xlsx(): Buffer {
  const name = Buffer.from('xl/workbook.xml');
  const header = Buffer.alloc(30);
  header.write('PK\u0003\u0004', 0, 'latin1');
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name, Buffer.alloc(64, 0x20)]);
}

beforeAll(async () => {
  harness = await VaultHarness.start();
  world = await harness.world();
});
afterAll(async () => harness?.close());

interface DocumentRow {
  id: string;
  folder_id: string;
  storage_key: string;
  source: string;
  message_id: string;
  attachment_id: string;
  building_id: string | null;
  unit_id: string | null;
  tenant_id: string | null;
  created_by: string | null;
  original_name: string;
  status: string;
}

/** Stores bytes as messaging keeps an inbound attachment, and answers the event messaging records for it. */
async function attachment(bytes: Buffer, fileName: string, location: VaultWorld = world): Promise<DataOf<typeof EmailAttachmentReceived>> {
  const messageId = uuidv7();
  const stored = await harness.store.put(Readable.from([bytes]), {
    prefix: `mail/inbound-attachments/${uuidv7()}`,
    maxBytes: 10 * 1024 * 1024,
    accept: ['application/pdf', 'image/png', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  });
  return {
    locationId: location.locationId,
    accountId: location.owner.userId,
    ownerUserId: location.owner.userId,
    messageId,
    attachmentId: uuidv7(),
    buildingId: uuidv7(),
    unitId: uuidv7(),
    tenantId: uuidv7(),
    fileName,
    contentType: stored.contentType,
    size: stored.size,
    sha256: stored.sha256,
    storageKey: stored.key,
    receivedAt: new Date().toISOString(),
  };
}

const documentsOf = async (data: { messageId: string; attachmentId: string }): Promise<DocumentRow[]> =>
  (await harness.db.query<DocumentRow>(`select * from ${harness.table('document')} where message_id = $1 and attachment_id = $2`, [data.messageId, data.attachmentId])).rows;

const filed = (data: { messageId: string; attachmentId: string }): Promise<DocumentRow> =>
  waitFor(async () => (await documentsOf(data))[0], { timeout: 20_000, description: 'attachment filed' });

const handled = (eventId: string): Promise<unknown> =>
  waitFor(() => harness.row(`select 1 from ${harness.table('inbox')} where consumer = 'vault.email-attachment-received' and event_id = $1`, [eventId]), {
    timeout: 20_000,
    description: 'event handled',
  });

describe('e-mail attachments into the vault', () => {
  it('files a PDF attachment in the location’s "E-mail attachments" system folder, linked to the message, building, unit and tenant, on its own copy of the file', async () => {
    const data = await attachment(pdf(`renewal ${Date.now()}`), 'Lease renewal (signed).pdf');
    await harness.publish(EmailAttachmentReceived, data);
    const row = await filed(data);
    expect(row).toMatchObject({
      source: 'email',
      message_id: data.messageId,
      attachment_id: data.attachmentId,
      building_id: data.buildingId,
      unit_id: data.unitId,
      tenant_id: data.tenantId,
      created_by: null,
      original_name: 'Lease renewal (signed).pdf',
      status: 'PROCESSING',
    });
    const folder = await harness.row<{ name: string; system_kind: string; location_id: string }>(`select * from ${harness.table('folder')} where id = $1`, [row.folder_id]);
    expect(folder).toMatchObject({ name: EMAIL_ATTACHMENTS_FOLDER, system_kind: 'email_attachments', location_id: world.locationId });

    // The vault's copy is its own: removing it (as deleting the document will) leaves the conversation's file.
    expect(row.storage_key).toMatch(/^vault\/documents\/[0-9a-f-]{36}$/);
    expect(await harness.objectExists(row.storage_key)).toBe(true);
    await harness.store.remove(row.storage_key);
    expect(await harness.objectExists(data.storageKey)).toBe(true);

    // Filed once: one DocumentUploaded, with its first status PROCESSING at 0 (the pipeline, already reading it, may
    // have recorded progress since).
    const events = await harness.db.query<{ subject: string; data: { storageKey: string; source: string; status?: string; progress?: number } }>(
      `select subject, envelope->'data' as data from ${harness.table('outbox')} where envelope->'data'->>'documentId' = $1 order by created_at, id`,
      [row.id],
    );
    const uploaded = events.rows.filter((event) => event.subject === DocumentUploaded.subject);
    expect(uploaded).toHaveLength(1);
    expect(uploaded[0]!.data).toMatchObject({ storageKey: row.storage_key, source: 'email' });
    expect(events.rows.find((event) => event.subject === DocumentStatusChanged.subject)?.data).toMatchObject({ status: 'PROCESSING', progress: 0 });

    const view = await harness.call(GetDocument, { id: row.id }, world.owner);
    expect(view).toMatchObject({ folder_id: row.folder_id, metadata: { source: 'email', message_id: data.messageId }, tenant_id: data.tenantId });
  });

  it('files every later attachment of the location into the same one system folder, images included', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(`photo ${Date.now()}`.padEnd(64, '.'))]);
    const first = await attachment(pdf(`invoice ${Date.now()}`), 'invoice.pdf');
    const second = await attachment(png, 'leak under sink.png');
    await harness.publish(EmailAttachmentReceived, first);
    await harness.publish(EmailAttachmentReceived, second);
    const [a, b] = [await filed(first), await filed(second)];
    expect(b.folder_id).toBe(a.folder_id);
    const folders = await harness.db.query(`select id from ${harness.table('folder')} where location_id = $1 and system_kind = 'email_attachments'`, [world.locationId]);
    expect(folders.rows).toHaveLength(1);
  });

  it('files an attachment once, however often it is delivered: the same event again, or announced again under a new event', async () => {
    const data = await attachment(pdf(`twice ${Date.now()}`), 'move-in checklist.pdf');
    const envelope = buildEnvelope(EmailAttachmentReceived, data);
    await harness.publishEnvelope(EmailAttachmentReceived, envelope);
    await harness.publishEnvelope(EmailAttachmentReceived, envelope);
    const again = await harness.publish(EmailAttachmentReceived, data);
    await handled(envelope.id);
    await handled(again);
    expect(await documentsOf(data)).toHaveLength(1);
  });

  it('ignores types the vault does not take, without a folder or a document, and goes on filing the next attachment', async () => {
    const other = await harness.world({ name: '40 Birch Lane' });
    const workbook = await attachment(xlsx(), 'rent roll.xlsx', other);
    expect(workbook.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const eventId = await harness.publish(EmailAttachmentReceived, workbook);
    await handled(eventId);
    expect(await documentsOf(workbook)).toHaveLength(0);
    expect(await harness.row(`select 1 from ${harness.table('folder')} where location_id = $1`, [other.locationId])).toBeUndefined();

    const next = await attachment(pdf(`after workbook ${Date.now()}`), 'notice.pdf', other);
    await harness.publish(EmailAttachmentReceived, next);
    expect((await filed(next)).source).toBe('email');
  });

  it('does not file bytes the location already has (an upload of the same file): the attachment is handled, not retried', async () => {
    const bytes = pdf(`uploaded first ${Date.now()}`);
    const upload = await harness.storeFile(bytes, 'inspection.pdf');
    await harness.call(RegisterUploadedDocument, { file: upload, location_ids: [world.locationId] }, world.owner);
    const data = await attachment(bytes, 'inspection.pdf');
    const eventId = await harness.publish(EmailAttachmentReceived, data);
    await handled(eventId);
    expect(await documentsOf(data)).toHaveLength(0);
    const copies = await harness.db.query(`select id from ${harness.table('document')} where location_id = $1 and sha256 = $2`, [world.locationId, data.sha256]);
    expect(copies.rows).toHaveLength(1);
  });
});
