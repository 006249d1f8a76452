import { randomUUID } from 'node:crypto';
import type { NatsConnection } from '@nats-io/nats-core';
import { PartnerAdded, type DataOf, type EventContract, type PartnerRole, type RequestInputOf, type ResponseOf, type RpcContract } from '@pm/contracts';
import { buildEnvelope, connectNats, EventPublisher, RpcFailure } from '@pm/messaging';
import { PrivateNats, startTestTokenIssuer, waitFor, type TestTokenIssuer } from '@pm/testing';
import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import type { serviceEnv } from '../bootstrap/service-definition.js';
import { startServiceUnderTest, type ServiceUnderTest } from './start-service-under-test.js';

/** A user as the tests call with: their id and a bearer token signed by the test issuer. */
export interface TestCaller {
  userId: string;
  authorization: string;
}

/** What every service harness stands on: the service, the token issuer, its own NATS, a publisher and SQL. */
export interface HarnessParts {
  service: ServiceUnderTest;
  tokens: TestTokenIssuer;
  nats: PrivateNats;
  nc: NatsConnection;
  publisher: EventPublisher;
  db: pg.Client;
}

/**
 * Starts a service for its harness: a token issuer, a NATS server of the test file's own (a service's durable
 * consumers have fixed names, so two test files must not share a NATS), the service on it (`env`: the rest of its
 * settings, as an operator gives them), a connection that publishes other contexts' events, and SQL for assertions.
 */
export async function startHarnessParts<S extends typeof serviceEnv>(
  options: Omit<Parameters<typeof startServiceUnderTest<S>>[0], 'env'> & { env?: Record<string, string> },
): Promise<HarnessParts> {
  const tokens = await startTestTokenIssuer();
  let nats: PrivateNats | undefined;
  let service: ServiceUnderTest | undefined;
  let nc: NatsConnection | undefined;
  try {
    nats = await PrivateNats.start();
    service = await startServiceUnderTest({
      ...options,
      env: { NATS_URL: nats.url, JWKS_URL: tokens.jwksUrl, JWT_ISSUER: tokens.issuer, JWT_AUDIENCE: tokens.audience, ...options.env },
    });
    nc = await connectNats({ servers: nats.url, name: `${options.name}-test-${service.schema}` });
    const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
    return { service, tokens, nats, nc, publisher: new EventPublisher(nc), db };
  } catch (error) {
    // What started is stopped: a file whose harness cannot start fails, and jest still exits.
    await nc?.close().catch(() => undefined);
    await service?.close().catch(() => undefined);
    await nats?.stop().catch(() => undefined);
    await tokens.close().catch(() => undefined);
    throw error;
  }
}

/**
 * The part of a service's test harness that is the same for every service: calls as a user, the outcome of a call,
 * other contexts' events published as they publish them, rows read back, partners granted. A service's harness
 * extends it with its world (the events that make a location exist for it) and its own inputs.
 */
export abstract class ServiceHarness {
  readonly service: ServiceUnderTest;
  readonly tokens: TestTokenIssuer;
  readonly db: pg.Client;
  protected readonly nats: PrivateNats;
  protected readonly nc: NatsConnection;
  protected readonly publisher: EventPublisher;

  protected constructor(parts: HarnessParts) {
    ({ service: this.service, tokens: this.tokens, db: this.db, nats: this.nats, nc: this.nc, publisher: this.publisher } = parts);
  }

  async close(): Promise<void> {
    await this.db.end();
    await this.nc.close();
    await this.service.close();
    await this.nats.stop();
    await this.tokens.close();
  }

  /** A table of the service's schema, quoted for SQL. */
  table(name: string): string {
    return `"${this.service.schema}"."${name}"`;
  }

  async row<T extends object = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T | undefined> {
    return (await this.db.query<T & pg.QueryResultRow>(sql, params)).rows[0];
  }

  /** A new user, with a token. */
  async caller(): Promise<TestCaller> {
    const userId = `usr_${randomUUID()}`;
    return { userId, authorization: await this.tokens.bearer(userId) };
  }

  call<C extends RpcContract>(contract: C, payload: RequestInputOf<C>, as: TestCaller): Promise<ResponseOf<C>> {
    return this.service.call(contract, payload, as.authorization);
  }

  /** 'ok', or the failure's status. */
  async outcome(promise: Promise<unknown>): Promise<'ok' | number> {
    try {
      await promise;
      return 'ok';
    } catch (error) {
      if (error instanceof RpcFailure) return error.status;
      throw error;
    }
  }

  /** The failure's status and message (the call must fail). */
  async failure(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
    try {
      await promise;
    } catch (error) {
      if (error instanceof RpcFailure) return { status: error.status, message: error.message };
      throw error;
    }
    throw new Error('expected the call to fail');
  }

  /** Publishes another context's event as that context does; answers the envelope's id. */
  async publish<C extends EventContract>(contract: C, data: DataOf<C>): Promise<string> {
    const envelope = buildEnvelope(contract, data);
    await this.publisher.publishEnvelope(contract.subject, envelope);
    return envelope.id;
  }

  /** A new user (or `user`) made a partner of the owner's account on the location, in the role, once the service's grants have it. */
  async share(owner: TestCaller, locationId: string, role: PartnerRole, user?: TestCaller): Promise<TestCaller> {
    const partner = user ?? (await this.caller());
    const partnerId = uuidv7();
    await this.publish(PartnerAdded, { partnerId, accountId: owner.userId, locationId, email: `${partnerId}@example.com`, role, userId: partner.userId });
    await waitFor(
      () => this.row(`select 1 from ${this.table('access_partner_location')} where partner_id = $1 and location_id = $2 and granted`, [partnerId, locationId]),
      { timeout: 20_000, description: `${role} partner granted` },
    );
    return partner;
  }
}
