import { jest } from '@jest/globals';
import { MessagingNotifyStream } from '@pm/contracts';
import { waitFor } from '@pm/testing';
import { callPlatform, signUpPropertyManager, type PlatformSession } from './support/property-manager.js';
import { SseTestClient } from './support/sse-test-client.js';
import { startTestPlatform, type TestPlatform } from './support/start-test-platform.js';

jest.setTimeout(240_000);

/**
 * msg/notify-stream end to end on the whole test platform (identity, portfolio, messaging with its dispatcher and the
 * sandbox carrier, the assistant without its models): what the web's live refresh listens to. A text in, its draft
 * asked of the AI (and failing, the models being absent), the team's edit and the reply's delivery each arrive as a
 * notice for the location, with the ids the browser refetches by; another account's manager hears none of it.
 */
let platform: TestPlatform;
let manager: PlatformSession;
let number: string;
let locationId: string;
const tester = '+15557770003';
const clients: SseTestClient[] = [];

const api = <T>(path: string, init: Parameters<typeof callPlatform>[2] = {}) => callPlatform<T>(platform.baseUrl, path, init);

interface Notice {
  type: string;
  status: string;
  location_id: string;
  message_id: string | null;
  ticket_id: string | null;
  urgent: boolean;
}

async function open(session: PlatformSession): Promise<SseTestClient> {
  const client = await SseTestClient.open(`${platform.baseUrl}/api/${MessagingNotifyStream.path}`, { authorization: session.authorization });
  clients.push(client);
  expect(client.response.status).toBe(200);
  await client.comment('connected', 10_000);
  return client;
}

/** Reads notices until one matches (the stream may carry others in between, in an order set by the services). */
async function until(client: SseTestClient, wanted: Partial<Notice>, timeoutMs = 30_000): Promise<Notice> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const frame = await client.next(Math.max(1, deadline - Date.now()));
    const notice = JSON.parse(frame.data!) as Notice;
    if (Object.entries(wanted).every(([key, value]) => notice[key as keyof Notice] === value)) return notice;
  }
}

beforeAll(async () => {
  platform = await startTestPlatform();
  manager = await signUpPropertyManager(platform.baseUrl, 'Robin Live');
  const location = await api<{ id: string }>('property-location', {
    body: { name: 'Live Court', address_text: '12 Elm Street, Springfield, IL 62701', type: 'MULTI_UNIT', declared_units_count: 4, is_rental_property: true },
    session: manager,
  });
  expect(location.status).toBe(201);
  locationId = location.body.id;
  const offered = await api<{ numbers: { phoneNumber: string }[] }>(`property-location/${locationId}/search-phone-number`, { session: manager });
  const assigned = await api(`property-location/${locationId}/phone-number`, { body: { phoneNumber: offered.body.numbers[0]!.phoneNumber }, session: manager });
  expect(assigned.status).toBe(200);
  number = await waitFor(
    async () => (await api<{ numbers: { phone_number: string }[] }>('sandbox/phone/numbers', { session: manager })).body.numbers[0]?.phone_number,
    { timeout: 30_000, description: 'the number known to messaging' },
  );
});

afterAll(async () => {
  for (const client of clients.splice(0)) client.close();
  await platform?.stop();
});

it("announces a text in, its draft's states, the team's edit and the reply's delivery to the location's manager only", async () => {
  const live = await open(manager);
  const stranger = await open(await signUpPropertyManager(platform.baseUrl, 'Sam Elsewhere'));

  expect((await api('sandbox/phone/sms', { body: { to: number, from: tester, body: 'Is the gym open on Sundays?' }, session: manager })).status).toBe(201);
  const received = await until(live, { type: 'message', status: 'received' });
  expect(received).toEqual({ type: 'message', status: 'received', location_id: locationId, message_id: expect.any(String), ticket_id: null, urgent: false });
  const messageId = received.message_id!;
  expect(await until(live, { type: 'draft', status: 'pending' })).toMatchObject({ location_id: locationId, message_id: messageId });
  // Without the models the assistant answers the draft failed: the card's Regenerate appears without a reload.
  expect(await until(live, { type: 'draft', status: 'failed' })).toMatchObject({ location_id: locationId, message_id: messageId });

  expect((await api(`message/${messageId}/draft`, { method: 'PUT', body: { response: 'Yes, from 8 AM to 6 PM.' }, session: manager })).status).toBe(200);
  expect(await until(live, { type: 'draft', status: 'edited' })).toMatchObject({ location_id: locationId, message_id: messageId });

  const sessions = await api<{ items: { session_id: string }[] }>(`message-session/all?location_id=${locationId}`, { session: manager });
  const sessionId = sessions.body.items[0]!.session_id;
  expect((await api('sms/send-response', { body: { sessionId, response: 'Yes, from 8 AM to 6 PM.' }, session: manager })).status).toBe(200);
  const delivered = await until(live, { type: 'delivery' });
  expect(delivered).toEqual({ type: 'delivery', status: 'sent', location_id: locationId, message_id: expect.any(String), ticket_id: null, urgent: false });
  // The notice names the reply as the thread lists it, already Sent when the browser refetches.
  const thread = await api<{ items: { id: string; direction: string; delivery_status: string | null }[] }>(`message-session/${sessionId}/messages`, { session: manager });
  expect(thread.body.items.find((item) => item.id === delivered.message_id)).toMatchObject({ direction: 'outbound', delivery_status: 'sent' });

  // Another account's manager heard nothing of it.
  await expect(stranger.next(500)).rejects.toThrow('No event within 500 ms');
});
