import { Controller, Get, Injectable, Module, type INestApplication, type OnApplicationBootstrap } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Payload } from '@nestjs/microservices';
import { defineRpc } from '@pm/contracts';
import { connectNats, MessagingModule, OnRequest, RpcClient, RpcFailure } from '@pm/messaging';
import { createTestSchema, foreignSigningKey, startTestTokenIssuer, type TestTokenIssuer } from '@pm/testing';
import { z } from 'zod';
import {
  AuthModule,
  bootstrapService,
  CurrentPrincipal,
  DatabaseHealthCheck,
  HealthModule,
  NatsHealthCheck,
  ormModule,
  Public,
  runMigrations,
  serviceOrmConfig,
  type Principal,
  type RawRouteHandler,
} from '../src/index.js';

const WhoAmI = defineRpc({
  subject: 'pm.rpc.identity.kit-test.whoami.v1',
  request: z.object({}),
  response: z.object({ userId: z.string() }),
  fixture: { request: {}, response: { userId: 'u' } },
});

@Controller('things')
class ThingsController {
  @Get('mine')
  mine(@CurrentPrincipal() principal: Principal) {
    return { userId: principal.userId };
  }

  @Public()
  @Get('open')
  open() {
    return { open: true };
  }

  @OnRequest(WhoAmI)
  async whoAmI(@Payload() _request: object, @CurrentPrincipal() principal: Principal) {
    return { userId: principal.userId };
  }
}

/** A raw route: answers with what it read of the body stream itself, and whether anything parsed the body before it. */
@Injectable()
class EchoRawRoute implements RawRouteHandler {
  async handle(req: Request, res: Response): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ raw: Buffer.concat(chunks).toString('utf8'), parsedBefore: req.body !== undefined }));
  }
}

@Injectable()
class FailingRawRoute implements RawRouteHandler {
  async handle(): Promise<void> {
    throw new Error('the raw route broke');
  }
}

let tokens: TestTokenIssuer;
let app: INestApplication;
let baseUrl: string;
let dropSchema: () => Promise<void>;

function token(claims: { sub?: string; exp?: string | number; iss?: string; aud?: string }, key?: Awaited<ReturnType<typeof foreignSigningKey>>) {
  return tokens.sign(claims.sub, { email: 'alex@example.com' }, { exp: claims.exp, issuer: claims.iss, audience: claims.aud, key });
}

beforeAll(async () => {
  tokens = await startTestTokenIssuer();

  const created = await createTestSchema('kit');
  dropSchema = created.dropSchema;
  const orm = { databaseUrl: process.env.DATABASE_URL!, schema: created.schema, entities: [], migrations: [] };
  expect(await runMigrations(serviceOrmConfig(orm))).toEqual(['00000000000000_messaging_outbox_inbox', '00000000000001_messaging_outbox_notify_and_pruning', '00000000000002_use_case_idempotency_keys']);
  expect(await runMigrations(serviceOrmConfig(orm))).toEqual([]);

  @Module({
    imports: [
      MessagingModule.forRoot({ servers: process.env.NATS_URL!, name: 'kit-test' }),
      ormModule(orm),
      AuthModule.forRoot({ jwksUrl: tokens.jwksUrl, issuer: tokens.issuer, audience: tokens.audience }),
      HealthModule.forChecks([DatabaseHealthCheck, NatsHealthCheck], [DatabaseHealthCheck, NatsHealthCheck]),
    ],
    controllers: [ThingsController],
    providers: [EchoRawRoute, FailingRawRoute],
  })
  class KitTestModule {}

  app = await bootstrapService({
    name: 'kit-test',
    module: KitTestModule,
    http: { host: '127.0.0.1', port: 0 },
    withDatabase: true,
    logLevel: 'silent',
    rawRoutes: [
      { path: '/raw/echo', handler: EchoRawRoute },
      { path: '/raw/fail', handler: FailingRawRoute },
    ],
  });
  baseUrl = await app.getUrl();
});

afterAll(async () => {
  await app?.close();
  await tokens?.close();
  await dropSchema?.();
});

const get = (path: string, authorization?: string) =>
  fetch(`${baseUrl}${path}`, { headers: authorization ? { authorization } : {} });

describe('service kit: health', () => {
  it('answers liveness and readiness with every dependency checked, without a token', async () => {
    expect((await get('/health/live')).status).toBe(200);
    const ready = await get('/health/ready');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ok', checks: { database: { status: 'up' }, nats: { status: 'up' } } });
    expect(ready.headers.get('x-request-id')).toBeTruthy();
  });
});

describe('service kit: JWT via JWKS on HTTP', () => {
  it('lets a valid token through and exposes the principal', async () => {
    const response = await get('/things/mine', `Bearer ${await token({ sub: 'user-1' })}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ userId: 'user-1' });
  });

  it('keeps @Public() routes open', async () => {
    expect((await get('/things/open')).status).toBe(200);
  });

  it.each([
    ['no token', async () => undefined],
    ['a malformed header', async () => 'Token abc'],
    ['a tampered token', async () => {
      const [h, p, s] = (await token({ sub: 'user-1' })).split('.');
      const claims = JSON.parse(Buffer.from(p!, 'base64url').toString());
      return `Bearer ${h}.${Buffer.from(JSON.stringify({ ...claims, sub: 'admin' })).toString('base64url')}.${s}`;
    }],
    ['a token signed by another key', async () => `Bearer ${await token({ sub: 'user-1' }, await foreignSigningKey())}`],
    ['a token for another audience', async () => `Bearer ${await token({ sub: 'user-1', aud: 'someone-else' })}`],
    ['a token from another issuer', async () => `Bearer ${await token({ sub: 'user-1', iss: 'evil' })}`],
    ['a token without subject', async () => `Bearer ${await token({})}`],
  ])('refuses %s with 401', async (_name, header) => {
    const response = await get('/things/mine', await header());
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ message: 'Authentication required' });
  });

  it('tells the caller an expired token has expired', async () => {
    const response = await get('/things/mine', `Bearer ${await token({ sub: 'user-1', exp: Math.floor(Date.now() / 1000) - 60 })}`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ message: 'Your session has expired. Please sign in again.' });
  });
});

describe('service kit: JWT via JWKS on NATS requests', () => {
  it('verifies the token the caller forwarded, and refuses a tampered one', async () => {
    const client = app.get(RpcClient);
    const good = await token({ sub: 'user-7' });
    await expect(client.request(WhoAmI, {}, { authorization: `Bearer ${good}` })).resolves.toEqual({ userId: 'user-7' });

    const [h, , s] = good.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: 'admin', iss: tokens.issuer, aud: tokens.audience, exp: 9_999_999_999 })).toString('base64url');
    const failure = await client.request(WhoAmI, {}, { authorization: `Bearer ${h}.${forged}.${s}` }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(RpcFailure);
    expect((failure as RpcFailure).body).toMatchObject({ status: 401, message: 'Authentication required' });

    const missing = await client.request(WhoAmI, {}).catch((e: unknown) => e);
    expect((missing as RpcFailure).status).toBe(401);
  });
});

describe('service kit: raw routes', () => {
  it('answers a raw route ahead of the framework: no guard, the body unread by any parser', async () => {
    const response = await fetch(`${baseUrl}/raw/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ raw: '{"a":1}', parsedBefore: false });
  });

  it('answers 500 when a raw route fails, and keeps serving', async () => {
    const response = await fetch(`${baseUrl}/raw/fail`, { method: 'POST' });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ statusCode: 500, message: 'Internal server error' });
    expect((await get('/health/live')).status).toBe(200);
    // Other methods on the path are the framework's: no route there.
    expect((await get('/raw/echo')).status).toBe(404);
  });
});

const Ping = defineRpc({
  subject: 'pm.rpc.identity.kit-test-broken.ping.v1',
  request: z.object({}),
  response: z.object({ pong: z.boolean() }),
  fixture: { request: {}, response: { pong: true } },
});

@Controller()
class PingController {
  @OnRequest(Ping)
  async ping() {
    return { pong: true };
  }
}

@Injectable()
class FailsAtStart implements OnApplicationBootstrap {
  onApplicationBootstrap(): void {
    throw new Error('the start failed');
  }
}

describe('service kit: a start that fails', () => {
  it('rejects, and leaves nothing answering: its NATS consumers are closed with it', async () => {
    @Module({ imports: [MessagingModule.forRoot({ servers: process.env.NATS_URL!, name: 'kit-test-broken' })], controllers: [PingController], providers: [FailsAtStart] })
    class BrokenModule {}

    await expect(bootstrapService({ name: 'kit-test-broken', module: BrokenModule, http: { host: '127.0.0.1', port: 0 }, withDatabase: false, logLevel: 'silent' })).rejects.toThrow('the start failed');

    const nats = await connectNats({ servers: process.env.NATS_URL!, name: 'kit-test-caller' });
    try {
      await expect(nats.request(Ping.subject, JSON.stringify({}), { timeout: 2_000 })).rejects.toThrow(/no responders|503/i);
    } finally {
      await nats.close();
    }
  });
});
