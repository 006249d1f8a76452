// startStripeSandbox: the local Stripe. One node:http server on 127.0.0.1 serving Stripe's API v1 subset under /v1,
// the hosted pages (checkout, Connect onboarding, Express dashboard), the developer's index at / and the test
// controls under /_sandbox.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { onInvoicePaymentSettled, endOfPeriod, subscriptionRoutes } from './billing/subscriptions.js';
import { checkoutPage } from './checkout/checkout.page.js';
import { checkoutRoutes, expireDueSession, onCheckoutPaymentSettled } from './checkout/checkout-sessions.js';
import { accountRoutes } from './connect/accounts.js';
import { expressDashboardPage } from './connect/express-dashboard.page.js';
import { onboardingPage } from './connect/onboarding.page.js';
import { handleControl } from './controls/sandbox-controls.js';
import { customerRoutes } from './customers/customers.js';
import { handleApiCall } from './http/api.js';
import { Router } from './http/router.js';
import { StripeApiError } from './http/stripe-error.js';
import { indexPage } from './pages/index.page.js';
import type { PageRequest, PageResponse } from './pages/page-response.js';
import { settleAchPayment } from './payments/payment-engine.js';
import { paymentIntentRoutes } from './payments/payment-intents.js';
import { refundRoutes } from './payments/refunds.js';
import { setupIntentRoutes } from './payments/setup-intents.js';
import type { SandboxContext } from './sandbox-context.js';
import { SandboxClock } from './state/clock.js';
import { Scheduler } from './state/scheduler.js';
import { Store } from './state/store.js';
import { EventLog } from './webhooks/event-log.js';
import { eventRoutes } from './webhooks/events-api.js';
import { WebhookDeliverer, type DeliveryAttempt, type WebhookDeliveryOptions, type WebhookRetryOptions } from './webhooks/webhook-delivery.js';
import { webhookEndpointRoutes, webhookTargets, type WebhookEndpointConfig } from './webhooks/webhook-endpoints.js';

/** The API version whose object shapes the sandbox answers with: the one stripe-node 23.x pins. */
export const STRIPE_API_VERSION = '2026-11-18.endive';

export interface StripeSandboxOptions {
  /** Port on 127.0.0.1; 0 (the default) picks a free one. */
  port?: number;
  /** Endpoints every event is sent to (more can be added with POST /v1/webhook_endpoints). */
  webhookEndpoints?: WebhookEndpointConfig[];
  /** How long an ACH debit stays processing before it settles or fails (default 10 000 ms). */
  achSettleAfterMs?: number;
  /** Directory for stripe-sandbox.json: state survives a restart. Without it, state lives in memory only. */
  dataDir?: string;
  webhookRetry?: WebhookRetryOptions;
  webhookDelivery?: WebhookDeliveryOptions;
  /** The `api_version` events carry (default STRIPE_API_VERSION). */
  apiVersion?: string;
  /** Where the sandbox reports problems (default: stderr). */
  log?: (line: string) => void;
}

export interface StripeSandbox {
  /** http://127.0.0.1:<port> */
  readonly url: string;
  readonly port: number;
  /** Options for `new Stripe(key, …)` pointing the official client here. */
  readonly clientOptions: { host: string; port: number; protocol: 'http' };
  /** The sandbox clock, in Unix seconds (real time plus however far it was advanced). */
  now(): number;
  /** Moves the sandbox clock forward, running what falls due (ACH settlements, subscription periods, expiries). */
  advanceTime(seconds: number): void;
  /** Settles (or fails, for a failing test account) a processing ACH debit now. */
  settle(paymentIntentId: string): void;
  /** Resolves once every webhook delivery has succeeded or been given up. */
  webhooksIdle(): Promise<void>;
  webhookAttempts(): readonly DeliveryAttempt[];
  stop(): Promise<void>;
}

export async function startStripeSandbox(options: StripeSandboxOptions = {}): Promise<StripeSandbox> {
  const log = options.log ?? ((line: string) => console.error(`[stripe-sandbox] ${line}`));
  const store = Store.open(options.dataDir);
  const clock = new SandboxClock(store.internal.clockOffsetMs);
  store.beforeSave = () => {
    store.internal.clockOffsetMs = clock.offsetMs;
  };
  const configured = options.webhookEndpoints ?? [];
  const deliverer = new WebhookDeliverer(
    () => webhookTargets(configured, store),
    {
      retry: { maxAttempts: 8, initialDelayMs: 1000, maxDelayMs: 60_000, ...options.webhookRetry },
      delivery: { order: 'creation', duplicates: false, ...options.webhookDelivery },
    },
    (eventId) => {
      const event = store.events.find(eventId);
      if (event && event.pending_webhooks > 0) event.pending_webhooks--;
    },
    log,
  );
  const apiVersion = options.apiVersion ?? STRIPE_API_VERSION;
  const events = new EventLog(store, clock, deliverer, apiVersion);
  const scheduler = new Scheduler(store, clock, (error, job) => log(`job ${job.kind} ${job.ref} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`));
  let baseUrl = '';
  const sb: SandboxContext = {
    store,
    clock,
    scheduler,
    events,
    deliverer,
    achSettleAfterMs: options.achSettleAfterMs ?? 10_000,
    apiVersion,
    baseUrl: () => baseUrl,
    log,
    onPaymentSettled: [],
  };
  // Invoices follow a settled debit before the Checkout Session that started them does, as Stripe orders it.
  sb.onPaymentSettled.push((pi, outcome) => onInvoicePaymentSettled(sb, pi, outcome));
  sb.onPaymentSettled.push((pi, outcome) => onCheckoutPaymentSettled(sb, pi, outcome));
  scheduler.on('ach_settle', (ref) => settleAchPayment(sb, ref));
  scheduler.on('subscription_period_end', (ref) => endOfPeriod(sb, ref));
  scheduler.on('checkout_expire', (ref) => expireDueSession(sb, ref));

  const router = new Router();
  accountRoutes(router);
  customerRoutes(router);
  checkoutRoutes(router);
  paymentIntentRoutes(router);
  refundRoutes(router);
  setupIntentRoutes(router);
  subscriptionRoutes(router);
  eventRoutes(router);
  webhookEndpointRoutes(router);

  const server = createServer((req, res) => {
    handle(sb, router, req, res).catch((error: unknown) => {
      log(`request failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('Internal error in the Stripe sandbox');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  baseUrl = `http://127.0.0.1:${port}`;
  scheduler.start();

  let stopped: Promise<void> | undefined;
  return {
    url: baseUrl,
    port,
    clientOptions: { host: '127.0.0.1', port, protocol: 'http' },
    now: () => clock.nowSec(),
    advanceTime: (seconds) => scheduler.advance(seconds * 1000),
    settle: (id) => {
      if (!scheduler.runNow('ach_settle', id)) throw new Error(`${id} is not a processing ACH debit`);
    },
    webhooksIdle: () => deliverer.idle(),
    webhookAttempts: () => deliverer.attempts,
    stop: () => {
      stopped ??= (async () => {
        scheduler.stop();
        await deliverer.stop();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        store.save();
      })();
      return stopped;
    },
  };
}

const MAX_BODY_BYTES = 1024 * 1024;

async function readBody(req: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function handle(sb: SandboxContext, router: Router, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const method = req.method ?? 'GET';
  const body = await readBody(req);
  if (body === null) {
    res.writeHead(413, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Request body too large.' } }));
    return;
  }
  const header = (name: string) => {
    const value = req.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };

  if (url.pathname.startsWith('/v1/')) {
    const reply = handleApiCall(sb, router, {
      method,
      pathname: url.pathname,
      query: url.search.slice(1),
      body,
      contentType: header('content-type'),
      authorization: header('authorization'),
      stripeAccount: header('stripe-account'),
      idempotencyKey: header('idempotency-key'),
      stripeVersion: header('stripe-version'),
    });
    res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
    res.end(reply.body);
    return;
  }

  let response: PageResponse;
  const pageRequest = (): PageRequest => ({
    method,
    form: method === 'POST' ? new URLSearchParams(body) : url.searchParams,
    remoteAddress: req.socket.remoteAddress ?? '127.0.0.1',
    userAgent: header('user-agent') ?? null,
  });
  try {
    const checkout = /^\/checkout\/([^/]+)$/.exec(url.pathname);
    const onboarding = /^\/connect\/onboarding\/([^/]+)$/.exec(url.pathname);
    const express = /^\/express\/([^/]+)$/.exec(url.pathname);
    if (url.pathname.startsWith('/_sandbox/')) {
      const isJson = (header('content-type') ?? '').startsWith('application/json');
      let fields: Record<string, string> = {};
      if (body) {
        if (isJson) {
          const parsed = JSON.parse(body) as Record<string, unknown>;
          fields = Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v)]));
        } else fields = Object.fromEntries(new URLSearchParams(body));
      }
      response = handleControl(sb, { method, pathname: url.pathname, fields, fromForm: Boolean(body) && !isJson });
    } else if (checkout && (method === 'GET' || method === 'POST')) response = checkoutPage(sb, decodeURIComponent(checkout[1]!), pageRequest());
    else if (onboarding && (method === 'GET' || method === 'POST')) response = onboardingPage(sb, decodeURIComponent(onboarding[1]!), pageRequest());
    else if (express && method === 'GET') response = expressDashboardPage(sb, decodeURIComponent(express[1]!));
    else if (url.pathname === '/' && method === 'GET') response = { kind: 'html', status: 200, html: indexPage(sb) };
    else response = { kind: 'html', status: 404, html: 'Not found' };
  } catch (error) {
    if (error instanceof StripeApiError) response = { kind: 'json', status: error.status, body: { error: error.body } };
    else if (error instanceof SyntaxError) response = { kind: 'json', status: 400, body: { error: { type: 'invalid_request_error', message: 'Invalid JSON body.' } } };
    else throw error;
  }
  if (method === 'POST') sb.store.changed();

  if (response.kind === 'redirect') {
    res.writeHead(303, { location: response.location });
    res.end();
  } else if (response.kind === 'json') {
    res.writeHead(response.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(response.body, null, 2));
  } else {
    res.writeHead(response.status, { 'content-type': 'text/html; charset=utf-8' });
    res.end(response.html);
  }
}
