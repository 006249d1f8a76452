import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Paddle } from '@paddle/paddle-node-sdk';
import { startNotificationReceiver, type NotificationReceiver } from '../../test/notification-receiver.js';
import { startPaddleSandbox, type PaddleSandbox } from '../index.js';

describe('notification delivery', () => {
  let all: NotificationReceiver;
  let customersOnly: NotificationReceiver;
  let sandbox: PaddleSandbox;
  let paddle: Paddle;
  beforeAll(async () => {
    all = await startNotificationReceiver();
    customersOnly = await startNotificationReceiver();
    sandbox = await startPaddleSandbox({
      log: () => {},
      webhookRetry: { maxAttempts: 3, initialDelayMs: 10, maxDelayMs: 40 },
      notificationSettings: [
        { destination: all.url, secretKey: all.secretKey },
        { destination: customersOnly.url, secretKey: customersOnly.secretKey, subscribedEvents: ['customer.created'] },
      ],
    });
    paddle = new Paddle('pdl_sdbx_apikey_delivery', sandbox.clientOptions);
  });
  afterAll(async () => {
    await sandbox.stop();
    await all.stop();
    await customersOnly.stop();
  });

  it('retries a notification answered with a non-2xx status, signing each attempt afresh, until it is delivered', async () => {
    all.failNext(2);
    const customer = await paddle.customers.create({ email: 'retry@example.com' });
    await sandbox.webhooksIdle();
    const attempts = sandbox.webhookAttempts().filter((a) => a.destination === all.url && a.eventType === 'customer.created');
    expect(attempts.map((a) => [a.attempt, a.outcome, a.delivered])).toEqual([
      [1, 503, false],
      [2, 503, false],
      [3, 200, true],
    ]);
    expect((await all.waitFor('customer.created', customer.id)).body.data['email']).toBe('retry@example.com');
    expect(new Set(attempts.map((a) => a.notificationId)).size).toBe(1);
  });

  it('gives up after maxAttempts, and sends each destination only the events it subscribed to', async () => {
    all.failNext(3);
    const before = all.requests;
    const customer = await paddle.customers.create({ email: 'given-up@example.com' });
    await sandbox.webhooksIdle();
    expect(all.requests - before).toBe(3);
    expect(all.received.some((r) => r.body.data.id === customer.id)).toBe(false);
    expect((await customersOnly.waitFor('customer.created', customer.id)).event.eventType).toBe('customer.created');

    const transaction = await paddle.transactions.create({ items: [{ priceId: sandbox.priceId('starter'), quantity: 1 }], customerId: customer.id });
    await fetch(transaction.checkout!.url!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ country: 'US', postal_code: '94105', card_number: '4242424242424242', card_expiry: '01 / 40', card_cvc: '999', cardholder_name: 'R' }),
    });
    await sandbox.webhooksIdle();
    expect(all.types(transaction.id)).toEqual(['transaction.paid', 'transaction.completed']);
    expect(new Set(customersOnly.received.map((r) => r.body.event_type))).toEqual(new Set(['customer.created']));
    expect([...all.refused, ...customersOnly.refused]).toEqual([]);
  });
});
