import type { INestApplication } from '@nestjs/common';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import { BuildingCreated, ListPropertyLocations, PartnerAdded, TenantCreated, UserRegistered } from '@pm/contracts';
import { connectNats, ensureStreams, EventPublisher, requestHandler, RpcFailure, RpcResponder } from '@pm/messaging';
import { startTestTokenIssuer, waitFor, type TestTokenIssuer } from '@pm/testing';
import { randomUUID } from 'node:crypto';
import { bffFeatures } from '../src/app.module.js';
import { SseStreamsModule } from '../src/sse/sse-streams.module.js';
import { PortfolioChangeStream, UserNoticeStream } from './support/portfolio-change.stream.js';
import { SseTestClient } from './support/sse-test-client.js';
import { startTestBff } from './support/start-test-bff.js';

/**
 * The generic SSE endpoint on real NATS JetStream: events of the stream's subjects, filtered to the locations
 * portfolio says the caller reaches. Portfolio itself is a stand-in answering ListPropertyLocations for the user of
 * the token it receives (the BFF may not start a service), which also shows the caller's token is what is asked with.
 */

const heartbeatMs = 300;
const replayWindowMs = 3_000;
const streamModule = SseStreamsModule.register([PortfolioChangeStream, UserNoticeStream], { heartbeatMs, replayWindowMs });

let app: INestApplication;
let baseUrl: string;
let tokens: TestTokenIssuer;
let nc: NatsConnection;
let jsm: JetStreamManager;
let publisher: EventPublisher;
let portfolio: RpcResponder;
const clients: SseTestClient[] = [];

/** Which locations the portfolio stand-in says each user reaches. */
const reachable = new Map<string, string[]>();
const [locationView] = ListPropertyLocations.fixture.response;

beforeAll(async () => {
  tokens = await startTestTokenIssuer();
  nc = await connectNats({ servers: process.env.NATS_URL!, name: 'bff-sse-test' });
  await ensureStreams(nc);
  jsm = await jetstreamManager(nc);
  publisher = new EventPublisher(nc);
  portfolio = new RpcResponder(nc, 'bff-sse-test-portfolio', console);
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
  bffFeatures.push(streamModule);
  ({ app, baseUrl } = await startTestBff(tokens));
});

afterEach(() => {
  for (const client of clients.splice(0)) client.close();
});

afterAll(async () => {
  await app?.close();
  await portfolio?.stop();
  await nc?.close();
  await tokens?.close();
  bffFeatures.splice(bffFeatures.indexOf(streamModule), 1);
});

const url = `/api/${PortfolioChangeStream.path}`;

async function open(user: string, headers: Record<string, string> = {}): Promise<SseTestClient> {
  const client = await SseTestClient.open(`${baseUrl}${url}`, { authorization: await tokens.bearer(user), ...headers });
  clients.push(client);
  return client;
}

/** A user who reaches fresh locations of their own. */
function newAccount(locations = 1): { user: string; locations: string[] } {
  const user = `usr_${randomUUID()}`;
  const ids = Array.from({ length: locations }, () => randomUUID());
  reachable.set(user, ids);
  return { user, locations: ids };
}

async function buildingAdded(locationId: string): Promise<{ seq: number; id: string }> {
  const id = randomUUID();
  const ack = await publisher.publish(BuildingCreated, { buildingId: id, locationId, accountId: 'acc', ownerUserId: 'owner' });
  return { seq: ack.seq, id };
}

async function tenantAdded(locationId: string): Promise<{ seq: number; id: string }> {
  const id = randomUUID();
  const ack = await publisher.publish(TenantCreated, { tenantId: id, unitId: 'u', buildingId: 'b', locationId, accountId: 'acc', ownerUserId: 'owner' });
  return { seq: ack.seq, id };
}

async function sseConsumers(): Promise<string[]> {
  const names: string[] = [];
  for await (const info of jsm.consumers.list(PortfolioChangeStream.jetStream)) if (info.name.startsWith('bff_sse_')) names.push(info.name);
  return names;
}

describe('SSE stream endpoint', () => {
  it("sends a caller their locations' events, projected, with the stream sequence as id, and none of another account's", async () => {
    const a = newAccount(2);
    const b = newAccount();
    const streamOfA = await open(a.user);
    const streamOfB = await open(b.user);
    expect(streamOfA.response.status).toBe(200);
    expect(streamOfA.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await streamOfA.comment('connected');
    await streamOfB.comment('connected');

    const ofB = await buildingAdded(b.locations[0]!);
    const tenantOfA = await tenantAdded(a.locations[0]!);
    const buildingOfA = await buildingAdded(a.locations[1]!);

    expect(await streamOfA.next()).toEqual({
      id: String(tenantOfA.seq),
      event: 'portfolio-change',
      data: JSON.stringify({ kind: 'tenant', id: tenantOfA.id, locationId: a.locations[0] }),
    });
    // B's event was stored before this one: had it been sent to A, it would have come first.
    expect(await streamOfA.next()).toMatchObject({ id: String(buildingOfA.seq), data: expect.stringContaining(buildingOfA.id) });
    expect(await streamOfB.next()).toMatchObject({ id: String(ofB.seq), data: expect.stringContaining(ofB.id) });
    const tenantOfB = await tenantAdded(b.locations[0]!);
    expect(await streamOfB.next()).toMatchObject({ id: String(tenantOfB.seq) });
  });

  it('resumes after Last-Event-ID with exactly the events missed', async () => {
    const a = newAccount();
    const first = await open(a.user);
    await first.comment('connected');
    const seen = await buildingAdded(a.locations[0]!);
    const lastEventId = (await first.next()).id!;
    expect(lastEventId).toBe(String(seen.seq));
    first.close();

    const missed = [await tenantAdded(a.locations[0]!), await buildingAdded(newAccount().locations[0]!), await buildingAdded(a.locations[0]!)];
    const resumed = await open(a.user, { 'last-event-id': lastEventId });
    expect((await resumed.next()).id).toBe(String(missed[0]!.seq));
    expect((await resumed.next()).id).toBe(String(missed[2]!.seq));
    const live = await tenantAdded(a.locations[0]!);
    expect((await resumed.next()).id).toBe(String(live.seq));
  });

  it('replays at most the replay window when the Last-Event-ID is older than that', async () => {
    const a = newAccount();
    const first = await open(a.user);
    await first.comment('connected');
    await buildingAdded(a.locations[0]!);
    const lastEventId = (await first.next()).id!;
    first.close();
    await tenantAdded(a.locations[0]!);
    await new Promise((resolve) => setTimeout(resolve, replayWindowMs + 500));
    const inWindow = await buildingAdded(a.locations[0]!);

    const resumed = await open(a.user, { 'last-event-id': lastEventId });
    expect((await resumed.next()).id).toBe(String(inWindow.seq));
  });

  it('sends a heartbeat comment while nothing happens', async () => {
    const stream = await open(newAccount().user);
    await stream.comment('heartbeat', heartbeatMs * 5);
  });

  it('removes its NATS consumer when the browser goes away', async () => {
    const before = await sseConsumers();
    const stream = await open(newAccount().user);
    await stream.comment('connected');
    const mine = (await sseConsumers()).filter((name) => !before.includes(name));
    expect(mine).toHaveLength(1);
    stream.close();
    await waitFor(async () => !(await sseConsumers()).includes(mine[0]!), { timeout: 3_000, description: 'the stream consumer to be deleted' });
  });

  it('ends open streams when the BFF shuts down, so shutdown does not wait for browsers', async () => {
    const other = await startTestBff(tokens);
    const user = newAccount().user;
    const stream = await SseTestClient.open(`${other.baseUrl}${url}`, { authorization: await tokens.bearer(user) });
    clients.push(stream);
    await stream.comment('connected');
    const closing = other.app.close();
    await expect(stream.next(5_000)).rejects.toThrow('The stream ended');
    await closing;
  });

  it('follows a grant change: a location given to the caller streams without waiting for the cache to expire', async () => {
    const a = newAccount();
    const stream = await open(a.user);
    await stream.comment('connected');
    // The answer cached when the stream opened lacks this location; only the grant change can bring it in.
    const given = randomUUID();
    reachable.set(a.user, [...a.locations, given]);
    await publisher.publish(PartnerAdded, { partnerId: randomUUID(), accountId: 'acc', locationId: given, email: 'a@example.com', role: 'MANAGER', userId: a.user });
    // Core NATS delivers the grant change to the cache independently of the stream; give it that moment.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const after = await buildingAdded(given);
    expect((await stream.next()).id).toBe(String(after.seq));
  });

  it('sends an event addressed to a user to that user only, whatever locations either reaches', async () => {
    const a = newAccount();
    const b = newAccount();
    const streamOfA = await SseTestClient.open(`${baseUrl}/api/${UserNoticeStream.path}`, { authorization: await tokens.bearer(a.user) });
    const streamOfB = await SseTestClient.open(`${baseUrl}/api/${UserNoticeStream.path}`, { authorization: await tokens.bearer(b.user) });
    clients.push(streamOfA, streamOfB);
    await streamOfA.comment('connected');
    await streamOfB.comment('connected');
    const notice = (userId: string) => publisher.publish(UserRegistered, { ...UserRegistered.fixture, userId, email: `${userId}@example.com` });

    const forA = await notice(a.user);
    const forB = await notice(b.user);
    expect(await streamOfA.next()).toEqual({
      id: String(forA.seq),
      event: 'notice',
      data: JSON.stringify({ userId: a.user, email: `${a.user}@example.com` }),
    });
    // A's notice was stored first: had it been sent to B, it would have come before B's own.
    expect(await streamOfB.next()).toMatchObject({ id: String(forB.seq), data: expect.stringContaining(b.user) });
    const laterForA = await notice(a.user);
    expect(await streamOfA.next()).toMatchObject({ id: String(laterForA.seq) });
  });

  it('refuses a caller without a valid token, and a Last-Event-ID it did not send, before streaming', async () => {
    const anonymous = await SseTestClient.open(`${baseUrl}${url}`, {});
    expect(anonymous.response.status).toBe(401);
    const bogus = await open(newAccount().user, { 'last-event-id': 'abc' });
    expect(bogus.response.status).toBe(400);
    expect(await bogus.response.json()).toMatchObject({ message: 'Last-Event-ID must be the id of an event this stream sent' });
  });

  it('documents the stream in OpenAPI as text/event-stream with the payload schema', async () => {
    const document = (await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as {
      paths: Record<string, { get: { responses: Record<string, { content: Record<string, { schema: unknown }> }> } }>;
    };
    const ok = document.paths[url]!.get.responses['200']!;
    expect(Object.keys(ok.content)).toEqual(['text/event-stream']);
    expect(ok.content['text/event-stream']!.schema).toMatchObject({
      required: ['event', 'data'],
      properties: {
        event: { enum: ['portfolio-change'] },
        data: { type: 'string', contentMediaType: 'application/json', contentSchema: { properties: { kind: { enum: ['building', 'tenant'] } } } },
      },
    });
  });
});
