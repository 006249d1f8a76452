import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type Stripe from 'stripe';
import { startFixture, type SandboxFixture } from '../../test/sandbox-fixture.js';

describe('Connect Express onboarding through the hosted page', () => {
  let f: SandboxFixture;
  beforeAll(async () => {
    f = await startFixture();
  });
  afterAll(() => f.stop());

  const submit = (url: string, fields: Record<string, string>) =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString(), redirect: 'manual' });

  const complete = {
    business_name: 'Maple Street Rentals',
    business_type: 'company',
    first_name: 'Olive',
    last_name: 'Owner',
    email: 'olive@example.com',
    routing_number: '110000000',
    account_number: '000123456789',
    tos: 'accepted',
  };

  it('starts with requirements due, then the submitted form enables charges and payouts, sends account.updated and returns to return_url', async () => {
    const account = await f.stripe.accounts.create({
      type: 'express',
      email: 'olive@example.com',
      country: 'US',
      capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
      metadata: { manager: 'mgr-1' },
    });
    expect(account).toMatchObject({ object: 'account', type: 'express', details_submitted: false, charges_enabled: false, payouts_enabled: false, metadata: { manager: 'mgr-1' } });
    expect(account.id).toMatch(/^acct_/);
    expect(account.requirements?.currently_due).toContain('external_account');
    expect(account.capabilities).toEqual({ card_payments: 'inactive', transfers: 'inactive' });

    const link = await f.stripe.accountLinks.create({
      account: account.id,
      refresh_url: 'http://app.test/connect/refresh',
      return_url: 'http://app.test/connect/done',
      type: 'account_onboarding',
    });
    expect(link.object).toBe('account_link');
    expect(link.expires_at).toBeGreaterThan(link.created);

    const form = await (await fetch(link.url)).text();
    expect(form).toContain('<form method="post">');
    expect(form).toContain('name="routing_number"');

    const incomplete = await submit(link.url, { ...complete, routing_number: '123' });
    expect(incomplete.status).toBe(400);
    expect(await incomplete.text()).toContain('110000000');
    expect((await f.stripe.accounts.retrieve(account.id)).details_submitted).toBe(false);

    const submitted = await submit(link.url, complete);
    expect(submitted.status).toBe(303);
    expect(submitted.headers.get('location')).toBe('http://app.test/connect/done');

    const onboarded = await f.stripe.accounts.retrieve(account.id);
    expect(onboarded).toMatchObject({
      details_submitted: true,
      charges_enabled: true,
      payouts_enabled: true,
      business_profile: { name: 'Maple Street Rentals' },
      capabilities: { card_payments: 'active', transfers: 'active' },
      requirements: { currently_due: [], disabled_reason: null },
    });
    expect(onboarded.external_accounts?.data[0]).toMatchObject({ object: 'bank_account', last4: '6789' });

    const updated = await f.connectHooks.waitForType('account.updated', account.id);
    expect(updated.account).toBe(account.id);
    expect((updated.data.object as Stripe.Account).charges_enabled).toBe(true);
    expect(updated.data.previous_attributes).toMatchObject({ charges_enabled: false, details_submitted: false });
    expect(f.platformHooks.events.filter((e) => e.type === 'account.updated')).toEqual([]);

    const reused = await fetch(link.url, { redirect: 'manual' });
    expect(reused.status).toBe(303);
    expect(reused.headers.get('location')).toBe('http://app.test/connect/refresh');
  });

  it('sends an expired link to refresh_url', async () => {
    const account = await f.stripe.accounts.create({ type: 'express' });
    const link = await f.stripe.accountLinks.create({
      account: account.id,
      refresh_url: 'http://app.test/connect/refresh',
      return_url: 'http://app.test/connect/done',
      type: 'account_onboarding',
    });
    f.sandbox.advanceTime(301);
    const expired = await fetch(link.url, { redirect: 'manual' });
    expect(expired.status).toBe(303);
    expect(expired.headers.get('location')).toBe('http://app.test/connect/refresh');
  });

  it('refuses a login link before onboarding, and account links without return_url', async () => {
    const account = await f.stripe.accounts.create({ type: 'express' });
    await expect(f.stripe.accounts.createLoginLink(account.id)).rejects.toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400 });
    await expect(
      f.stripe.accountLinks.create({ account: account.id, refresh_url: 'http://app.test/r', type: 'account_onboarding' }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'return_url', code: 'parameter_missing' });
    await expect(
      f.stripe.accountLinks.create({ account: 'acct_missing', refresh_url: 'http://app.test/r', return_url: 'http://app.test/d', type: 'account_onboarding' }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'account', code: 'resource_missing' });
  });
});
