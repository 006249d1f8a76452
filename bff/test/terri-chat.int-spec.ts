import { jest } from '@jest/globals';
import { CHAT_LIMIT_MESSAGE, ChatMessageSchema, type ChatMessage } from '@pm/contracts';
import { SseTestClient } from './support/sse-test-client.js';
import { startTestPlatform, type TestPlatform } from './support/start-test-platform.js';

jest.setTimeout(180_000);

/**
 * Terri through the BFF as the browser uses it: real identity (anonymous sessions), portfolio, the assistant and the
 * BFF's generic routes and chat stream. The assistant runs without its models, so Terri's reply is its "AI
 * unavailable" message: what is tested here is the channel (whose events reach whom), not the AI.
 */
let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform();
});

afterAll(async () => {
  await platform?.stop();
});

interface Visitor {
  userId: string;
  headers: Record<string, string>;
}

async function api(path: string, init: { method?: string; body?: unknown; headers: Record<string, string> }): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${platform.baseUrl}/api/${path}`, {
    method: init.method ?? 'GET',
    headers: { ...init.headers, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

async function anonymousVisitor(): Promise<Visitor> {
  const { status, body } = await api('auth/anonymous', { method: 'POST', body: {}, headers: {} });
  expect(status).toBe(200);
  const user = body['user'] as { id: string; is_anonymous: boolean };
  expect(user.is_anonymous).toBe(true);
  const visitor = { userId: user.id, headers: { authorization: `Bearer ${String(body['access_token'])}` } };
  expect((await api('user-property/byaddress', { method: 'POST', body: { street: '12 Elm Street', city: 'Springfield', state: 'IL', zip: '62701' }, headers: visitor.headers })).status).toBe(200);
  return visitor;
}

async function nextMessage(stream: SseTestClient): Promise<ChatMessage> {
  const frame = await stream.next(30_000);
  expect(frame.event).toBe('message');
  return ChatMessageSchema.parse(JSON.parse(frame.data!));
}

it("delivers each visitor's messages and Terri's replies on that visitor's stream only, and refuses what the rules refuse", async () => {
  const a = await anonymousVisitor();
  const b = await anonymousVisitor();

  expect((await api('auth/chat-token', { headers: a.headers })).body).toEqual({ tokenOrProvider: 'session', channel: `user-channel_${a.userId}`, user_id: a.userId, stream_path: 'chat/stream' });
  const streamA = await SseTestClient.open(`${platform.baseUrl}/api/chat/stream`, a.headers);
  const streamB = await SseTestClient.open(`${platform.baseUrl}/api/chat/stream`, b.headers);
  expect(streamA.response.status).toBe(200);
  expect((await SseTestClient.open(`${platform.baseUrl}/api/chat/stream`, {})).response.status).toBe(401);

  const sent = await api('chat/messages', { method: 'POST', body: { text: 'When is trash collected?' }, headers: { ...a.headers, 'idempotency-key': 'a-first-question' } });
  expect(sent.status).toBe(201);
  expect(sent.body).toMatchObject({ role: 'user', user_id: a.userId, text: 'When is trash collected?' });
  const own = await nextMessage(streamA);
  expect(own).toMatchObject({ id: sent.body['id'], role: 'user' });
  const reply = await nextMessage(streamA);
  expect(reply).toMatchObject({ role: 'admin', user_id: a.userId, reply_to: sent.body['id'], outcome: 'unavailable', sources: [] });

  // The same Idempotency-Key answers the first message again, and posts nothing new.
  const retried = await api('chat/messages', { method: 'POST', body: { text: 'When is trash collected?' }, headers: { ...a.headers, 'idempotency-key': 'a-first-question' } });
  expect(retried.body['id']).toBe(sent.body['id']);

  // B's stream got nothing of A's; B's own message does reach it.
  await api('chat/messages', { method: 'POST', body: { text: 'Hello' }, headers: b.headers });
  expect(await nextMessage(streamB)).toMatchObject({ role: 'user', user_id: b.userId, text: 'Hello' });
  expect(await nextMessage(streamB)).toMatchObject({ role: 'admin', user_id: b.userId });

  expect((await api(`chat/messages/${reply.id}/reaction`, { method: 'PUT', body: { type: 'rate', rating: 'positive' }, headers: b.headers })).status).toBe(404);
  expect((await api('chat/messages', { headers: b.headers })).body['total']).toBe(2);
  expect((await api(`chat/messages/${reply.id}/reaction`, { method: 'PUT', body: { type: 'rate', rating: 'positive', user_id: a.userId }, headers: a.headers })).body).toMatchObject({ rating: 'positive' });

  expect(await api('chat/messages', { method: 'POST', body: { text: '' }, headers: a.headers })).toEqual({ status: 400, body: expect.objectContaining({ message: 'Message is required' }) });
  expect((await api('chat/messages', { method: 'POST', body: { text: 'x'.repeat(2001) }, headers: a.headers })).status).toBe(400);
  for (let i = 2; i <= 5; i++) expect((await api('chat/messages', { method: 'POST', body: { text: `Question ${i}` }, headers: a.headers })).status).toBe(201);
  expect(await api('chat/messages', { method: 'POST', body: { text: 'Question 6' }, headers: a.headers })).toEqual({ status: 403, body: expect.objectContaining({ message: CHAT_LIMIT_MESSAGE }) });
  expect((await api('chat/usage', { headers: a.headers })).body).toEqual({ user_messages: 5, limit: 5, limited: true });

  streamA.close();
  streamB.close();
});
