import { jest } from '@jest/globals';
import { EditMessageDraft, GetMessageDraft, ListInboxItems, RegenerateMessageDraft, type DraftSourceView, type InboxItem } from '@pm/contracts';
import { MessagingHarness, type MessagingWorld } from './support/messaging-harness.js';

jest.setTimeout(120_000);

/**
 * A deferral's near misses (the knowledge the assistant found near the message without judging it an answer) on real
 * PostgreSQL and NATS: the assistant's answer is fed to messaging over JetStream as the assistant publishes it, and what
 * is asserted is what the draft calls and the inbox serve.
 */
let harness: MessagingHarness;
let world: MessagingWorld;

const POOL = 'Is there a pool on the roof? When does it open?';
const nearMisses: DraftSourceView[] = [
  { kind: 'question', id: '01937a20-0a1b-7c2d-8e3f-4a5b6c7d8e01', title: 'Where is the gym and when is it open?', score: 0.38 },
  { kind: 'rule', id: '01937a20-0a1b-7c2d-8e3f-4a5b6c7d8e02', title: 'Amenity bookings', score: 0.21 },
];
const holding = 'Thank you for your message. The property manager will get back to you soon.';

beforeAll(async () => {
  harness = await MessagingHarness.start();
  world = await harness.world();
});

afterAll(async () => {
  await harness?.close();
});

async function messageOf(sid: string): Promise<string> {
  return (await harness.row<{ id: string }>(`select id from ${harness.table('message')} where external_id = $1`, [sid]))!.id;
}

async function inboxItem(messageId: string): Promise<InboxItem> {
  const page = await harness.call(ListInboxItems, { location_id: world.locationId, limit: 200 }, world.owner);
  const item = page.items.find((candidate) => candidate.id === messageId);
  if (!item) throw new Error(`${messageId} is not in the inbox`);
  return item;
}

describe('a deferral\'s near misses', () => {
  let messageId: string;

  beforeAll(async () => {
    messageId = await messageOf(await harness.sms(world.tenant.phone, world.number, POOL));
    await harness.completeDraft(messageId, { reply: holding, confidence: 0, intent: 'amenity_question', sources: [], nearMisses, outcome: 'not-covered', flaggedForManager: true });
  });

  it('are stored with the draft version and served by GET message/{id}/draft', async () => {
    const { versions } = await harness.call(GetMessageDraft, { id: messageId }, world.owner);
    expect(versions).toEqual([expect.objectContaining({ version: 1, status: 'ready', reply: holding, sources: [], near_misses: nearMisses, outcome: 'not-covered', flagged_for_manager: true })]);
    const row = await harness.row<{ near_misses: unknown }>(`select near_misses from ${harness.table('message_draft')} where message_id = $1`, [messageId]);
    expect(row?.near_misses).toEqual(nearMisses);
  });

  it('are on the inbox item\'s draft with its outcome, which tells the card it is a deferral', async () => {
    expect((await inboxItem(messageId)).draft).toEqual({ status: 'ready', version: 1, reply: holding, failure: null, sources: [], near_misses: nearMisses, outcome: 'not-covered' });
  });

  it('stay with the team\'s edit, as the sources do (what the AI found is still what it found)', async () => {
    const { draft } = await harness.call(EditMessageDraft, { id: messageId, response: 'The rooftop pool opens at 9 AM.' }, world.owner);
    expect(draft).toMatchObject({ version: 2, origin: 'edit', near_misses: nearMisses, outcome: null });
  });

  it('are none on a regenerated version until the assistant answers it, and then its own', async () => {
    const { draft } = await harness.call(RegenerateMessageDraft, { id: messageId }, world.owner);
    expect(draft).toMatchObject({ version: 3, status: 'pending', near_misses: [], outcome: null });
    expect((await inboxItem(messageId)).draft).toEqual({ status: 'pending', version: 3, reply: null, failure: null, sources: [], near_misses: [], outcome: null });

    const source = { kind: 'question' as const, id: '01937a20-0a1b-7c2d-8e3f-4a5b6c7d8e03', title: 'When is the rooftop pool open?', score: 0.91 };
    await harness.completeDraft(messageId, { reply: 'The rooftop pool is open from 9 AM to 9 PM.', sources: [source], outcome: 'model-reply' });
    expect((await inboxItem(messageId)).draft).toMatchObject({ status: 'ready', version: 3, sources: [source], near_misses: [], outcome: 'model-reply' });
  });

  it('are none on a failed draft', async () => {
    const failedId = await messageOf(await harness.sms(world.tenant.phone, world.number, 'And is the sauna heated?'));
    await harness.completeDraft(failedId, {}, { failure: 'The local AI model is not installed.' });
    expect((await inboxItem(failedId)).draft).toMatchObject({ status: 'failed', near_misses: [], outcome: null });
  });
});
