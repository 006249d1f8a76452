import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { jest } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { MailSinkClient } from '@pm/mail';
import { loadConfig } from '@pm/nest-kit';
import { createTestSchema, freePort, testEnv, waitFor } from '@pm/testing';
import { bffEnv } from '../src/config/env.js';
import { createBff } from '../src/create-bff.js';

/*
 * The BFF's auth and user areas against a real identity service (its built dist, started as its own process on a
 * schema of this file), the test stack's NATS, PostgreSQL, mail sink and local OpenID provider. Everything goes
 * through HTTP as the browser does it: JSON bodies, the pm_refresh cookie, redirects.
 */

const identityDir = resolve(import.meta.dirname, '../../services/identity');
let identity: ChildProcess;
let app: INestApplication;
let base: string;
let dropSchema: () => Promise<void>;
let mail: MailSinkClient;
let bffSettings: Record<string, string | undefined>;
const previousWebUrl = process.env['PUBLIC_WEB_URL'];

function run(script: string, env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, [script], { cwd: identityDir, env, stdio: ['ignore', 'inherit', 'inherit'] });
}

beforeAll(async () => {
  const stack = testEnv();
  mail = new MailSinkClient(stack.MAIL_UI_URL);
  const created = await createTestSchema('bff_identity');
  dropSchema = created.dropSchema;
  const identityPort = await freePort();
  const bffPort = await freePort();
  base = `http://127.0.0.1:${bffPort}`;
  const identityUrl = `http://127.0.0.1:${identityPort}`;
  const oidc = process.env['OIDC_ISSUER_URL'];
  const env: NodeJS.ProcessEnv = {
    PATH: process.env['PATH'],
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    HTTP_PORT: String(identityPort),
    IDENTITY_SCHEMA: created.schema,
    DATABASE_URL: stack.DATABASE_URL,
    NATS_URL: stack.NATS_URL,
    JWKS_URL: `${identityUrl}/.well-known/jwks.json`,
    JWT_ISSUER: identityUrl,
    JWT_AUDIENCE: 'pm-platform',
    AUTH_SECRET: randomBytes(32).toString('hex'),
    SMTP_URL: stack.SMTP_URL,
    PUBLIC_WEB_URL: base,
    RATE_LIMIT_PER_IP: '5',
    DEMO_ACCOUNT_PASSWORD: 'demo password for tests',
    RATE_LIMIT_PER_EMAIL: '5',
    ...(oidc
      ? {
          GOOGLE_DISCOVERY_URL: `${oidc}/.well-known/openid-configuration`,
          GOOGLE_CLIENT_ID: process.env['OIDC_CLIENT_ID'],
          GOOGLE_CLIENT_SECRET: process.env['OIDC_CLIENT_SECRET'],
        }
      : {}),
  };
  const migrate = run('dist/migrate.js', env);
  const code = await new Promise<number | null>((done) => migrate.on('exit', done));
  expect(code).toBe(0);
  identity = run('dist/main.js', env);
  await waitFor(async () => (await fetch(`${identityUrl}/health/ready`)).ok, { timeout: 30_000, description: 'identity ready' });

  process.env['PUBLIC_WEB_URL'] = base;
  bffSettings = {
    HTTP_PORT: String(bffPort),
    LOG_LEVEL: 'silent',
    NATS_URL: stack.NATS_URL,
    JWKS_URL: env['JWKS_URL'],
    JWT_ISSUER: identityUrl,
    JWT_AUDIENCE: 'pm-platform',
    MINIO_ENDPOINT: stack.MINIO_ENDPOINT,
    MINIO_ACCESS_KEY: stack.MINIO_ACCESS_KEY,
    MINIO_SECRET_KEY: stack.MINIO_SECRET_KEY,
    MINIO_BUCKET: stack.MINIO_BUCKET,
    // This test process is the proxy in front of the BFF: each test names its own visitor's address.
    TRUSTED_PROXIES: '127.0.0.1',
  };
  app = await createBff(loadConfig(bffEnv, bffSettings));
  await app.listen(bffPort, '127.0.0.1');
}, 90_000);

afterAll(async () => {
  await app?.close();
  if (identity && identity.exitCode === null) {
    identity.kill('SIGTERM');
    await new Promise((done) => identity.once('exit', done));
  }
  await dropSchema?.();
  if (previousWebUrl === undefined) delete process.env['PUBLIC_WEB_URL'];
  else process.env['PUBLIC_WEB_URL'] = previousWebUrl;
});

/**
 * Identity counts attempts in fixed one-minute windows (its rate-limiter.ts), on its own clock: a run of attempts across
 * a minute's turn counts in two windows and never reaches the limit (it did once, under CI load). A test of the limit
 * starts its attempts in the first three quarters of a minute.
 */
async function earlyInAMinute(): Promise<void> {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 45_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 100));
}

/** Each test is a different visitor (IP) so the per-IP limits only bite where a test wants them to. */
const visitor = () => `10.9.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
const email = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;

function api(path: string, init: { method?: string; body?: unknown; bearer?: string; cookie?: string; ip?: string } = {}) {
  return fetch(`${base}/api/${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    redirect: 'manual',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.bearer ? { authorization: `Bearer ${init.bearer}` } : {}),
      ...(init.cookie ? { cookie: init.cookie } : {}),
      'x-forwarded-for': init.ip ?? visitor(),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
}

function refreshCookieOf(response: Response): string | undefined {
  const header = response.headers.getSetCookie().find((c) => c.startsWith('pm_refresh='));
  return header?.split(';')[0];
}

async function linkFrom(to: string, path: 'verify-email' | 'recover', count = 1): Promise<string> {
  return waitFor(
    async () => {
      const messages = await mail.messagesTo(to);
      if (messages.length < count) return undefined;
      return new RegExp(`${base}/api/auth/${path}\\?token=[A-Za-z0-9_%-]+`).exec(messages[messages.length - 1]!.text)?.[0];
    },
    { timeout: 10_000, description: `${path} mail to ${to}` },
  );
}

const signUpBody = (address: string) => ({
  full_name: 'Alex Morgan',
  email: address,
  password: 'correct horse',
  confirm_password: 'correct horse',
  has_accepted_terms: true,
});

async function verifiedUser(label: string): Promise<string> {
  const address = email(label);
  expect((await api('auth/sign-up', { body: signUpBody(address) })).status).toBe(201);
  expect((await fetch(await linkFrom(address, 'verify-email'), { redirect: 'manual' })).headers.get('location')).toBe(`${base}/login?verified=1`);
  return address;
}

async function signIn(address: string, password = 'correct horse', extra: { bearer?: string } = {}) {
  const response = await api('auth/sign-in', { body: { email: address, password }, ...extra });
  expect(response.status).toBe(200);
  return { body: (await response.json()) as { access_token: string; expires_in: number; user: Record<string, unknown> }, cookie: refreshCookieOf(response)! };
}

describe('auth: sign-up and verification over HTTP', () => {
  it.each([
    [{ ...signUpBody('a@example.com'), full_name: '' }, 'Name is required'],
    [{ ...signUpBody('a@example.com'), email: 'nope' }, 'Invalid email address'],
    [{ ...signUpBody('a@example.com'), password: 'short', confirm_password: 'short' }, 'Password must be at least 8 characters'],
    [{ ...signUpBody('a@example.com'), confirm_password: 'different!' }, 'Passwords do not match'],
    [{ ...signUpBody('a@example.com'), has_accepted_terms: false }, 'You must agree to the terms and conditions'],
  ])('answers 400 with the product message (%#)', async (body, message) => {
    const response = await api('auth/sign-up', { body });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: 400, message });
  });

  it('signs up (201), verifies through the e-mailed link once, and redirects a second click to "used"', async () => {
    const address = email('http-signup');
    const response = await api('auth/sign-up', { body: signUpBody(address) });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ email: address });
    const blocked = await api('auth/sign-in', { body: { email: address, password: 'correct horse' } });
    expect(blocked.status).toBe(403);
    expect(await blocked.json()).toMatchObject({ message: 'Email not confirmed' });

    const link = await linkFrom(address, 'verify-email');
    expect((await fetch(link, { redirect: 'manual' })).headers.get('location')).toBe(`${base}/login?verified=1`);
    const again = await fetch(link, { redirect: 'manual' });
    expect(again.status).toBe(302);
    expect(again.headers.get('location')).toBe(`${base}/login?verify_error=used`);
    expect((await fetch(`${base}/api/auth/verify-email?token=bogus`, { redirect: 'manual' })).headers.get('location')).toBe(
      `${base}/login?verify_error=invalid`,
    );
    const conflict = await api('auth/sign-up', { body: signUpBody(address) });
    expect(conflict.status).toBe(409);
    expect(await conflict.json()).toMatchObject({ message: 'User already registered' });
  });
});

describe('auth: sessions over HTTP', () => {
  it('signs in with a JSON session and an httpOnly refresh cookie scoped to /api/auth', async () => {
    const address = await verifiedUser('http-session');
    const response = await api('auth/sign-in', { body: { email: address, password: 'correct horse' } });
    const body = (await response.json()) as { access_token: string };
    expect(body).toMatchObject({ expires_in: 900, user: { email: address, is_anonymous: false, email_verified: true } });
    expect(Object.keys(body).sort()).toEqual(['access_token', 'expires_in', 'user']);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('pm_refresh='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\/api\/auth/);
    expect(cookie).toMatch(/; Secure/i);
    expect(response.headers.get('cache-control')).toBe('no-store');

    const me = await api('user/me', { bearer: body.access_token });
    expect(await me.json()).toMatchObject({ email: address, full_name: 'Alex Morgan' });
  });

  it('has the demo manager seeded by the migrate step', async () => {
    const { body } = await signIn('demo@pm.local', 'demo password for tests');
    expect(body.user).toMatchObject({ email: 'demo@pm.local', account_type: 'property_manager', email_verified: true });
  });

  it('answers a wrong password and an unknown e-mail identically', async () => {
    const address = await verifiedUser('http-creds');
    const wrong = await api('auth/sign-in', { body: { email: address, password: 'not the password' } });
    const unknown = await api('auth/sign-in', { body: { email: email('nobody'), password: 'not the password' } });
    expect([wrong.status, unknown.status]).toEqual([400, 400]);
    expect(await wrong.json()).toEqual(await unknown.json());
  });

  it('refuses a tampered token and an expired one', async () => {
    const { body } = await signIn(await verifiedUser('http-tamper'));
    const [h, p, s] = body.access_token.split('.');
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url')}.${s}`;
    const tampered = await api('user/me', { bearer: forged });
    expect(tampered.status).toBe(401);

    // The same valid token, seen 16 minutes later (15-minute lifetime): only the BFF's clock moves.
    jest.useFakeTimers({ now: Date.now() + 16 * 60_000, doNotFake: ['nextTick', 'setImmediate', 'setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'clearImmediate', 'queueMicrotask', 'hrtime', 'performance'] });
    try {
      const expired = await api('user/me', { bearer: body.access_token });
      expect(expired.status).toBe(401);
      expect(await expired.json()).toMatchObject({ message: 'Your session has expired. Please sign in again.' });
    } finally {
      jest.useRealTimers();
    }
  });

  it('rotates the refresh cookie, and a replayed old cookie ends the session for everyone', async () => {
    const { cookie } = await signIn(await verifiedUser('http-refresh'));
    const first = await api('auth/refresh', { method: 'POST', cookie });
    expect(first.status).toBe(200);
    const rotated = refreshCookieOf(first)!;
    expect(rotated).not.toBe(cookie);
    expect(await first.json()).toHaveProperty('access_token');

    // Sent again at once (another tab's refresh crossing this one): the same successor, not a second one.
    const again = await api('auth/refresh', { method: 'POST', cookie });
    expect(again.status).toBe(200);
    expect(refreshCookieOf(again)).toBe(rotated);

    // Once its successor has been spent, the old cookie is a replay, within the grace or not.
    const next = await api('auth/refresh', { method: 'POST', cookie: rotated });
    expect(next.status).toBe(200);
    const replay = await api('auth/refresh', { method: 'POST', cookie });
    expect(replay.status).toBe(401);
    expect(replay.headers.getSetCookie().some((c) => /^pm_refresh=;/.test(c))).toBe(true);
    expect((await api('auth/refresh', { method: 'POST', cookie: refreshCookieOf(next)! })).status).toBe(401);
    expect((await api('auth/refresh', { method: 'POST' })).status).toBe(401);
  });

  it('signs out (204), clearing the cookie and ending the family', async () => {
    const { cookie } = await signIn(await verifiedUser('http-signout'));
    const out = await api('auth/sign-out', { method: 'POST', cookie });
    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie().some((c) => /^pm_refresh=;/.test(c))).toBe(true);
    expect((await api('auth/refresh', { method: 'POST', cookie })).status).toBe(401);
  });

  it('rate-limits sign-in per client IP with 429 and the product message', async () => {
    await earlyInAMinute();
    const ip = visitor();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await api('auth/sign-in', { body: { email: email('flood'), password: 'whatever' }, ip })).status);
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    const limited = await api('auth/sign-in', { body: { email: email('flood'), password: 'whatever' }, ip });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ statusCode: 429, message: 'Too many requests. Please try again in a minute.' });
  }, 30_000);
});

describe('auth: hardening over HTTP', () => {
  const signInBody = (address: string) => JSON.stringify({ email: address, password: 'correct horse' });

  it('sets the refresh cookie only from JSON (415 otherwise) sent by the web app origin (403 otherwise)', async () => {
    const address = await verifiedUser('http-origin');
    const post = (headers: Record<string, string>, body: string) =>
      fetch(`${base}/api/auth/sign-in`, { method: 'POST', headers: { 'x-forwarded-for': visitor(), ...headers }, body });

    const form = await post({ 'content-type': 'application/x-www-form-urlencoded', origin: base }, `email=${encodeURIComponent(address)}&password=correct+horse`);
    expect(form.status).toBe(415);
    expect(await form.json()).toEqual({ statusCode: 415, message: 'Send the request body as JSON (Content-Type: application/json).', code: 'unsupported_media_type' });
    expect(form.headers.getSetCookie()).toEqual([]);
    const text = await post({ 'content-type': 'text/plain', origin: base }, signInBody(address));
    expect(text.status).toBe(415);

    const foreign = await post({ 'content-type': 'application/json', origin: 'https://evil.example' }, signInBody(address));
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toMatchObject({ statusCode: 403, message: 'This request must come from the web app.' });
    expect(foreign.headers.getSetCookie()).toEqual([]);
    const crossSite = await post({ 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' }, signInBody(address));
    expect(crossSite.status).toBe(403);
    const { cookie } = await signIn(address);
    expect((await fetch(`${base}/api/auth/refresh`, { method: 'POST', headers: { cookie, origin: 'https://evil.example' } })).status).toBe(403);

    const fromApp = await post({ 'content-type': 'application/json; charset=utf-8', origin: base }, signInBody(address));
    expect(fromApp.status).toBe(200);
    expect(refreshCookieOf(fromApp)).toBeDefined();
  });

  it('refuses an access token minted before a password change within seconds, and asks for the current password', async () => {
    const address = await verifiedUser('http-revoke');
    const here = await signIn(address);
    const elsewhere = await signIn(address);
    expect((await api('user/me', { bearer: elsewhere.body.access_token })).status).toBe(200);

    const change = { password: 'a new password', confirm_password: 'a new password' };
    const missing = await api('user/password', { method: 'PUT', body: change, bearer: here.body.access_token });
    expect(await missing.json()).toMatchObject({ statusCode: 400, message: 'Current password is required' });
    const wrong = await api('user/password', { method: 'PUT', body: { ...change, current_password: 'a guess' }, bearer: here.body.access_token });
    expect(await wrong.json()).toMatchObject({ statusCode: 400, message: 'Current password is incorrect' });
    expect((await api('user/me', { bearer: elsewhere.body.access_token })).status).toBe(200);

    const changed = await api('user/password', { method: 'PUT', body: { ...change, current_password: 'correct horse' }, bearer: here.body.access_token });
    expect(changed.status).toBe(204);
    expect(changed.headers.get('cache-control')).toBe('no-store');
    const started = Date.now();
    const refused = await waitFor(
      async () => {
        const response = await api('user/me', { bearer: elsewhere.body.access_token });
        return response.status === 401 ? response : undefined;
      },
      { timeout: 10_000, interval: 200, description: 'the BFF refusing the old token' },
    );
    expect(Date.now() - started).toBeLessThan(6_000);
    expect(await refused.json()).toMatchObject({ statusCode: 401, message: 'Your session has expired. Please sign in again.' });
    expect((await api('user/me', { bearer: here.body.access_token })).status).toBe(200);
  }, 30_000);

  it('ignores X-Forwarded-For from a peer that is not a configured proxy, so rotating it does not escape the per-IP limit', async () => {
    const direct = await createBff(loadConfig(bffEnv, { ...bffSettings, TRUSTED_PROXIES: '' }));
    await direct.listen(0, '127.0.0.1');
    try {
      const directUrl = await direct.getUrl();
      await earlyInAMinute();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const response = await fetch(`${directUrl}/api/auth/sign-in`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': visitor() },
          body: JSON.stringify({ email: email('rotating'), password: 'whatever' }),
        });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    } finally {
      await direct.close();
    }
  }, 30_000);
});

describe('auth: password recovery over HTTP', () => {
  it('always says sent; the link opens a recovery session once; the new password works', async () => {
    const address = await verifiedUser('http-recover');
    for (const who of [address, email('nobody')]) {
      const response = await api('auth/forgot-password', { body: { email: who } });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ sent: true });
    }
    const link = await linkFrom(address, 'recover', 2);
    const opened = await fetch(link, { redirect: 'manual' });
    expect(opened.headers.get('location')).toBe(`${base}/reset-password`);
    const cookie = refreshCookieOf(opened)!;
    expect((await fetch(link, { redirect: 'manual' })).headers.get('location')).toBe(`${base}/login?reset_error=used`);

    const session = (await (await api('auth/refresh', { method: 'POST', cookie })).json()) as { access_token: string };
    const empty = await api('user/password', { method: 'PUT', body: { password: 'a new password', confirm_password: '' }, bearer: session.access_token });
    expect(await empty.json()).toMatchObject({ statusCode: 400, message: 'Please confirm your password' });
    const changed = await api('user/password', { method: 'PUT', body: { password: 'a new password', confirm_password: 'a new password' }, bearer: session.access_token });
    expect(changed.status).toBe(204);
    expect((await api('auth/sign-in', { body: { email: address, password: 'correct horse' } })).status).toBe(400);
    await signIn(address, 'a new password');
  });
});

describe('user area over HTTP', () => {
  it('changes the full name and phone with the product messages, and sets the account type', async () => {
    const { body } = await signIn(await verifiedUser('http-account'));
    const bearer = body.access_token;
    const noName = await api('user/full_name', { method: 'PUT', body: { full_name: '' }, bearer });
    expect(await noName.json()).toMatchObject({ statusCode: 400, message: 'Full Name is required' });
    const noPhone = await api('user/phone', { method: 'PUT', body: { phone: '' }, bearer });
    expect(await noPhone.json()).toMatchObject({ statusCode: 400, message: 'Phone Number is required' });
    expect(await (await api('user/full_name', { method: 'PUT', body: { full_name: 'Alex Q. Morgan' }, bearer })).json()).toMatchObject({ full_name: 'Alex Q. Morgan' });
    expect(await (await api('user/phone', { method: 'PUT', body: { phone: '(555) 010-0000' }, bearer })).json()).toMatchObject({ phone: '(555) 010-0000' });
    expect(await (await api('user/account-type', { method: 'PUT', body: { account_type: 'property_manager' }, bearer })).json()).toMatchObject({
      account_type: 'property_manager',
    });
    const short = await api('user/password', { method: 'PUT', body: { password: 'short', confirm_password: 'short' }, bearer });
    expect(await short.json()).toMatchObject({ message: 'Password must be at least 8 characters' });
    expect((await api('user/referral', { body: { referralType: 'community', referralId: 'c1', referralUrl: '/share/x', referralMetadata: {} }, bearer })).status).toBe(201);
    expect(await (await api('user/referral', { bearer })).json()).toMatchObject({ referral_url: '/share/x', is_redirected: false });
    expect((await api('user/referral/complete', { method: 'POST', bearer })).status).toBe(204);
    expect((await api('auth/resident-login', { method: 'POST', bearer })).status).toBe(200);
    expect((await api('user/me')).status).toBe(401);
  });
});

describe("Idempotency-Key on identity's creating call", () => {
  it('answers a retry of POST user/referral with the first answer; another request with the key is 422, a malformed key 400', async () => {
    const { body } = await signIn(await verifiedUser('http-referral-key'));
    const referral = { referralType: 'community', referralId: 'c1', referralUrl: '/share/key', referralMetadata: {} };
    const create = (request: unknown, key: string) =>
      fetch(`${base}/api/user/referral`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${body.access_token}`, 'idempotency-key': key, 'x-forwarded-for': visitor() },
        body: JSON.stringify(request),
      });
    const key = randomUUID();
    const first = await create(referral, key);
    expect(first.status).toBe(201);
    const created = (await first.json()) as { id: string };
    const retry = await create(referral, key);
    expect(retry.status).toBe(201);
    expect(await retry.json()).toEqual(created);
    const other = await create({ ...referral, referralUrl: '/share/other' }, key);
    expect(other.status).toBe(422);
    expect(await other.json()).toMatchObject({ statusCode: 422, message: 'This Idempotency-Key was already used for a different request.' });
    const malformed = await create(referral, 'k'.repeat(256));
    expect(await malformed.json()).toMatchObject({ statusCode: 400, message: 'Idempotency-Key must be at most 255 characters' });
    // A new key creates anew.
    expect(((await (await create(referral, randomUUID())).json()) as { id: string }).id).not.toBe(created.id);
  });
});

describe('anonymous visitor', () => {
  it('keeps the same user id through sign-up', async () => {
    const anonymous = await api('auth/anonymous', { body: {} });
    expect(anonymous.status).toBe(200);
    const session = (await anonymous.json()) as { access_token: string; user: { id: string; is_anonymous: boolean } };
    expect(session.user.is_anonymous).toBe(true);
    const address = email('http-upgrade');
    expect((await api('auth/sign-up', { body: signUpBody(address), bearer: session.access_token })).status).toBe(201);
    await fetch(await linkFrom(address, 'verify-email'), { redirect: 'manual' });
    const { body } = await signIn(address);
    expect(body.user['id']).toBe(session.user.id);
  });
});

/** A browser's cookie jar, enough for one provider origin and the BFF. */
class CookieJar {
  private readonly cookies = new Map<string, Map<string, string>>();
  store(url: string, response: Response): void {
    const host = new URL(url).host;
    const jar = this.cookies.get(host) ?? new Map<string, string>();
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      jar.set(name!.trim(), value.join('='));
    }
    this.cookies.set(host, jar);
  }
  header(url: string): string {
    return [...(this.cookies.get(new URL(url).host) ?? new Map()).entries()].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

describe('Google sign-in against the local OpenID provider', () => {
  const follow = async (jar: CookieJar, url: string, init: RequestInit = {}) => {
    const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: jar.header(url) } });
    jar.store(url, response);
    return response;
  };

  it('runs the code flow with real redirects and the provider login form, carrying campaign and redirect', async () => {
    expect(process.env['OIDC_ISSUER_URL']).toBeTruthy();
    const jar = new CookieJar();
    let response = await follow(jar, `${base}/api/auth/google?campaign=share_link&redirect=${encodeURIComponent('/share/abc')}`);
    expect(response.status).toBe(302);
    let location = response.headers.get('location')!;
    expect(location.startsWith(`${process.env['OIDC_ISSUER_URL']}/`)).toBe(true);
    expect(new URL(location).searchParams.get('code_challenge_method')).toBe('S256');

    // Provider: authorization endpoint → its interaction (login) page.
    for (let hops = 0; hops < 5 && !/\/interaction\//.test(location); hops++) {
      response = await follow(jar, location);
      if (!response.headers.get('location')) throw new Error(`no redirect from ${location}: ${response.status} ${(await response.text()).slice(0, 800)}`);
      location = new URL(response.headers.get('location')!, location).toString();
    }
    const page = await follow(jar, location);
    const html = await page.text();
    if (!html.includes('<form')) throw new Error(`expected the provider login page at ${location}, got ${page.status}: ${html.slice(0, 500)}`);
    const action = /<form method="post" action="([^"]+)"/.exec(html)![1]!;
    response = await follow(jar, new URL(action, location).toString(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'alex.google@google.test' }).toString(),
    });
    location = new URL(response.headers.get('location')!, location).toString();
    // Provider: resume the authorization → redirect to the BFF callback with code and state.
    for (let hops = 0; hops < 5 && !location.startsWith(`${base}/api/auth/google/callback`); hops++) {
      response = await follow(jar, location);
      location = new URL(response.headers.get('location')!, location).toString();
    }
    expect(location.startsWith(`${base}/api/auth/google/callback?`)).toBe(true);
    response = await follow(jar, location);
    expect(response.headers.get('location')).toBe(`${base}/login?oauth=done&redirect=${encodeURIComponent('/share/abc')}`);
    const cookie = refreshCookieOf(response)!;
    const session = (await (await api('auth/refresh', { method: 'POST', cookie })).json()) as { user: unknown };
    expect(session.user).toMatchObject({ email: 'alex.google@google.test', email_verified: true, campaign: 'share_link', full_name: 'Alex Google' });

    // The callback is single use: replaying it is refused and lands on the login page with a message.
    const replay = await fetch(location, { redirect: 'manual' });
    expect(replay.headers.get('location')).toMatch(new RegExp(`^${base}/login\\?oauth_error=`));
  });
});
