import { randomBytes } from 'node:crypto';
import { Controller, Module, type INestApplication } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { defineRpc, GetCurrentUser, IssueServiceToken, SignInAnonymously, type Context } from '@pm/contracts';
import {
  MessagingModule,
  NATS_CONNECTION,
  OnRequest,
  RpcClient,
  RpcFailure,
  runInMessageContext,
  ServiceTokenProvider,
} from '@pm/messaging';
import { AuthModule, bootstrapService, Callers, CurrentCaller, Public, type Caller } from '@pm/nest-kit';
import { testEnv } from '@pm/testing';
import type { NatsConnection } from '@nats-io/nats-core';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { z } from 'zod';
import { startIdentity, uniqueIp, type IdentityHarness } from './identity-harness.js';

/**
 * Service tokens end to end: a real identity issues them by client credentials, and a second Nest app standing in
 * for the portfolio service (audience "portfolio", the real nest-kit guard, verifying against identity's JWKS)
 * accepts or refuses them. The stand-in's handlers are test-only subjects under pm.rpc.portfolio.
 */

const CallerSchema = z.object({ kind: z.enum(['user', 'service']), name: z.string() });
const probe = (verb: string) =>
  defineRpc({
    subject: `pm.rpc.portfolio.machine-test.${verb}.v1`,
    request: z.object({}),
    response: CallerSchema,
    fixture: { request: {}, response: { kind: 'service', name: 'bff' } },
  });
const UsersOnly = probe('users-only');
const UsersAndServices = probe('users-and-services');
const ServicesOnly = probe('services-only');
/** Calls UsersAndServices again from inside the handler: who does the second call go out as? */
const Relay = probe('relay');
/** The same from a public handler, called without a token. */
const PublicRelay = probe('public-relay');

const describeCaller = (caller: Caller) => ({ kind: caller.kind, name: caller.kind === 'user' ? caller.userId : caller.name });

@Controller()
class ProbeRpc {
  constructor(private readonly rpc: RpcClient) {}

  // Reads the caller without CurrentPrincipal's own check, so only the guard's default keeps services out.
  @OnRequest(UsersOnly)
  async usersOnly(@Payload() _request: object, @CurrentCaller() caller: Caller) {
    return describeCaller(caller);
  }

  @Callers('user', 'service')
  @OnRequest(UsersAndServices)
  async usersAndServices(@Payload() _request: object, @CurrentCaller() caller: Caller) {
    return describeCaller(caller);
  }

  @Callers('service')
  @OnRequest(ServicesOnly)
  async servicesOnly(@Payload() _request: object, @CurrentCaller() caller: Caller) {
    return describeCaller(caller);
  }

  @Callers('user', 'service')
  @OnRequest(Relay)
  async relay() {
    return this.rpc.request(UsersAndServices, {});
  }

  @Public()
  @OnRequest(PublicRelay)
  async publicRelay() {
    return this.rpc.request(UsersAndServices, {});
  }
}

const secrets = { bff: randomBytes(32).toString('hex'), workflows: randomBytes(32).toString('hex') };
let h: IdentityHarness;
let portfolioStandIn: INestApplication;
let nc: NatsConnection;

beforeAll(async () => {
  h = await startIdentity({ SERVICE_CLIENT_SECRET_BFF: secrets.bff, SERVICE_CLIENT_SECRET_WORKFLOWS: secrets.workflows });
  @Module({
    imports: [
      // The stand-in calls as the BFF's client would: its own calls outside a user's request carry a service token.
      MessagingModule.forRoot({
        servers: testEnv().NATS_URL,
        name: `portfolio-stand-in-${randomBytes(3).toString('hex')}`,
        serviceCredentials: { clientId: 'bff', clientSecret: secrets.bff },
      }),
      AuthModule.forRoot({ jwksUrl: `${h.baseUrl}/.well-known/jwks.json`, issuer: h.baseUrl, audience: 'pm-platform', serviceAudience: 'portfolio' }),
    ],
    controllers: [ProbeRpc],
  })
  class PortfolioStandInModule {}
  portfolioStandIn = await bootstrapService({
    name: `portfolio-stand-in-${randomBytes(3).toString('hex')}`,
    module: PortfolioStandInModule,
    http: { host: '127.0.0.1', port: 0 },
    withDatabase: false,
    logLevel: 'silent',
  });
  nc = portfolioStandIn.get<NatsConnection>(NATS_CONNECTION);
}, 60_000);

afterAll(async () => {
  await portfolioStandIn?.close();
  await h?.stop();
});

const failureOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  if (!(error instanceof RpcFailure)) throw new Error(`expected an RpcFailure, got ${String(error)}`);
  return error.body;
};
/** identity's plain client: no credentials of its own, so it sends exactly the token it is given. */
const issue = (client_id: string, client_secret: string, audience: Context) =>
  h.rpc.request(IssueServiceToken, { client_id, client_secret, audience });
const call = (contract: typeof UsersOnly, token: string) => h.rpc.request(contract, {}, { authorization: `Bearer ${token}` });
const anonymousUserToken = async () =>
  (await h.rpc.request(SignInAnonymously, { body: {}, clientIp: uniqueIp() }, { authorization: null })).access_token;

describe('identity issues service tokens by client credentials', () => {
  it('answers an allowed audience with a short-lived EdDSA JWT: sub = client, aud = service, token_use = service', async () => {
    const before = Math.floor(Date.now() / 1000);
    const issued = await issue('workflows', secrets.workflows, 'portfolio');
    expect(issued).toMatchObject({ token_type: 'Bearer', expires_in: 300 });
    expect(decodeProtectedHeader(issued.access_token).alg).toBe('EdDSA');
    const { payload } = await jwtVerify(issued.access_token, createRemoteJWKSet(new URL(`${h.baseUrl}/.well-known/jwks.json`)), {
      issuer: h.baseUrl,
      audience: 'portfolio',
    });
    expect(payload).toMatchObject({ sub: 'workflows', aud: 'portfolio', token_use: 'service' });
    expect(payload.exp! - payload.iat!).toBe(300);
    expect(payload.iat).toBeGreaterThanOrEqual(before - 1);
    expect(payload).not.toHaveProperty('email');
  });

  it.each([
    ['a wrong secret', 'workflows', secrets.bff],
    ['an unknown client', 'mallory', secrets.workflows],
    ['a known client whose secret is not configured', 'portfolio', secrets.workflows],
  ])('refuses %s with a bare 401', async (_what, clientId, secret) => {
    expect(await failureOf(issue(clientId, secret, 'portfolio'))).toEqual({
      status: 401,
      message: 'Authentication required',
      code: 'unauthorized',
    });
  });

  it('refuses an audience the client may not call with 403', async () => {
    expect(await failureOf(issue('workflows', secrets.workflows, 'identity'))).toMatchObject({ status: 403 });
  });

  it('answers malformed requests with 400 from the service itself', async () => {
    const raw = async (body: unknown) => (await nc.request(IssueServiceToken.subject, JSON.stringify(body))).json();
    expect(await raw({ client_id: 'bff', client_secret: secrets.bff, audience: 'nowhere' })).toMatchObject({
      ok: false,
      error: { status: 400, message: 'audience must be a service name' },
    });
    expect(await raw({ client_id: 'bff', audience: 'portfolio' })).toMatchObject({ ok: false, error: { status: 400, message: 'client_secret is required' } });
  });
});

describe('a service verifies service tokens', () => {
  it('accepts a token for its own audience and exposes a service principal', async () => {
    const { access_token } = await issue('workflows', secrets.workflows, 'portfolio');
    expect(await call(UsersAndServices, access_token)).toEqual({ kind: 'service', name: 'workflows' });
    expect(await call(ServicesOnly, access_token)).toEqual({ kind: 'service', name: 'workflows' });
  });

  it('refuses a token for another audience', async () => {
    const { access_token } = await issue('bff', secrets.bff, 'identity');
    expect(await failureOf(call(UsersAndServices, access_token))).toMatchObject({ status: 401, message: 'Authentication required' });
  });

  it('refuses an expired one', async () => {
    h.clock.advance(-(300 + 60) * 1000);
    let access_token: string;
    try {
      ({ access_token } = await issue('workflows', secrets.workflows, 'portfolio'));
    } finally {
      h.clock.advance((300 + 60) * 1000);
    }
    expect(await failureOf(call(ServicesOnly, access_token))).toMatchObject({ status: 401, message: 'Your session has expired. Please sign in again.' });
  });

  it('refuses a service token where a user is required (403), here and on identity’s own user requests', async () => {
    const { access_token } = await issue('workflows', secrets.workflows, 'portfolio');
    expect(await failureOf(call(UsersOnly, access_token))).toMatchObject({ status: 403, message: 'This request must be made by a signed-in user' });
    const forIdentity = await issue('bff', secrets.bff, 'identity');
    expect(await failureOf(h.rpc.request(GetCurrentUser, {}, { authorization: `Bearer ${forIdentity.access_token}` }))).toMatchObject({
      status: 403,
    });
  });

  it('refuses a user token where a service token is required (403); user tokens keep working elsewhere', async () => {
    const userToken = await anonymousUserToken();
    expect(await failureOf(call(ServicesOnly, userToken))).toMatchObject({ status: 403, message: 'This request is open to services only' });
    const userId = (await h.rpc.request(GetCurrentUser, {}, { authorization: `Bearer ${userToken}` })).id;
    expect(await call(UsersOnly, userToken)).toEqual({ kind: 'user', name: userId });
    expect(await call(UsersAndServices, userToken)).toEqual({ kind: 'user', name: userId });
  });
});

describe('callers use service tokens outside a user request', () => {
  it('the provider fetches once for a burst, caches, and refreshes shortly before expiry', async () => {
    let now = Date.now();
    const provider = ServiceTokenProvider.overNats(nc, { clientId: 'workflows', clientSecret: secrets.workflows }, { now: () => now });
    // Every issue request on the wire, whoever answers it (a plain subscription sees each one next to the queue group).
    let issued = 0;
    const counter = nc.subscribe(IssueServiceToken.subject, { callback: () => void (issued += 1) });
    await nc.flush();
    try {
      const burst = await Promise.all(Array.from({ length: 8 }, () => provider.token('portfolio')));
      expect(new Set(burst).size).toBe(1);
      await nc.flush();
      expect(issued).toBe(1);

      now += 200_000; // 200 s of 300: still fresh
      expect(await provider.token('portfolio')).toBe(burst[0]);
      await nc.flush();
      expect(issued).toBe(1);

      now += 41_000; // past 80 % of the lifetime: replaced before it expires
      const refreshed = await provider.token('portfolio');
      expect(refreshed).not.toBe(burst[0]);
      expect(await call(ServicesOnly, refreshed)).toEqual({ kind: 'service', name: 'workflows' });
      await nc.flush();
      expect(issued).toBe(2);
    } finally {
      counter.unsubscribe();
    }
  });

  it('a provider with a wrong secret surfaces the 401 and caches nothing', async () => {
    const provider = ServiceTokenProvider.overNats(nc, { clientId: 'workflows', clientSecret: 'x'.repeat(64) });
    expect((await failureOf(provider.token('portfolio'))).status).toBe(401);
    expect((await failureOf(provider.token('portfolio'))).status).toBe(401);
  });

  it('RpcClient sends the service token with no user context (a workflow activity, an event handler)', async () => {
    const rpc = portfolioStandIn.get(RpcClient);
    expect(await rpc.request(UsersAndServices, {})).toEqual({ kind: 'service', name: 'bff' });
    const asEventHandler = await runInMessageContext(
      { correlationId: 'c-1', causationId: 'e-1', actor: { kind: 'system', name: 'test' } },
      () => rpc.request(UsersAndServices, {}),
    );
    expect(asEventHandler).toEqual({ kind: 'service', name: 'bff' });
  });

  it('RpcClient forwards the user’s token while serving that user, and calls as itself when asked (asService)', async () => {
    const rpc = portfolioStandIn.get(RpcClient);
    const userToken = await anonymousUserToken();
    const context = { correlationId: 'c-2', causationId: null, actor: { kind: 'system' as const, name: 'test' }, authorization: `Bearer ${userToken}` };
    expect(await runInMessageContext(context, () => rpc.request(UsersAndServices, {}))).toMatchObject({ kind: 'user' });
    expect(await runInMessageContext(context, () => rpc.request(UsersAndServices, {}, { asService: true }))).toEqual({
      kind: 'service',
      name: 'bff',
    });
  });

  it('RpcClient replaces a cached token the service refuses, and retries once', async () => {
    // The first token is issued by an identity whose clock runs 6 minutes behind: expired on arrival, yet fresh by
    // the provider's own clock, as after clock skew or a revoked key.
    let fetches = 0;
    const provider = new ServiceTokenProvider(async (audience) => {
      fetches += 1;
      if (fetches > 1) return issue('workflows', secrets.workflows, audience);
      h.clock.advance(-360_000);
      try {
        return await issue('workflows', secrets.workflows, audience);
      } finally {
        h.clock.advance(360_000);
      }
    });
    const rpc = new RpcClient(nc, 5_000, provider);
    expect(await rpc.request(ServicesOnly, {})).toEqual({ kind: 'service', name: 'workflows' });
    expect(fetches).toBe(2);
    expect(await rpc.request(ServicesOnly, {})).toEqual({ kind: 'service', name: 'workflows' });
    expect(fetches).toBe(2);
  });

  it('a service caller’s token is never forwarded: the next hop goes out with the receiving process’s own token', async () => {
    const { access_token } = await issue('workflows', secrets.workflows, 'portfolio');
    // workflows calls the stand-in, which calls on: the second call is the stand-in's own (client bff), not workflows'.
    expect(await call(Relay, access_token)).toEqual({ kind: 'service', name: 'bff' });
    // A user calling it is still the user on the next hop.
    const userToken = await anonymousUserToken();
    expect(await call(Relay, userToken)).toMatchObject({ kind: 'user' });
  });

  it('a request that came without a token goes on without one, never with the process’s own service token', async () => {
    expect(await failureOf(h.rpc.request(PublicRelay, {}, { authorization: null }))).toMatchObject({ status: 401 });
  });
});
