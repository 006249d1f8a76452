import { createHash } from 'node:crypto';
import { jest } from '@jest/globals';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { EditMessageDraft, ExportMessageSession, THREAD_EXPORT_GENESIS_HASH, type ThreadExport } from '@pm/contracts';
import { canonicalJson, verifyChain } from '../src/thread-export/hash-chain.js';
import { AuditTrail } from '../src/outbound/audit-trail.js';
import { OutboundQueue } from '../src/outbound/outbound-queue.js';
import { MessagingHarness, type MessagingWorld } from './support/messaging-harness.js';

jest.setTimeout(120_000);

/**
 * "A thread the owner can prove": the real messaging service on real PostgreSQL and NATS. A tenant's thread with a
 * draft edited by the owner, an approval in the audit trail and its delivery in the outbox is exported, hash-chained;
 * the chain verifies as the export documents it, and a message changed in the database afterwards breaks it at that
 * entry.
 */
let harness: MessagingHarness;
let w: MessagingWorld;
let sessionId: string;
let messageIds: string[];

beforeAll(async () => {
  // No dispatcher: the reply stays queued, so two exports of the same thread see the same delivery (a send taking it
  // from queued to sent between them would change the entry's hash, as it should in production).
  harness = await MessagingHarness.start({ env: { OUTBOUND_DISPATCH: 'false' } });
  w = await harness.world();
  const sids = [
    await harness.sms(w.tenant.phone, w.number, 'Is the pool open this weekend?'),
    await harness.sms(w.tenant.phone, w.number, 'Also, can I get a second parking permit?', { NumMedia: '1', MediaUrl0: 'https://api.twilio.com/2010-04-01/Accounts/AC0/Messages/MM1/Media/ME1', MediaContentType0: 'image/jpeg' }),
  ];
  const rows = await harness.db.query<{ id: string; session_id: string }>(`select id, session_id from ${harness.table('message')} where external_id = any($1) order by received_at`, [sids]);
  sessionId = rows.rows[0]!.session_id;
  messageIds = rows.rows.map((row) => row.id);
  await harness.call(EditMessageDraft, { id: messageIds[0]!, response: 'Yes, the pool is open 9 AM to 8 PM on Saturday and Sunday.' }, w.owner);
  // The approval and the send as the sending feature records them, through the seam's own classes.
  const em = harness.service.app.get(MikroORM).em.fork() as EntityManager;
  await em.transactional(async (tx) => {
    const deliveryId = await new OutboundQueue().enqueue(tx, {
      accountId: w.owner.userId,
      locationId: w.locationId,
      purpose: 'reply',
      channel: 'sms',
      messageId: messageIds[0]!,
      from: w.number,
      to: w.tenant.phone,
      body: 'Yes, the pool is open 9 AM to 8 PM on Saturday and Sunday.',
      requestedBy: w.owner.userId,
    });
    await new AuditTrail().record(tx, {
      accountId: w.owner.userId,
      locationId: w.locationId,
      action: 'reply_approved',
      actor: w.owner.userId,
      sessionId,
      messageId: messageIds[0]!,
      deliveryId,
      detail: { edited: true },
    });
    await new AuditTrail().record(tx, { accountId: w.owner.userId, locationId: w.locationId, action: 'session_archived', actor: w.owner.userId, sessionId });
  });
});

afterAll(async () => {
  await harness?.close();
});

const exportOf = (): Promise<ThreadExport> => harness.call(ExportMessageSession, { id: sessionId }, w.owner);

it('exports every message oldest first with its draft versions, approval and delivery, and a chain that verifies as documented', async () => {
  const record = await exportOf();
  expect(record.session).toMatchObject({ id: sessionId, property_location_id: w.locationId, channel: 'sms', tenant: { id: w.tenant.id, full_name: 'Maria Lopez' } });
  expect(record.exported_by).toBe(w.owner.userId);
  expect(record.entries.map((entry) => entry.kind)).toEqual(['message', 'message', 'session_event']);
  const [first, second] = record.entries as Extract<ThreadExport['entries'][number], { kind: 'message' }>[];
  expect(first).toMatchObject({
    seq: 1,
    message_id: messageIds[0],
    channel: 'sms',
    direction: 'inbound',
    sender: { name: 'Maria Lopez', address: w.tenant.phone },
    body: 'Is the pool open this weekend?',
    audit: [expect.objectContaining({ action: 'reply_approved', actor: w.owner.userId, detail: { edited: true } })],
    deliveries: [expect.objectContaining({ purpose: 'reply', channel: 'sms', to: w.tenant.phone, status: 'queued', attempts: 0 })],
  });
  expect(first!.draft_versions).toEqual([
    expect.objectContaining({ version: 1, origin: 'ai', status: 'pending' }),
    expect.objectContaining({ version: 2, origin: 'edit', status: 'ready', edited_by: w.owner.userId, reply: 'Yes, the pool is open 9 AM to 8 PM on Saturday and Sunday.' }),
  ]);
  expect(second!.attachments).toEqual([{ name: 'ME1', content_type: 'image/jpeg', url: 'https://api.twilio.com/2010-04-01/Accounts/AC0/Messages/MM1/Media/ME1' }]);

  // The documented recipe, recomputed here with nothing but sha256.
  let previous = record.genesis_hash;
  expect(previous).toBe(THREAD_EXPORT_GENESIS_HASH);
  for (const entry of record.entries) {
    const { previous_hash, hash, ...content } = entry;
    expect(previous_hash).toBe(previous);
    expect(hash).toBe(createHash('sha256').update(previous + canonicalJson(content)).digest('hex'));
    previous = hash;
  }
  expect(record.final_hash).toBe(previous);
  expect(verifyChain(record.entries, record.final_hash)).toEqual({ valid: true });
});

it('a message changed in the database afterwards breaks the chain at that entry', async () => {
  const before = await exportOf();
  await harness.db.query(`update ${harness.table('message')} set body = $1 where id = $2`, ['Also, can I get a third parking permit?', messageIds[1]]);
  const after = await exportOf();
  expect(after.entries[0]!.hash).toBe(before.entries[0]!.hash);
  expect(after.entries[1]!.hash).not.toBe(before.entries[1]!.hash);
  // The owner's kept copy with the entry as the database now says it: the verifier points at entry 2 (index 1).
  const tampered = before.entries.map((entry, index) => (index === 1 ? { ...entry, body: 'Also, can I get a third parking permit?' } : entry));
  expect(verifyChain(tampered, before.final_hash)).toEqual({ valid: false, brokenAt: 1 });
});

it("another account's owner gets 404", async () => {
  const stranger = await harness.caller();
  await expect(harness.call(ExportMessageSession, { id: sessionId }, stranger)).rejects.toMatchObject({ status: 404, message: 'Message session not found' });
});
