import { jest } from '@jest/globals';
import { ManagerChatStreamMessageSchema, type ManagerChatSession, type ManagerChatStreamMessage } from '@pm/contracts';
import { callPlatform, signUpPropertyManager, type PlatformSession } from './support/property-manager.js';
import { SseTestClient } from './support/sse-test-client.js';
import { startTestPlatform, type TestPlatform } from './support/start-test-platform.js';

// The assistant answers with the real local model: loading it takes seconds, an answer 5-30 s on a loaded 2-core machine.
jest.setTimeout(600_000);

/**
 * GET simulation/communicate/stream end to end: identity, portfolio and the assistant (with the cache's local models)
 * as their own processes, the BFF in this one. The manager's question goes in as the query string; the model's words
 * come back as `partial` messages while it writes (events through JetStream, addressed to the one user), then the
 * exchange as stored (`completed`). Asserts structure and timing, never the model's wording.
 */
let platform: TestPlatform;
let manager: PlatformSession;
let stranger: PlatformSession;
let locationId: string;

beforeAll(async () => {
  platform = await startTestPlatform({ assistantModels: 'local' });
  [manager, stranger] = [await signUpPropertyManager(platform.baseUrl, 'Robin Stream'), await signUpPropertyManager(platform.baseUrl, 'Sam Stranger')];
  const location = await callPlatform<{ id: string }>(platform.baseUrl, 'property-location', {
    body: { name: 'Stream Court', address_text: '12 Elm Street, Springfield, IL 62701', type: 'MULTI_UNIT', declared_units_count: 3, is_rental_property: true },
    session: manager,
  });
  expect(location.status).toBe(201);
  locationId = location.body.id;
  const building = await callPlatform<{ id: string }>(platform.baseUrl, 'building', { body: { name: 'North', property_location_id: locationId, address_text: '12 Elm Street, Springfield, IL 62701' }, session: manager });
  expect(building.status).toBe(201);
  for (const name of ['1A', '1B', '2A']) expect((await callPlatform(platform.baseUrl, 'unit', { body: { name, building_id: building.body.id }, session: manager })).status).toBe(201);
});

afterAll(async () => {
  await platform?.stop();
});

const streamUrl = (query: Record<string, string>) => `${platform.baseUrl}/api/simulation/communicate/stream?${new URLSearchParams(query).toString()}`;

/** Every message of a stream, each with when it arrived, until the stream ends. */
async function readAll(stream: SseTestClient): Promise<{ at: number; id: string | undefined; message: ManagerChatStreamMessage }[]> {
  const messages: { at: number; id: string | undefined; message: ManagerChatStreamMessage }[] = [];
  for (;;) {
    const frame = await stream.next(300_000).catch((error: unknown) => {
      if (error instanceof Error && error.message === 'The stream ended') return undefined;
      throw error;
    });
    if (!frame) return messages;
    expect(frame.event).toBe('message');
    messages.push({ at: Date.now(), id: frame.id, message: ManagerChatStreamMessageSchema.parse(JSON.parse(frame.data!)) });
  }
}

it("streams the answer's words as the model writes them, then the whole answer as stored, never cut mid-word", async () => {
  const messageId = crypto.randomUUID();
  const opened = Date.now();
  const question = 'Which units at Stream Court are vacant, and in which building is each of them?';
  const stream = await SseTestClient.open(streamUrl({ message: question, location_id: locationId, message_id: messageId }), { authorization: manager.authorization });
  expect(stream.response.status).toBe(200);
  expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const messages = await readAll(stream);

  const partials = messages.filter((each) => each.message.type === 'partial');
  const last = messages.at(-1)!;
  expect(last.message.type).toBe('completed');
  expect(messages.filter((each) => each.message.type !== 'partial')).toHaveLength(1);
  if (last.message.type !== 'completed') throw new Error('not completed');
  const completed = last.message;
  process.stderr.write(
    `[chat stream] ${partials.length} partial messages; first after ${partials[0] ? partials[0].at - opened : '-'} ms, completed after ${last.at - opened} ms (${partials.length > 1 ? partials.at(-1)!.at - partials[0]!.at : 0} ms of words): ${JSON.stringify(completed.message)}\n`,
  );

  // Words arrived before the end, each message the text so far in whole words.
  expect(partials.length).toBeGreaterThan(1);
  expect(partials[0]!.at).toBeLessThan(last.at);
  for (const [index, { message }] of partials.entries()) {
    expect(message).toMatchObject({ message_id: messageId, error: null });
    if (index > 0 && message.type === 'partial' && partials[index - 1]!.message.type === 'partial') expect(message.text.startsWith((partials[index - 1]!.message as { text: string }).text)).toBe(true);
  }
  // The stored answer, with what it rests on; one the budget or the deadline ended stops at a sentence's end and says so.
  expect(completed).toMatchObject({ message_id: messageId, error: null, question: { id: messageId, content: question }, reply: { sender: 'system' } });
  expect(completed.message.startsWith((partials.at(-1)!.message as { text: string }).text) || completed.outcome === 'cited-facts').toBe(true);
  if (completed.message.endsWith('(Answer stopped early.)')) expect(completed.message).toMatch(/[.!?]\n\(Answer stopped early\.\)$/);
  expect(completed.sources.length).toBeGreaterThan(0);
  // Each message has its stream position, for a resume.
  expect(messages.every((each) => each.id !== undefined && /^\d+$/.test(each.id))).toBe(true);

  // The exchange is kept in the manager's session like one sent by POST.
  const session = await callPlatform<{ session: ManagerChatSession; messages: { id: string }[] }>(platform.baseUrl, `simulation/sessions/${completed.session_id}`, { session: manager });
  expect(session.status).toBe(200);
  expect(session.body.messages.map((message) => message.id)).toEqual([messageId, completed.reply.id]);

  // Asked again with the same message_id, it asks nothing twice: the answer made is replayed.
  const again = await SseTestClient.open(streamUrl({ message: question, location_id: locationId, message_id: messageId }), { authorization: manager.authorization });
  const replayed = await readAll(again);
  expect(replayed.at(-1)!.message).toMatchObject({ type: 'completed', reply: { id: completed.reply.id } });
  expect((await callPlatform<{ messages: unknown[] }>(platform.baseUrl, `simulation/sessions/${completed.session_id}`, { session: manager })).body.messages).toHaveLength(2);
});

it("answers an error message with the server's reason when the answer fails after the stream opened", async () => {
  const first = await callPlatform<{ session_id: string }>(platform.baseUrl, 'simulation/communicate', { body: { message: 'How many units at Stream Court?', location_id: locationId }, session: manager });
  expect(first.status).toBe(200);
  const stream = await SseTestClient.open(streamUrl({ message: 'And how many of them are let?', session_id: first.body.session_id }), { authorization: manager.authorization });
  expect(stream.response.status).toBe(200);
  // The session goes while its answer is being written: the answer has nowhere to go.
  expect((await callPlatform(platform.baseUrl, `simulation/sessions/${first.body.session_id}`, { method: 'DELETE', session: manager })).status).toBe(200);
  const messages = await readAll(stream);
  expect(messages.at(-1)!.message).toMatchObject({ type: 'error', error: 'Chat session not found', session_id: first.body.session_id });
});

it('refuses before opening the stream, as JSON: no token, a missing message, another account\'s location', async () => {
  const anonymous = await fetch(streamUrl({ message: 'Hello?', location_id: locationId }), { headers: { accept: 'text/event-stream' } });
  expect(anonymous.status).toBe(401);
  const empty = await fetch(streamUrl({ location_id: locationId }), { headers: { accept: 'text/event-stream', authorization: manager.authorization } });
  expect([empty.status, ((await empty.json()) as { message: string }).message]).toEqual([400, 'Message is required']);
  const twice = await fetch(`${streamUrl({ location_id: locationId })}&message=a&message=b`, { headers: { accept: 'text/event-stream', authorization: manager.authorization } });
  expect(twice.status).toBe(400);
  const foreign = await fetch(streamUrl({ message: 'How many units?', location_id: locationId }), { headers: { accept: 'text/event-stream', authorization: stranger.authorization } });
  expect([foreign.status, ((await foreign.json()) as { message: string }).message]).toEqual([404, 'Property location not found']);
});
