import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import { AcceptPartnerInvitation, AddPartner, ListPartners, UserRegistered, type PartnerRole, type RequestInputOf, type ResponseOf, type RpcContract } from '@pm/contracts';
import { connectNats, EventPublisher, type RpcClient, RpcFailure } from '@pm/messaging';
import { startServiceUnderTest } from '@pm/nest-kit/testing';
import { MailSink, startTestTokenIssuer, type SinkEmail, waitFor, type TestTokenIssuer, type TokenOptions } from '@pm/testing';
import pg from 'pg';
import { portfolioEnv } from '../../src/config/portfolio-env.js';
import { portfolioService } from '../../src/service.js';

/** A signed-in person as the tests use them: their user id and the Authorization header of their token. */
export interface TestUser {
  userId: string;
  email: string;
  authorization: string;
}

export interface PortfolioHarness {
  app: INestApplication;
  client: RpcClient;
  publisher: EventPublisher;
  nc: NatsConnection;
  jsm: JetStreamManager;
  db: pg.Client;
  schema: string;
  tokens: TestTokenIssuer;
  token(userId: string, claims?: Record<string, unknown>, options?: TokenOptions): Promise<string>;
  /** Registers a user the way production does (identity's UserRegistered) and waits until portfolio knows them. */
  registeredUser(options?: { accountType?: 'property_manager' | 'home_owner' | null; campaign?: string | null; email?: string }): Promise<TestUser>;
  call<C extends RpcContract>(contract: C, payload: RequestInputOf<C>, authorization: string): Promise<ResponseOf<C>>;
  /**
   * Invites a partner (AddPartner as `by`) and reads the token of that very e-mail's link from the mail sink: the
   * e-mail that arrived after the call, not an earlier one to the same address.
   */
  invite(by: TestUser, payload: RequestInputOf<typeof AddPartner>): Promise<{ invitation: ResponseOf<typeof AddPartner>; token: string; mail: SinkEmail }>;
  /**
   * Shares a location the way people do: the owner (or an admin) invites `user` by e-mail, `user` opens the e-mailed
   * link and accepts. Answers the partner's id.
   */
  share(by: TestUser, user: TestUser, role: PartnerRole, locationId: string, fullName?: string): Promise<string>;
  /** Messages of the PM_PORTFOLIO stream on one subject. */
  storedCount(subject: string): Promise<number>;
  close(): Promise<void>;
}

/**
 * The portfolio service on its own test schema, with a token issuer, a NATS publisher and a database client.
 * Only one test file per run may start portfolio (its queue group and durable consumer names are fixed), so the
 * integration project runs its files one after another (jest.config.js: maxWorkers 1).
 */
export async function startPortfolio(env: Record<string, string> = {}): Promise<PortfolioHarness> {
  const tokens = await startTestTokenIssuer();
  const service = await startServiceUnderTest({
    name: 'portfolio',
    envSchema: portfolioEnv,
    define: portfolioService,
    env: {
      JWKS_URL: tokens.jwksUrl,
      JWT_ISSUER: tokens.issuer,
      JWT_AUDIENCE: tokens.audience,
      PUBLIC_WEB_URL: 'http://127.0.0.1:3000',
      ...env,
    },
  });
  const { app, client, schema } = service;
  const nc = await connectNats({ servers: process.env.NATS_URL!, name: `portfolio-test-${schema}` });
  const publisher = new EventPublisher(nc);
  const jsm = await jetstreamManager(nc);
  const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();

  const token = (userId: string, claims: Record<string, unknown> = {}, options: TokenOptions = {}) =>
    tokens.sign(userId, { email: `${userId}@example.com`, ...claims }, options);

  const invite: PortfolioHarness['invite'] = async (by, payload) => {
    const sink = new MailSink(process.env.MAIL_UI_URL);
    const to = (payload.email ?? '').toLowerCase();
    const seen = new Set((await sink.all()).map((m) => m.id));
    const invitation = await service.call(AddPartner, payload, by.authorization);
    let mail: SinkEmail | undefined;
    await waitFor(
      async () => {
        mail = (await sink.all()).find((m) => !seen.has(m.id) && /invited/i.test(m.subject) && m.to.some((r) => r.address.toLowerCase() === to));
        return mail !== undefined;
      },
      { timeout: 20_000, description: `the invitation e-mail to ${to}` },
    );
    const link = MailSink.links(mail!).find((href) => href.includes('/partner-invitation/'));
    if (!link) throw new Error(`the invitation e-mail to ${to} has no invitation link`);
    return { invitation, token: decodeURIComponent(new URL(link).pathname.split('/').at(-1)!), mail: mail! };
  };

  return {
    app,
    client,
    publisher,
    nc,
    jsm,
    db,
    schema,
    tokens,
    token,
    async registeredUser(options = {}) {
      const userId = `usr_${randomUUID()}`;
      const email = options.email ?? `${userId}@example.com`;
      await publisher.publish(UserRegistered, {
        userId,
        email,
        fullName: 'Alex Morgan',
        accountType: options.accountType === undefined ? 'property_manager' : options.accountType,
        campaign: options.campaign === undefined ? 'property_owner' : options.campaign,
        upgradedFromAnonymous: false,
        method: 'password',
      });
      await waitFor(async () => (await db.query(`select 1 from "${schema}"."user_account" where user_id = $1`, [userId])).rowCount, {
        timeout: 10_000,
        description: `portfolio's account read model knows ${userId}`,
      });
      return { userId, email, authorization: `Bearer ${await tokens.sign(userId, { email })}` };
    },
    call: service.call,
    invite,
    async share(by, user, role, locationId, fullName = `A ${role.toLowerCase()}`) {
      const { token } = await invite(by, { fullName, email: user.email, phone: '5551234567', role, locationId });
      await service.call(AcceptPartnerInvitation, { token }, user.authorization);
      const partners = await service.call(ListPartners, { location_id: locationId }, by.authorization);
      const partner = partners.find((p) => p.user_id === user.userId);
      if (!partner) throw new Error(`${user.email} is not a partner of ${locationId} after accepting`);
      return partner.id;
    },
    async storedCount(subject) {
      const info = await jsm.streams.info('PM_PORTFOLIO', { subjects_filter: subject });
      return info.state.subjects?.[subject] ?? 0;
    },
    async close() {
      await service.close();
      await nc.close();
      await db.end();
      await tokens.close();
    },
  };
}

/** The RpcFailure a call ended with (fails the test when it succeeded or failed otherwise). */
export async function failure(promise: Promise<unknown>): Promise<RpcFailure> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RpcFailure);
  return error as RpcFailure;
}
