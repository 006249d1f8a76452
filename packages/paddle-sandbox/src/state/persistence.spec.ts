import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Paddle } from '@paddle/paddle-node-sdk';
import { startPaddleSandbox } from '../index.js';
import { addPeriods } from './periods.js';

describe('state in a data directory', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'paddle-sandbox-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps customers, subscriptions, their schedule and the clock across a restart', async () => {
    const first = await startPaddleSandbox({ dataDir, log: () => {} });
    const paddle1 = new Paddle('pdl_sdbx_apikey_persist', first.clientOptions);
    const customer = await paddle1.customers.create({ email: 'kept@example.com' });
    const transaction = await paddle1.transactions.create({ items: [{ priceId: first.priceId('starter'), quantity: 1 }], customerId: customer.id });
    const paid = await fetch(transaction.checkout!.url!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ country: 'CA', postal_code: 'H2X 1Y4', card_number: '5555 5555 5555 4444', card_expiry: '12 / 34', card_cvc: '123', cardholder_name: 'K' }),
    });
    expect(paid.status).toBe(200);
    first.advanceTime(3600);
    const clockBefore = first.now();
    await first.stop();

    const second = await startPaddleSandbox({ dataDir, log: () => {} });
    try {
      const paddle2 = new Paddle('pdl_sdbx_apikey_persist', second.clientOptions);
      expect((await paddle2.customers.get(customer.id)).email).toBe('kept@example.com');
      const [subscription] = await paddle2.subscriptions.list({ customerId: [customer.id] }).next();
      expect(subscription?.status).toBe('trialing');
      expect(second.now() >= clockBefore).toBe(true);
      expect(second.priceId('starter')).toBe(first.priceId('starter'));
      expect(await paddle2.prices.list().next()).toHaveLength(4);
      second.advanceTime(30 * 86_400);
      expect((await paddle2.subscriptions.get(subscription!.id)).status).toBe('active');
    } finally {
      await second.stop();
    }
  });
});

describe('billing periods', () => {
  it('keeps the day of month, falling back to the last day of a shorter month, counted from the first date', () => {
    const monthly = { interval: 'month' as const, frequency: 1 };
    expect(addPeriods('2027-01-31T10:00:00.000Z', monthly)).toBe('2027-02-28T10:00:00.000Z');
    expect(addPeriods('2027-01-31T10:00:00.000Z', monthly, 2)).toBe('2027-03-31T10:00:00.000Z');
    expect(addPeriods('2028-01-31T10:00:00.000Z', monthly)).toBe('2028-02-29T10:00:00.000Z');
    expect(addPeriods('2027-12-15T00:00:00.000Z', monthly)).toBe('2028-01-15T00:00:00.000Z');
    expect(addPeriods('2027-03-01T00:00:00.000Z', { interval: 'day', frequency: 30 })).toBe('2027-03-31T00:00:00.000Z');
  });
});
