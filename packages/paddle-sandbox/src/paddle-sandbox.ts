// startPaddleSandbox: the local Paddle Billing. One node:http server on 127.0.0.1 serving the subset of Paddle's API
// the subscription adapter uses, the hosted pages (checkout, a subscription's management links), the developer's
// index at / and the test controls under /_sandbox.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PaddleOptions } from '@paddle/paddle-node-sdk';
import { catalogRoutes } from './catalog/catalog-routes.js';
import { DEFAULT_CATALOG, seedCatalog, validateCatalog, type CatalogEntry, type CatalogPlan } from './catalog/catalog.js';
import { handleControl } from './controls/sandbox-controls.js';
import { customerRoutes } from './customers/customers.js';
import { handleApiCall } from './http/api.js';
import { Router } from './http/router.js';
import { htmlPage, messagePage, type PageResponse } from './pages/html.js';
import { indexPage } from './pages/index.page.js';
import type { SandboxContext } from './sandbox-context.js';
import { SandboxClock } from './state/clock.js';
import { Scheduler } from './state/scheduler.js';
import { Store } from './state/store.js';
import { endOfPeriod } from './subscriptions/lifecycle.js';
import { managementPage } from './subscriptions/management.page.js';
import { subscriptionRoutes } from './subscriptions/subscription-routes.js';
import { checkoutPage } from './transactions/checkout.page.js';
import { transactionRoutes } from './transactions/transaction-routes.js';
import { EventLog } from './webhooks/event-log.js';
import { WebhookDeliverer, type DeliveryAttempt, type NotificationDestination, type WebhookRetryOptions } from './webhooks/webhook-delivery.js';

export interface PaddleSandboxOptions {
  /** Port on 127.0.0.1; 0 (the default) picks a free one. */
  port?: number;
  /** The plans sold (default DEFAULT_CATALOG, the spec's pricing table). */
  catalog?: readonly CatalogPlan[];
  /** Where notifications go, each signed with its own secret key. */
  notificationSettings?: readonly NotificationDestination[];
  /** Accept only this API key; by default any `pdl_sdbx_apikey_…` key is accepted. */
  apiKey?: string;
  /** Directory for paddle-sandbox.json: state survives a restart. Without it, state lives in memory only. */
  dataDir?: string;
  webhookRetry?: WebhookRetryOptions;
  /** Where problems are reported (default stderr). */
  log?: (line: string) => void;
}

export interface PaddleSandbox {
  /** http://127.0.0.1:<port> */
  readonly url: string;
  readonly port: number;
  /** `new Paddle(apiKey, sandbox.clientOptions)` points the official SDK here (its `environment` takes a base URL). */
  readonly clientOptions: PaddleOptions;
  /** Each catalog plan's key with its product and price ids. */
  readonly catalog: readonly CatalogEntry[];
  /** The price id of a catalog plan, by key (`priceId('starter')`). */
  priceId(key: string): string;
  /** The sandbox clock, ISO. */
  now(): string;
  /** Moves the clock forward, running what falls due on the way (trial ends, renewals, scheduled cancellations). */
  advanceTime(seconds: number): void;
  /** Resolves once every notification has been delivered or given up. */
  webhooksIdle(): Promise<void>;
  webhookAttempts(): readonly DeliveryAttempt[];
  /** Closes the server, cancels retries and requests in flight, writes the state file. */
  stop(): Promise<void>;
}

const MAX_BODY_BYTES = 1024 * 1024;

export async function startPaddleSandbox(options: PaddleSandboxOptions = {}): Promise<PaddleSandbox> {
  const log = options.log ?? ((line: string) => console.error(`[paddle-sandbox] ${line}`));
  const plans = options.catalog ?? DEFAULT_CATALOG;
  validateCatalog(plans);
  const store = Store.open(options.dataDir);
  const clock = new SandboxClock(store.internal.clockOffsetMs);
  store.beforeSave = () => {
    store.internal.clockOffsetMs = clock.offsetMs;
  };
  const deliverer = new WebhookDeliverer(options.notificationSettings ?? [], { maxAttempts: 5, initialDelayMs: 1000, maxDelayMs: 60_000, ...options.webhookRetry }, log);
  const scheduler = new Scheduler(store, clock, (error, job) => log(`job ${job.kind} ${job.ref} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`));
  let baseUrl = '';
  const sb: SandboxContext = { store, clock, scheduler, events: new EventLog(store, clock, deliverer), deliverer, apiKey: options.apiKey, baseUrl: () => baseUrl, log };
  scheduler.handle('period_end', (id) => endOfPeriod(sb, id));

  const router = new Router();
  catalogRoutes(router);
  customerRoutes(router);
  transactionRoutes(router);
  subscriptionRoutes(router);

  const server = createServer((req, res) => {
    serve(sb, router, req, res).catch((error: unknown) => {
      log(`request failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('Internal error in the Paddle sandbox');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  baseUrl = `http://127.0.0.1:${port}`;
  const catalog = seedCatalog(sb, plans);
  store.changed();
  scheduler.start();

  let stopping: Promise<void> | undefined;
  return {
    url: baseUrl,
    port,
    // The SDK's Environment is an enum of two names, but its client uses any other value as the base URL itself.
    clientOptions: { environment: baseUrl as PaddleOptions['environment'] },
    catalog,
    priceId: (key) => {
      const entry = catalog.find((c) => c.key === key);
      if (!entry) throw new Error(`No plan "${key}" in the Paddle sandbox catalog (${catalog.map((c) => c.key).join(', ')})`);
      return entry.priceId;
    },
    now: () => clock.nowIso(),
    advanceTime: (seconds) => scheduler.advance(seconds * 1000),
    webhooksIdle: () => deliverer.idle(),
    webhookAttempts: () => deliverer.attempts,
    stop: () => {
      stopping ??= (async () => {
        scheduler.stop();
        await deliverer.stop();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        store.save();
      })();
      return stopping;
    },
  };
}

async function readBody(req: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function pageFields(contentType: string | undefined, body: string): { fields: Record<string, unknown>; fromForm: boolean } | null {
  if (!body) return { fields: {}, fromForm: false };
  if ((contentType ?? '').startsWith('application/json')) {
    try {
      const parsed: unknown = JSON.parse(body);
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? { fields: parsed as Record<string, unknown>, fromForm: false } : null;
    } catch {
      return null;
    }
  }
  return { fields: Object.fromEntries(new URLSearchParams(body)), fromForm: true };
}

async function serve(sb: SandboxContext, router: Router, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const method = req.method ?? 'GET';
  const header = (name: string) => [req.headers[name]].flat()[0];
  const body = await readBody(req);
  if (body === null) {
    res.writeHead(413, { 'content-type': 'text/plain' }).end('Request body too large');
    return;
  }
  const checkout = /^\/checkout(?:\/([^/]+))?$/.exec(url.pathname);
  const manage = /^\/manage\/subscriptions\/([^/]+)\/(cancel|update-payment-method)$/.exec(url.pathname);
  const isPage = checkout || manage || url.pathname === '/' || url.pathname.startsWith('/_sandbox/');
  if (!isPage) {
    const reply = handleApiCall(sb, router, { method, url, body, contentType: header('content-type'), authorization: header('authorization') });
    res.writeHead(reply.status, reply.headers).end(reply.body);
    return;
  }

  const form = method === 'POST' ? new URLSearchParams(body) : url.searchParams;
  let response: PageResponse;
  if (url.pathname.startsWith('/_sandbox/')) {
    const parsed = pageFields(header('content-type'), body);
    response = parsed ? handleControl(sb, { method, pathname: url.pathname, ...parsed }) : { kind: 'json', status: 400, body: { error: { type: 'request_error', code: 'bad_request', detail: 'Invalid JSON body.' } } };
  } else if (method !== 'GET' && method !== 'POST') response = messagePage('Not allowed', `${method} is not allowed here.`, 405);
  else if (checkout) {
    const id = checkout[1] ? decodeURIComponent(checkout[1]) : (url.searchParams.get('_ptxn') ?? '');
    response = checkoutPage(sb, id, method, form);
  } else if (manage) response = managementPage(sb, decodeURIComponent(manage[1]!), manage[2] as 'cancel' | 'update-payment-method', method, form);
  else response = method === 'GET' ? htmlPage(indexPage(sb)) : messagePage('Not allowed', 'POST is not allowed here.', 405);
  if (method === 'POST') sb.store.changed();

  if (response.kind === 'redirect') res.writeHead(303, { location: response.location }).end();
  else if (response.kind === 'json') res.writeHead(response.status, { 'content-type': 'application/json' }).end(JSON.stringify(response.body));
  else res.writeHead(response.status, { 'content-type': 'text/html; charset=utf-8' }).end(response.html);
}
