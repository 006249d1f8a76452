// Webhook endpoints: those given at start (`webhookEndpoints`) and those added over the API
// (`POST /v1/webhook_endpoints`, which answers with the endpoint's `whsec_…` signing secret once, as Stripe does).
import { LIST_PARAMS, listResponse } from '../http/list.js';
import { mergeMetadata } from '../http/params.js';
import type { Router } from '../http/router.js';
import { invalidRequest } from '../http/stripe-error.js';
import { newId, randomToken } from '../state/ids.js';
import type { Store } from '../state/store.js';
import type { WebhookTarget } from './webhook-delivery.js';

export interface WebhookEndpointConfig {
  url: string;
  secret: string;
  /** Receive events of connected accounts (Stripe's Connect endpoints) instead of the platform's own. */
  connect?: boolean;
  /** Event types to send (default: all). */
  enabledEvents?: string[];
}

export function webhookTargets(configured: WebhookEndpointConfig[], store: Store): WebhookTarget[] {
  const fromOptions = configured.map((c, i) => ({
    id: `configured_${i}`,
    url: c.url,
    secret: c.secret,
    connect: c.connect ?? false,
    enabledEvents: c.enabledEvents ?? ['*'],
  }));
  const fromApi = [...store.webhookEndpoints.values()]
    .filter((e) => e.object.status === 'enabled')
    .map((e) => ({ id: e.object.id, url: e.object.url, secret: e.secret, connect: e.connect, enabledEvents: e.object.enabled_events }));
  return [...fromOptions, ...fromApi];
}

function checkUrl(url: string, param: string): void {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('scheme');
  } catch {
    throw invalidRequest(`Invalid URL: ${url}`, param, 'url_invalid');
  }
}

export function webhookEndpointRoutes(router: Router): void {
  router
    .post('/v1/webhook_endpoints', ({ sandbox, params }) => {
      params.only(['url', 'enabled_events', 'connect', 'description', 'metadata', 'api_version']);
      const url = params.requiredString('url');
      checkUrl(url, 'url');
      const enabled = params.strings('enabled_events');
      if (!enabled || enabled.length === 0) throw invalidRequest('Missing required param: enabled_events.', 'enabled_events', 'parameter_missing');
      const secret = `whsec_${randomToken(32)}`;
      const object = {
        id: newId('we'),
        object: 'webhook_endpoint' as const,
        api_version: params.string('api_version') ?? null,
        application: null,
        created: sandbox.clock.nowSec(),
        description: params.string('description') ?? null,
        enabled_events: enabled,
        livemode: false as const,
        metadata: params.metadata() ?? {},
        status: 'enabled' as const,
        url,
      };
      sandbox.store.webhookEndpoints.set(object.id, { object, secret, connect: params.bool('connect') ?? false });
      return { ...object, secret };
    })
    .get('/v1/webhook_endpoints', ({ sandbox, params }) => {
      params.only([...LIST_PARAMS]);
      const all = [...sandbox.store.webhookEndpoints.values()].map((e) => e.object).reverse();
      return listResponse(all, params, '/v1/webhook_endpoints');
    })
    .get('/v1/webhook_endpoints/:id', ({ sandbox, path, params }) => {
      params.only([]);
      return endpoint(sandbox.store, path['id']!).object;
    })
    .post('/v1/webhook_endpoints/:id', ({ sandbox, path, params }) => {
      params.only(['url', 'enabled_events', 'disabled', 'description', 'metadata']);
      const e = endpoint(sandbox.store, path['id']!);
      const url = params.string('url');
      if (url) {
        checkUrl(url, 'url');
        e.object.url = url;
      }
      const enabled = params.strings('enabled_events');
      if (enabled) e.object.enabled_events = enabled;
      const disabled = params.bool('disabled');
      if (disabled !== undefined) e.object.status = disabled ? 'disabled' : 'enabled';
      const description = params.nullableString('description');
      if (description !== undefined) e.object.description = description;
      const metadata = params.metadata();
      if (metadata) e.object.metadata = mergeMetadata(e.object.metadata, metadata);
      return e.object;
    })
    .delete('/v1/webhook_endpoints/:id', ({ sandbox, path, params }) => {
      params.only([]);
      const e = endpoint(sandbox.store, path['id']!);
      sandbox.store.webhookEndpoints.delete(e.object.id);
      return { id: e.object.id, object: 'webhook_endpoint', deleted: true };
    });
}

function endpoint(store: Store, id: string) {
  const e = store.webhookEndpoints.get(id);
  if (!e) throw invalidRequest(`No such webhook_endpoint: '${id}'`, 'id', 'resource_missing', 404);
  return e;
}
