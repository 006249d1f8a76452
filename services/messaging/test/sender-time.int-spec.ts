import { jest } from '@jest/globals';
import { ListInboxItems, ListMessageSessions } from '@pm/contracts';
import { MessagingHarness, type MessagingWorld } from './support/messaging-harness.js';

jest.setTimeout(180_000);

/**
 * In the sandbox profile a message keeps the time its sender gave (the demo's history of weeks enters through the
 * real inputs): a text's signed `SandboxSentAt`, an e-mail's `Date` header. Real PostgreSQL, NATS and the SMTP
 * receiver; the rule's bounds and the production profile are in src/messages/sender-time.spec.ts.
 */
let harness: MessagingHarness;
let world: MessagingWorld;
const DAY = 24 * 3_600_000;
const daysAgo = (days: number) => new Date(Math.floor((Date.now() - days * DAY) / 1000) * 1000);

beforeAll(async () => {
  harness = await MessagingHarness.start({ smtp: { maxBytes: 1024 * 1024, maxRecipients: 5 } });
  world = await harness.world();
});

afterAll(async () => {
  await harness?.close();
});

const itemOf = async (externalId: string) =>
  (await harness.call(ListInboxItems, { location_id: world.locationId, limit: 200 }, world.owner)).items.find((item) => item.external_id.replace(/^<|>$/g, '') === externalId)!;

it("dates a sandbox text by its SandboxSentAt, its session too, and lists it among older messages", async () => {
  const sentAt = daysAgo(18);
  const old = await harness.sms(world.tenant.phone, world.number, 'The hallway light is out on the 3rd floor', { SandboxSentAt: sentAt.toISOString() });
  const recent = await harness.sms(world.tenant.phone, world.number, 'Thanks, it works again');
  expect((await itemOf(old)).created_at).toBe(sentAt.toISOString());
  const page = await harness.call(ListInboxItems, { location_id: world.locationId }, world.owner);
  expect(page.items.map((item) => item.external_id)).toEqual([recent, old]);
  // A text dated in the future, or minutes ago, is dated now.
  const future = await harness.sms(world.tenant.phone, world.number, 'From the future', { SandboxSentAt: new Date(Date.now() + DAY).toISOString() });
  expect(Date.now() - Date.parse((await itemOf(future)).created_at)).toBeLessThan(60_000);
});

it('refuses a SandboxSentAt that is not an ISO date and time (400), storing nothing', async () => {
  await expect(harness.sms(world.tenant.phone, world.number, 'Bad time', { SandboxSentAt: 'last tuesday' })).rejects.toThrow('webhook answered 400');
  const row = await harness.row<{ n: string }>(`select count(*) as n from ${harness.table('message')} where body = 'Bad time'`);
  expect(row!.n).toBe('0');
});

it("dates a sandbox e-mail by its Date header, and the thread's session by its newest message", async () => {
  const sentAt = daysAgo(12);
  const id = await harness.email(world.tenant.email, world.email, 'Lease renewal question', 'Can I renew for 6 months?', { Date: sentAt.toUTCString() });
  expect((await itemOf(id)).created_at).toBe(sentAt.toISOString());
  const sessions = await harness.call(ListMessageSessions, { location_id: world.locationId, channel: 'email' }, world.owner);
  expect(sessions.items[0]!.updated_at).toBe(sentAt.toISOString());
});
