import type { INestApplication } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/nats-core';
import { ListPropertyLocations, MessageDraftCompleted, MessageReceived, MessagingNotifyStream, TicketChanged } from '@pm/contracts';
import { connectNats, ensureStreams, EventPublisher, requestHandler, RpcFailure, RpcResponder } from '@pm/messaging';
import { startTestTokenIssuer, type TestTokenIssuer } from '@pm/testing';
import { randomUUID } from 'node:crypto';
import { SseTestClient } from './support/sse-test-client.js';
import { startTestBff } from './support/start-test-bff.js';

/**
 * GET msg/notify-stream as the BFF serves it from the stream registry, on real NATS JetStream: messaging's events
 * (a message in, a draft completed, a ticket changed) reach every caller who reaches the location, projected to
 * `{ type, status, ... }`, and nothing of another account's. Portfolio is a stand-in answering ListPropertyLocations
 * for the user of the token it receives, as in sse-streams.int-spec.ts.
 */
let app: INestApplication;
let baseUrl: string;
let tokens: TestTokenIssuer;
let nc: NatsConnection;
let publisher: EventPublisher;
let portfolio: RpcResponder;
const clients: SseTestClient[] = [];
const reachable = new Map<string, string[]>();
const [locationView] = ListPropertyLocations.fixture.response;

beforeAll(async () => {
  tokens = await startTestTokenIssuer();
  nc = await connectNats({ servers: process.env.NATS_URL!, name: 'bff-notify-stream-test' });
  await ensureStreams(nc);
  publisher = new EventPublisher(nc);
  portfolio = new RpcResponder(nc, 'bff-notify-stream-test-portfolio', console);
  portfolio.start([
    requestHandler({
      contract: ListPropertyLocations,
      handle: async (_request, context) => {
        const token = context.authorization?.replace(/^Bearer /, '');
        if (!token) throw RpcFailure.unauthorized();
        const { sub } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string };
        return (reachable.get(sub) ?? []).map((id) => ({ ...locationView!, id }));
      },
    }),
  ]);
  ({ app, baseUrl } = await startTestBff(tokens));
});

afterAll(async () => {
  for (const client of clients.splice(0)) client.close();
  await app?.close();
  await portfolio?.stop();
  await nc?.close();
  await tokens?.close();
});

async function open(user: string): Promise<SseTestClient> {
  const client = await SseTestClient.open(`${baseUrl}/api/${MessagingNotifyStream.path}`, { authorization: await tokens.bearer(user) });
  clients.push(client);
  return client;
}

function account(): { user: string; locationId: string } {
  const user = `usr_${randomUUID()}`;
  const locationId = randomUUID();
  reachable.set(user, [locationId]);
  return { user, locationId };
}

async function messageReceived(locationId: string, messageId: string): Promise<number> {
  const fixture = MessageReceived.fixture;
  return (await publisher.publish(MessageReceived, { ...fixture, locationId, messageId, externalId: `SM${randomUUID().replace(/-/g, '')}` })).seq;
}

it("sends a location's manager its message, draft and ticket notices, and nothing of another account's", async () => {
  const manager = account();
  const stranger = account();
  const ofManager = await open(manager.user);
  const ofStranger = await open(stranger.user);
  expect(ofManager.response.status).toBe(200);
  await ofManager.comment('connected');
  await ofStranger.comment('connected');

  const messageId = randomUUID();
  const ticketId = randomUUID();
  const received = await messageReceived(manager.locationId, messageId);
  const drafted = (await publisher.publish(MessageDraftCompleted, { ...MessageDraftCompleted.fixture, messageId, locationId: manager.locationId, status: 'ready', urgent: true })).seq;
  const opened = (await publisher.publish(TicketChanged, { ...TicketChanged.fixture, ticketId, messageId, locationId: manager.locationId, change: 'opened', urgent: true })).seq;

  const base = { location_id: manager.locationId, message_id: messageId };
  expect(await ofManager.next()).toEqual({ id: String(received), event: 'notify', data: JSON.stringify({ type: 'message', status: 'received', ...base, ticket_id: null, urgent: false }) });
  expect(await ofManager.next()).toEqual({ id: String(drafted), event: 'notify', data: JSON.stringify({ type: 'draft', status: 'ready', ...base, ticket_id: null, urgent: true }) });
  expect(await ofManager.next()).toEqual({ id: String(opened), event: 'notify', data: JSON.stringify({ type: 'ticket', status: 'opened', ...base, ticket_id: ticketId, urgent: true }) });

  // The stranger's first frame is their own location's event, published after the manager's three: none of those came first.
  const own = await messageReceived(stranger.locationId, randomUUID());
  expect(await ofStranger.next()).toMatchObject({ id: String(own), event: 'notify', data: expect.stringContaining(stranger.locationId) });
});

it('refuses a caller without a token (401)', async () => {
  const response = await fetch(`${baseUrl}/api/${MessagingNotifyStream.path}`);
  expect(response.status).toBe(401);
  await response.body?.cancel();
});
