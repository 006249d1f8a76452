import { BuildingCreated, PARTNER_ROLES, PropertyLocationCreated, RentNoticeRequested, StartConnectOnboarding, TenantCreated, UnitCreated, type DataOf, type PartnerRole } from '@pm/contracts';
import { ServiceHarness, startHarnessParts, type HarnessParts, type TestCaller } from '@pm/nest-kit/testing';
import { startPaddleSandbox, type PaddleSandbox } from '@pm/paddle-sandbox';
import { startStripeSandbox, type StripeSandbox } from '@pm/stripe-sandbox';
import { freePort, waitFor } from '@pm/testing';
import { v7 as uuidv7 } from 'uuid';
import { paymentsEnv } from '../../src/config/payments-env.js';
import { paymentsService } from '../../src/service.js';

export type { TestCaller };

export const WEBHOOK_SECRET = 'whsec_payments_harness';
export const CONNECT_WEBHOOK_SECRET = 'whsec_payments_harness_connect';
export const PADDLE_WEBHOOK_SECRET = 'pdl_ntfset_payments_harness';
export const PADDLE_API_KEY = 'pdl_sdbx_apikey_payments_harness';

/** One account's location as payments learns it from portfolio's events, with a partner per role. */
export interface PaymentsWorld {
  owner: TestCaller;
  locationId: string;
  partners: Record<PartnerRole, TestCaller>;
}

/** A building with a unit and its tenant. */
export interface RentPlace {
  buildingId: string;
  unitId: string;
  tenantId: string;
}

/**
 * The payments service on real PostgreSQL and a NATS server of the test file's own, with the Stripe sandbox as its
 * card provider: the service talks to it with the official client, and the sandbox posts its signed webhooks to the
 * service's own `POST /stripe/webhook`, as Stripe does in production. Locations, units and tenants come from portfolio's
 * events as portfolio publishes them.
 */
export class PaymentsHarness extends ServiceHarness {
  private constructor(
    parts: HarnessParts,
    readonly stripe: StripeSandbox,
    readonly paddle: PaddleSandbox,
  ) {
    super(parts);
  }

  static async start(options: { env?: Record<string, string>; achSettleAfterMs?: number } = {}): Promise<PaymentsHarness> {
    const port = await freePort();
    const stripe = await startStripeSandbox({
      // As in production: one endpoint for the platform's events, one for the connected accounts', each its secret.
      webhookEndpoints: [
        { url: `http://127.0.0.1:${port}/stripe/webhook`, secret: WEBHOOK_SECRET },
        { url: `http://127.0.0.1:${port}/stripe/webhook`, secret: CONNECT_WEBHOOK_SECRET, connect: true },
      ],
      achSettleAfterMs: options.achSettleAfterMs ?? 3_600_000,
      webhookRetry: { maxAttempts: 8, initialDelayMs: 50, maxDelayMs: 500 },
      log: (line) => { if (process.env['SANDBOX_LOG']) console.error(line); },
    });
    // The platform's plans: the Paddle sandbox, notifying the service's own `POST /paddle/webhook` as Paddle does.
    const paddle = await startPaddleSandbox({
      notificationSettings: [{ destination: `http://127.0.0.1:${port}/paddle/webhook`, secretKey: PADDLE_WEBHOOK_SECRET }],
      webhookRetry: { maxAttempts: 8, initialDelayMs: 50, maxDelayMs: 500 },
      log: (line) => { if (process.env['SANDBOX_LOG']) console.error(line); },
    }).catch(async (error: unknown) => {
      await stripe.stop();
      throw error;
    });
    try {
      const parts = await startHarnessParts({
        name: 'payments',
        envSchema: paymentsEnv,
        define: paymentsService,
        port,
        env: {
          STRIPE_SECRET_KEY: 'sk_test_payments_harness',
          STRIPE_WEBHOOK_SECRET: `${WEBHOOK_SECRET},${CONNECT_WEBHOOK_SECRET}`,
          STRIPE_API_URL: stripe.url,
          PADDLE_API_KEY,
          PADDLE_WEBHOOK_SECRET,
          PADDLE_API_URL: paddle.url,
          PUBLIC_WEB_URL: 'http://127.0.0.1:5173',
          ...options.env,
        },
      });
      return new PaymentsHarness(parts, stripe, paddle);
    } catch (error) {
      await stripe.stop();
      await paddle.stop();
      throw error;
    }
  }

  override async close(): Promise<void> {
    await this.stripe.webhooksIdle().catch(() => undefined);
    await this.paddle.webhooksIdle().catch(() => undefined);
    await super.close();
    await this.stripe.stop();
    await this.paddle.stop();
  }

  /** A location of a new account, with one partner per role, once payments' grants and directory have it. */
  async world(options: { owner?: TestCaller; name?: string; addressText?: string } = {}): Promise<PaymentsWorld> {
    const owner = options.owner ?? (await this.caller());
    const locationId = uuidv7();
    await this.publish(PropertyLocationCreated, {
      locationId,
      accountId: owner.userId,
      ownerUserId: owner.userId,
      name: options.name ?? '12 Elm Street',
      addressText: options.addressText ?? '12 Elm Street, Springfield, IL 62701',
      type: 'MULTI_UNIT',
      declaredUnitsCount: 6,
      isRentalProperty: true,
    });
    const partners = {} as Record<PartnerRole, TestCaller>;
    for (const role of PARTNER_ROLES) partners[role] = await this.share(owner, locationId, role);
    await waitFor(() => this.row(`select 1 from ${this.table('access_location')} where location_id = $1`, [locationId]), { timeout: 20_000, description: 'location granted' });
    await waitFor(() => this.row(`select 1 from ${this.table('location_directory')} where location_id = $1`, [locationId]), { timeout: 20_000, description: 'location copied' });
    return { owner, locationId, partners };
  }

  /** A building with a unit and its tenant on the world's location, once payments' directory has them. */
  async place(world: PaymentsWorld, names: { building?: string; unit?: string; tenant?: string; email?: string } = {}): Promise<RentPlace> {
    const scope = { locationId: world.locationId, accountId: world.owner.userId, ownerUserId: world.owner.userId };
    const [buildingId, unitId, tenantId] = [uuidv7(), uuidv7(), uuidv7()];
    await this.publish(BuildingCreated, { ...scope, buildingId, name: names.building ?? 'Building A' });
    await this.publish(UnitCreated, { ...scope, buildingId, unitId, name: names.unit ?? '2B' });
    await this.publish(TenantCreated, { ...scope, buildingId, unitId, tenantId, fullName: names.tenant ?? 'Maria Lopez', emails: [names.email ?? 'maria.lopez@example.com'] });
    await waitFor(() => this.row(`select 1 from ${this.table('tenant_directory')} where tenant_id = $1`, [tenantId]), { timeout: 20_000, description: 'tenant copied' });
    await waitFor(() => this.row(`select 1 from ${this.table('unit_directory')} where unit_id = $1`, [unitId]), { timeout: 20_000, description: 'unit copied' });
    return { buildingId, unitId, tenantId };
  }

  /** The rent notices payments asked messaging for (its outbox), to one address, oldest first. */
  async noticesTo(email: string): Promise<DataOf<typeof RentNoticeRequested>[]> {
    const { rows } = await this.db.query<{ envelope: { data: DataOf<typeof RentNoticeRequested> } }>(
      `select envelope from ${this.table('outbox')} where subject = $1 and envelope->'data'->>'email' = $2 order by created_at, id`,
      [RentNoticeRequested.subject, email],
    );
    return rows.map((row) => row.envelope.data);
  }

  /** A signed-in resident: an account whose e-mail is `email` (the rule residents are known to be tenants by). */
  async resident(email: string): Promise<TestCaller> {
    const userId = `usr_${uuidv7()}`;
    return { userId, authorization: await this.tokens.bearer(userId, { email }) };
  }

  /** A visitor who is not signed in: the BFF's anonymous session. */
  async anonymous(): Promise<TestCaller> {
    const userId = `usr_${uuidv7()}`;
    return { userId, authorization: await this.tokens.bearer(userId, { is_anonymous: true }) };
  }

  /** The owner's account connected and onboarded in the sandbox (its hosted form submitted), charges and payouts on. */
  async connect(owner: TestCaller): Promise<string> {
    await this.call(StartConnectOnboarding, {}, owner);
    const row = await this.row<{ stripe_account_id: string }>(`select stripe_account_id from ${this.table('connected_account')} where account_id = $1`, [owner.userId]);
    const response = await fetch(`${this.stripe.url}/_sandbox/accounts/${row!.stripe_account_id}/onboard`, { method: 'POST' });
    if (!response.ok) throw new Error(`sandbox onboarding: ${response.status} ${await response.text()}`);
    return row!.stripe_account_id;
  }
}
