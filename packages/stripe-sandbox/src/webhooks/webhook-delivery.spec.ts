import { afterEach, describe, expect, it } from '@jest/globals';
import Stripe from 'stripe';
import { startStripeSandbox, type StripeSandbox } from '../index.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver.js';

describe('webhook delivery', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function start(receiver: WebhookReceiver, options: Parameters<typeof startStripeSandbox>[0] = {}): Promise<{ sandbox: StripeSandbox; stripe: Stripe }> {
    const sandbox = await startStripeSandbox({
      webhookEndpoints: [{ url: receiver.url, secret: receiver.secret }],
      webhookRetry: { initialDelayMs: 10, maxDelayMs: 50, maxAttempts: 6 },
      log: () => {},
      ...options,
    });
    cleanups.push(() => sandbox.stop());
    return { sandbox, stripe: new Stripe('sk_test_hooks', { ...sandbox.clientOptions, maxNetworkRetries: 0 }) };
  }

  async function receiver(): Promise<WebhookReceiver> {
    const r = await startWebhookReceiver();
    cleanups.push(() => r.stop());
    return r;
  }

  it('retries an endpoint that is down until it answers 2xx, with a fresh valid signature each time', async () => {
    const hooks = await receiver();
    hooks.failNext(3);
    const { sandbox, stripe } = await start(hooks);
    const customer = await stripe.customers.create({ email: 'retry@example.com' });
    const event = await hooks.waitForType('customer.created', customer.id);
    expect(event).toMatchObject({ object: 'event', livemode: false, type: 'customer.created' });
    expect(hooks.requests).toBe(4);
    expect(hooks.refused).toEqual([]);
    await sandbox.webhooksIdle();
    const attempts = sandbox.webhookAttempts().filter((a) => a.eventId === event.id);
    expect(attempts.map((a) => [a.attempt, a.outcome])).toEqual([
      [1, 503],
      [2, 503],
      [3, 503],
      [4, 200],
    ]);
    expect((await stripe.events.retrieve(event.id)).pending_webhooks).toBe(0);
  });

  it('retries a refused connection, and gives up after maxAttempts', async () => {
    const hooks = await receiver();
    const downUrl = hooks.url.replace(/:\d+/, ':1');
    const sandbox = await startStripeSandbox({
      webhookEndpoints: [{ url: downUrl, secret: 'whsec_down' }],
      webhookRetry: { initialDelayMs: 5, maxDelayMs: 10, maxAttempts: 3 },
      log: () => {},
    });
    cleanups.push(() => sandbox.stop());
    const stripe = new Stripe('sk_test_hooks', { ...sandbox.clientOptions, maxNetworkRetries: 0 });
    await stripe.customers.create({ email: 'nobody-listens@example.com' });
    await sandbox.webhooksIdle();
    const attempts = sandbox.webhookAttempts();
    expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3]);
    expect(attempts.every((a) => !a.delivered && typeof a.outcome === 'string')).toBe(true);
  });

  it('stops retrying on stop()', async () => {
    const hooks = await receiver();
    hooks.failNext(1_000);
    const sandbox = await startStripeSandbox({
      webhookEndpoints: [{ url: hooks.url, secret: hooks.secret }],
      webhookRetry: { initialDelayMs: 20, maxDelayMs: 20, maxAttempts: 1_000 },
      log: () => {},
    });
    const stripe = new Stripe('sk_test_hooks', { ...sandbox.clientOptions, maxNetworkRetries: 0 });
    await stripe.customers.create({ email: 'stop@example.com' });
    while (hooks.requests < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    await sandbox.stop();
    const after = hooks.requests;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(hooks.requests).toBe(after);
  });

  it('adds endpoints over the API with a whsec_ secret it signs with, filtered by enabled_events, until deleted', async () => {
    const configured = await receiver();
    const { sandbox, stripe } = await start(configured);
    const added = await receiver();
    const endpoint = await stripe.webhookEndpoints.create({ url: added.url, enabled_events: ['customer.updated'] });
    expect(endpoint).toMatchObject({ object: 'webhook_endpoint', status: 'enabled', enabled_events: ['customer.updated'] });
    expect(endpoint.secret).toMatch(/^whsec_/);
    added.useSecret(endpoint.secret!);
    expect((await stripe.webhookEndpoints.retrieve(endpoint.id)).secret).toBeUndefined();

    const customer = await stripe.customers.create({ email: 'filtered@example.com' });
    await stripe.customers.update(customer.id, { name: 'Filtered' });
    const updated = await added.waitForType('customer.updated', customer.id);
    expect(updated.data.previous_attributes).toEqual({ name: null });
    await sandbox.webhooksIdle();
    expect(added.types()).toEqual(['customer.updated']);

    await stripe.webhookEndpoints.del(endpoint.id);
    await stripe.customers.update(customer.id, { name: 'Filtered again' });
    await sandbox.webhooksIdle();
    expect(configured.types(customer.id)).toEqual(['customer.created', 'customer.updated', 'customer.updated']);
    expect(added.types()).toEqual(['customer.updated']);
  });

  it('can deliver every event twice and in shuffled order, as Stripe may', async () => {
    const hooks = await receiver();
    const { sandbox, stripe } = await start(hooks, { webhookDelivery: { duplicates: true, order: 'shuffled' } });
    const customer = await stripe.customers.create({ email: 'dup@example.com' });
    await stripe.customers.update(customer.id, { name: 'Dup' });
    await sandbox.webhooksIdle();
    expect(hooks.types(customer.id).sort()).toEqual(['customer.created', 'customer.created', 'customer.updated', 'customer.updated']);
  });
});
