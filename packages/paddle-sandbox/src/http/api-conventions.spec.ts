import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ApiError, Paddle } from '@paddle/paddle-node-sdk';
import { startFixture, uniqueEmail, type SandboxFixture } from '../../test/sandbox-fixture.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("Paddle's API conventions", () => {
  let f: SandboxFixture;
  const raw = (path: string, init: RequestInit = {}) =>
    fetch(`${f.sandbox.url}${path}`, { ...init, headers: { authorization: `Bearer ${f.apiKey}`, 'content-type': 'application/json', ...init.headers } });
  beforeAll(async () => {
    f = await startFixture();
  });
  afterAll(() => f.stop());

  it('answers a request without an API key with 401 authentication_missing in the error envelope', async () => {
    const response = await fetch(`${f.sandbox.url}/products`);
    expect(response.status).toBe(401);
    const body = (await response.json()) as { error: object; meta: { request_id: string } };
    expect(body.error).toEqual({
      type: 'request_error',
      code: 'authentication_missing',
      detail: 'Authentication header missing.',
      documentation_url: 'https://developer.paddle.com/errors/shared/authentication_missing',
    });
    expect(body.meta.request_id).toMatch(UUID);
  });

  it('answers a key that is not a sandbox key with 403 invalid_token, as Paddle does, which the SDK raises as ApiError', async () => {
    const live = new Paddle('pdl_live_apikey_0123456789', f.sandbox.clientOptions);
    const error = await live.customers.create({ email: uniqueEmail() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ type: 'request_error', code: 'invalid_token', detail: 'Invalid or revoked API key.' });
    const malformed = await fetch(`${f.sandbox.url}/products`, { headers: { authorization: f.apiKey } });
    expect(malformed.status).toBe(403);
    expect(((await malformed.json()) as { error: { code: string } }).error.code).toBe('authentication_malformed');
  });

  it('answers an invalid body with 400 invalid_field listing every field', async () => {
    const response = await raw('/customers', { method: 'POST', body: JSON.stringify({ email: 'not-an-email', name: 7, nickname: 'x' }) });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: object; meta: { request_id: string } };
    expect(body.error).toEqual({
      type: 'request_error',
      code: 'invalid_field',
      detail: 'Request does not pass validation.',
      documentation_url: 'https://developer.paddle.com/errors/shared/invalid_field',
      errors: [
        { field: 'email', message: 'must be a valid email address' },
        { field: 'name', message: 'must be a string' },
        { field: 'nickname', message: 'unknown field (not part of the request, or not emulated by the sandbox)' },
      ],
    });
    expect(body.meta.request_id).toMatch(UUID);

    const viaSdk = await f.paddle.transactions.create({ items: [] }).catch((e: unknown) => e);
    expect(viaSdk).toMatchObject({ code: 'invalid_field', errors: [{ field: 'items', message: 'must be a non-empty array' }] });
  });

  it('answers a body that is not JSON with 400 bad_request, and an unknown id with 404 not_found', async () => {
    const response = await raw('/customers', { method: 'POST', body: '{"email":' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('bad_request');
    await expect(f.paddle.subscriptions.get('sub_01aaaaaaaaaaaaaaaaaaaaaaaa')).rejects.toMatchObject({
      code: 'not_found',
      detail: 'Entity sub_01aaaaaaaaaaaaaaaaaaaaaaaa not found',
    });
    expect((await raw('/nothing-here')).status).toBe(404);
  });

  it('creates customers, finds them by email, and refuses a second customer with the same email with 409', async () => {
    const email = uniqueEmail();
    const customer = await f.paddle.customers.create({ email, name: 'Pat Manager', customData: { account_id: 'acc_9' } });
    expect(customer).toMatchObject({ email, name: 'Pat Manager', status: 'active', customData: { account_id: 'acc_9' } });
    expect(customer.id).toMatch(/^ctm_[0-9a-z]{26}$/);
    expect((await f.paddle.customers.get(customer.id)).email).toBe(email);
    const found = await f.paddle.customers.list({ email: [email.toUpperCase()] }).next();
    expect(found.map((c) => c.id)).toEqual([customer.id]);
    await expect(f.paddle.customers.create({ email })).rejects.toMatchObject({
      code: 'customer_already_exists',
      detail: `customer email conflicts with customer of id ${customer.id}`,
    });
  });
});
