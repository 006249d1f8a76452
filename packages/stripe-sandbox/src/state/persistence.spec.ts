import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { startStripeSandbox } from '../index.js';

describe('persistence in a data directory', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'stripe-sandbox-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps accounts, customers, the clock and idempotency keys across a restart', async () => {
    const first = await startStripeSandbox({ dataDir, log: () => {} });
    const stripe1 = new Stripe('sk_test_persist', { ...first.clientOptions, maxNetworkRetries: 0 });
    const account = await stripe1.accounts.create({ type: 'express', email: 'kept@example.com' });
    const customer = await stripe1.customers.create({ email: 'kept@example.com' }, { idempotencyKey: 'persisted-key' });
    first.advanceTime(3600);
    const clockBefore = first.now();
    await first.stop();

    const second = await startStripeSandbox({ dataDir, log: () => {} });
    try {
      const stripe2 = new Stripe('sk_test_persist', { ...second.clientOptions, maxNetworkRetries: 0 });
      expect(await stripe2.accounts.retrieve(account.id)).toMatchObject({ id: account.id, email: 'kept@example.com' });
      expect((await stripe2.customers.create({ email: 'kept@example.com' }, { idempotencyKey: 'persisted-key' })).id).toBe(customer.id);
      expect(second.now()).toBeGreaterThanOrEqual(clockBefore);
    } finally {
      await second.stop();
    }
  });

  it('starts empty without a data directory', async () => {
    const sandbox = await startStripeSandbox({ log: () => {} });
    try {
      const stripe = new Stripe('sk_test_memory', { ...sandbox.clientOptions, maxNetworkRetries: 0 });
      expect((await stripe.accounts.list()).data).toEqual([]);
    } finally {
      await sandbox.stop();
    }
  });
});
