import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Paddle } from '@paddle/paddle-node-sdk';
import { startFixture, type SandboxFixture } from '../../test/sandbox-fixture.js';
import { startPaddleSandbox } from '../index.js';

describe('the catalog: products and prices', () => {
  let f: SandboxFixture;
  beforeAll(async () => {
    f = await startFixture();
  });
  afterAll(() => f.stop());

  it("seeds the spec's paid plans as products with a monthly USD price and a 30-day trial", async () => {
    const prices = await f.paddle.prices.list({ include: ['product'] }).next();
    expect(prices.map((p) => [p.product?.name, p.unitPrice.amount, p.unitPrice.currencyCode])).toEqual([
      ['Starter', '1599', 'USD'],
      ['Basic', '2599', 'USD'],
      ['Growth', '3599', 'USD'],
      ['Professional', '5099', 'USD'],
    ]);
    for (const price of prices) {
      expect(price.billingCycle).toMatchObject({ interval: 'month', frequency: 1 });
      expect(price.trialPeriod).toMatchObject({ interval: 'day', frequency: 30 });
      expect(price.status).toBe('active');
    }
  });

  it('filters prices by product_id and status, and lists products with their prices', async () => {
    const growth = f.sandbox.catalog.find((c) => c.key === 'growth')!;
    const prices = await f.paddle.prices.list({ productId: [growth.productId], status: ['active'] }).next();
    expect(prices.map((p) => p.id)).toEqual([growth.priceId]);
    expect(await f.paddle.prices.list({ status: ['archived'] }).next()).toEqual([]);
    const product = await f.paddle.products.get(growth.productId, { include: ['prices'] });
    expect(product.name).toBe('Growth');
    expect(product.prices?.map((p) => p.id)).toEqual([growth.priceId]);
  });

  it("pages with per_page and follows meta.pagination.next to the end, as the SDK's collections do", async () => {
    const collection = f.paddle.prices.list({ perPage: 3 });
    const first = await collection.next();
    expect(first).toHaveLength(3);
    expect(collection.hasMore).toBe(true);
    expect(collection.estimatedTotal).toBe(4);
    const second = await collection.next();
    expect(second.map((p) => p.id)).toEqual([f.sandbox.priceId('professional')]);
    expect(collection.hasMore).toBe(false);
    const all: string[] = [];
    for await (const price of f.paddle.prices.list({ perPage: 1, orderBy: 'id[DESC]' })) all.push(price.id);
    expect(all).toEqual(f.sandbox.catalog.map((c) => c.priceId).reverse());
  });

  it('refuses a filter value Paddle does not know, naming the field', async () => {
    const response = await fetch(`${f.sandbox.url}/prices?status=deleted`, { headers: { authorization: `Bearer ${f.apiKey}` } });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string; errors: { field: string }[] } }).error).toMatchObject({ code: 'invalid_field', errors: [{ field: 'status' }] });
  });

  it('takes the catalog from its options, with the same ids on every start', async () => {
    const plans = [{ key: 'team', name: 'Team', monthlyAmountCents: 4900 }];
    const one = await startPaddleSandbox({ catalog: plans, log: () => {} });
    const two = await startPaddleSandbox({ catalog: plans, log: () => {} });
    try {
      expect(one.priceId('team')).toBe(two.priceId('team'));
      expect(one.priceId('team')).toMatch(/^pri_[a-z0-9]{26}$/);
      const price = await new Paddle('pdl_sdbx_apikey_catalog', one.clientOptions).prices.get(one.priceId('team'));
      expect(price).toMatchObject({ unitPrice: { amount: '4900' }, trialPeriod: null });
      expect(() => one.priceId('starter')).toThrow('No plan "starter"');
    } finally {
      await one.stop();
      await two.stop();
    }
    await expect(startPaddleSandbox({ catalog: [{ key: 'x', name: '', monthlyAmountCents: 10.5 }] })).rejects.toThrow(/name is required[\s\S]*whole number of cents/);
  });
});
