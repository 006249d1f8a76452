import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { NatsConnection } from '@nats-io/nats-core';
import { BuildingCreated, PropertyLocationCreated, TenantCreated, UnitCreated, UpdateRentDetails, type DataOf, type EventContract } from '@pm/contracts';
import { buildEnvelope, connectNats, EventPublisher, RpcClient } from '@pm/messaging';
import { signatureHeader } from '@pm/stripe-sandbox';
import { PrivatePostgres } from '@pm/testing/private-postgres';
import { PrivateNats, startBuiltService, startTestTokenIssuer, waitFor, type BuiltService, type TestTokenIssuer } from '@pm/testing';
import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';

export const FAULT_WEBHOOK_SECRET = 'whsec_payments_faults';
export const TIME_ZONE = 'America/Chicago';

/** A unit with rent and a tenant with an e-mail address: each payment into it asks for a receipt (through the outbox). */
export interface FaultUnit {
  unitId: string;
  tenantId: string;
}

/** How one delivery ended: the status Stripe would see, 0 when no answer came (connection refused or reset, timeout). */
export type DeliveryOutcome = number;

/**
 * The payments service as production runs it (its built dist, a process of its own that a test may SIGKILL), on a
 * PostgreSQL cluster and a NATS server of the test file's own (which it may crash, restart, freeze), never the run's
 * shared ones. Stripe's side is the test: it signs each event as Stripe does (`signatureHeader` of the sandbox,
 * Stripe's scheme) and delivers it again as long as it got no 2xx, as Stripe does.
 */
export class FaultStack {
  private constructor(
    readonly postgres: PrivatePostgres,
    readonly nats: PrivateNats,
    readonly tokens: TestTokenIssuer,
    readonly service: BuiltService,
    private readonly nc: NatsConnection,
    private readonly ownerId: string,
    private readonly locationId: string,
  ) {}

  static async start(): Promise<FaultStack> {
    const stopping: (() => Promise<unknown>)[] = [];
    try {
      const postgres = await PrivatePostgres.start();
      stopping.push(() => postgres.stop());
      const nats = await PrivateNats.start();
      stopping.push(() => nats.stop());
      const tokens = await startTestTokenIssuer();
      stopping.push(() => tokens.close());
      const service = await startBuiltService({
        service: 'payments',
        servicesDir: resolve(import.meta.dirname, '../../..'),
        schemaLabel: 'payments_faults',
        env: {
          PATH: process.env['PATH'],
          NODE_ENV: 'test',
          // The faults make the service log every failed query and publish; the assertions say what matters.
          LOG_LEVEL: process.env['FAULT_LOG_LEVEL'] ?? 'fatal',
          DATABASE_URL: postgres.url,
          NATS_URL: nats.url,
          JWKS_URL: tokens.jwksUrl,
          JWT_ISSUER: tokens.issuer,
          JWT_AUDIENCE: tokens.audience,
          STRIPE_SECRET_KEY: 'sk_test_payments_faults',
          STRIPE_WEBHOOK_SECRET: FAULT_WEBHOOK_SECRET,
          PUBLIC_WEB_URL: 'http://127.0.0.1:5173',
          // The platform's plans (Paddle) are not under test here; nothing leaves the machine.
          PADDLE_API_KEY: 'pdl_sdbx_apikey_payments_faults',
          PADDLE_WEBHOOK_SECRET: 'pdl_ntfset_payments_faults',
          PADDLE_API_URL: 'http://127.0.0.1:9',
        },
      });
      stopping.push(() => service.stop());
      const nc = await connectNats({ servers: nats.url, name: 'payments-faults-test' });
      stopping.push(() => nc.close());
      const stack = new FaultStack(postgres, nats, tokens, service, nc, `usr_${uuidv7()}`, uuidv7());
      await stack.publish(PropertyLocationCreated, {
        locationId: stack.locationId,
        accountId: stack.ownerId,
        ownerUserId: stack.ownerId,
        name: '12 Elm Street',
        addressText: '12 Elm Street, Springfield, IL 62701',
        type: 'MULTI_UNIT',
        declaredUnitsCount: 6,
        isRentalProperty: true,
      });
      await waitFor(() => stack.row(`select 1 from ${stack.table('access_location')} where location_id = $1`, [stack.locationId]), { timeout: 20_000, description: 'location granted' });
      await waitFor(() => stack.row(`select 1 from ${stack.table('location_directory')} where location_id = $1`, [stack.locationId]), { timeout: 20_000, description: 'location copied' });
      return stack;
    } catch (error) {
      for (const stop of stopping.reverse()) await stop().catch(() => undefined);
      throw error;
    }
  }

  async close(): Promise<void> {
    this.nats.thaw();
    await this.nc.close().catch(() => undefined);
    await this.service.stop().catch(() => undefined);
    await this.nats.stop();
    await this.postgres.stop();
    await this.tokens.close();
  }

  table(name: string): string {
    return `"${this.service.schema}"."${name}"`;
  }

  /** One query on a connection of its own (the cluster may have been restarted since the last). */
  async rows<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
    const client = new pg.Client({ connectionString: this.postgres.url, connectionTimeoutMillis: 5_000 });
    await client.connect();
    try {
      return (await client.query<T>(sql, params)).rows;
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  async row<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T | undefined> {
    return (await this.rows<T>(sql, params))[0];
  }

  private async publish<C extends EventContract>(contract: C, data: DataOf<C>): Promise<void> {
    await new EventPublisher(this.nc).publishEnvelope(contract.subject, buildEnvelope(contract, data));
  }

  /** A unit of the location with rent set today (so payments from today on get receipts) and its tenant. */
  async unit(name: string): Promise<FaultUnit> {
    const scope = { locationId: this.locationId, accountId: this.ownerId, ownerUserId: this.ownerId };
    const [buildingId, unitId, tenantId] = [uuidv7(), uuidv7(), uuidv7()];
    await this.publish(BuildingCreated, { ...scope, buildingId, name: `Building ${name}` });
    await this.publish(UnitCreated, { ...scope, buildingId, unitId, name });
    await this.publish(TenantCreated, { ...scope, buildingId, unitId, tenantId, fullName: 'Maria Lopez', emails: [`tenant-${name}@example.com`] });
    await waitFor(() => this.row(`select 1 from ${this.table('tenant_directory')} where tenant_id = $1`, [tenantId]), { timeout: 20_000, description: 'tenant copied' });
    await waitFor(() => this.row(`select 1 from ${this.table('unit_directory')} where unit_id = $1`, [unitId]), { timeout: 20_000, description: 'unit copied' });
    await new RpcClient(this.nc).request(
      UpdateRentDetails,
      { id: unitId, amount: 150_000, due_day: 1, late_fee: 0, grace_period_days: 5 },
      { authorization: await this.tokens.bearer(this.ownerId) },
    );
    return { unitId, tenantId };
  }

  /** Delivers one event as Stripe does (signed now, over the exact body); the status, or 0 without an answer in time. */
  async deliver(event: StripeTestEvent, timeoutMs = 5_000): Promise<DeliveryOutcome> {
    const body = JSON.stringify(event);
    try {
      const response = await fetch(`${this.service.baseUrl}/stripe/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signatureHeader(body, FAULT_WEBHOOK_SECRET) },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.arrayBuffer();
      return response.status;
    } catch {
      return 0;
    }
  }

  /**
   * A burst: every event delivered once, `concurrency` at a time. `during(acknowledged, inFlight)` is called after
   * each answer, so a test lands its fault while deliveries are under way. Answers each event's outcome.
   */
  async burst(
    events: readonly StripeTestEvent[],
    options: { concurrency: number; during?: (acknowledged: number, inFlight: ReadonlySet<string>) => void },
  ): Promise<Map<string, DeliveryOutcome>> {
    const outcomes = new Map<string, DeliveryOutcome>();
    const inFlight = new Set<string>();
    let next = 0;
    let acknowledged = 0;
    const worker = async () => {
      while (next < events.length) {
        const event = events[next++]!;
        inFlight.add(event.id);
        const status = await this.deliver(event);
        inFlight.delete(event.id);
        outcomes.set(event.id, status);
        if (acked(status)) acknowledged++;
        options.during?.(acknowledged, inFlight);
      }
    };
    await Promise.all(Array.from({ length: options.concurrency }, worker));
    return outcomes;
  }

  /**
   * Stripe's retries: every event that got no 2xx delivered again, with a growing pause between rounds, until each is
   * acknowledged or `withinMs` passes. Answers how many deliveries were made and the events still unacknowledged.
   */
  async redeliverUnacknowledged(events: readonly StripeTestEvent[], outcomes: Map<string, DeliveryOutcome>, withinMs = 15_000): Promise<{ deliveries: number; unacknowledged: string[] }> {
    const deadline = Date.now() + withinMs;
    let deliveries = 0;
    for (let round = 0; ; round++) {
      const pending = events.filter((event) => !acked(outcomes.get(event.id) ?? 0));
      if (pending.length === 0 || Date.now() > deadline) return { deliveries, unacknowledged: pending.map((event) => event.id) };
      if (round > 0) await sleep(Math.min(100 * 2 ** round, 2_000));
      const retried = await this.burst(pending, { concurrency: 8 });
      deliveries += pending.length;
      for (const [id, status] of retried) outcomes.set(id, status);
    }
  }

  /** The unit's ledger entries (id → how many rows: the table's key makes more than one impossible, asserted anyway). */
  async ledgerOf(unitId: string): Promise<Map<string, number>> {
    const rows = await this.rows<{ id: string; amount: number }>(`select id, (entry->>'amountCents')::int as amount from ${this.table('ledger_entry')} where unit_id = $1 and type = 'payment'`, [unitId]);
    const counts = new Map<string, number>();
    for (const row of rows) counts.set(row.id, (counts.get(row.id) ?? 0) + 1);
    return counts;
  }

  /** The receipts the unit's payments asked for: the outbox rows (id, the notice, published yet, publishes that failed). */
  async receiptsOf(unitId: string): Promise<{ id: string; noticeId: string; published: boolean; failedPublishes: number }[]> {
    return this.rows(
      `select o.id, o.envelope->'data'->>'noticeId' as "noticeId", o.published_at is not null as published, o.attempts as "failedPublishes"
         from ${this.table('outbox')} o join ${this.table('rent_notice')} n on n.notice_id = o.envelope->'data'->>'noticeId'
        where n.unit_id = $1 and n.kind = 'receipt'`,
      [unitId],
    );
  }

  get natsConnection(): NatsConnection {
    return this.nc;
  }
}

export function acked(status: DeliveryOutcome): boolean {
  return status >= 200 && status < 300;
}

/** The part of a Stripe event the intake reads (a `checkout.session.completed` paid by card). */
export interface StripeTestEvent {
  id: string;
  object: 'event';
  type: 'checkout.session.completed';
  created: number;
  api_version: string;
  livemode: false;
  data: { object: Record<string, unknown> };
}

/** `count` card payments into the unit, each its own checkout and PaymentIntent, of distinct amounts. */
export function cardPayments(unitId: string, count: number): StripeTestEvent[] {
  return Array.from({ length: count }, (_, i) => {
    const key = uuidv7().replace(/-/g, '');
    return {
      id: `evt_${key}`,
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      api_version: '2026-11-18.endive',
      livemode: false,
      data: {
        object: {
          id: `cs_test_${key}`,
          object: 'checkout.session',
          mode: 'payment',
          payment_status: 'paid',
          status: 'complete',
          payment_intent: `pi_${key}`,
          amount_total: 10_000 + i,
          currency: 'usd',
          metadata: { pm_unit_id: unitId, pm_time_zone: TIME_ZONE },
        },
      },
    };
  });
}

/** The ledger's id of the payment an event made. */
export function paymentIdOf(event: StripeTestEvent): string {
  return `stripe:${String(event.data.object['payment_intent'])}`;
}
