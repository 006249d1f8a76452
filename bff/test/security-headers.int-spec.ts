import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { startTestTokenIssuer, type TestTokenIssuer } from '@pm/testing';
import { startTestBff } from './support/start-test-bff.js';

/*
 * What every BFF answer carries (issue 9, finding 8) and what it does not serve in production, checked on real
 * BFFs (test NATS and MinIO) under different settings. The auth area's own variables come from the process
 * environment, so each BFF is built with them set and they are restored after.
 */

let tokens: TestTokenIssuer;
const started: INestApplication[] = [];
let webDir: string;

beforeAll(async () => {
  tokens = await startTestTokenIssuer();
  webDir = mkdtempSync(join(tmpdir(), 'bff-web-'));
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>app</title>');
});

afterAll(async () => {
  for (const app of started) await app.close();
  await tokens?.close();
  rmSync(webDir, { recursive: true, force: true });
});

async function bff(env: Record<string, string> = {}, processEnv: Record<string, string> = {}): Promise<string> {
  const previous = Object.fromEntries(Object.keys(processEnv).map((key) => [key, process.env[key]]));
  Object.assign(process.env, processEnv);
  try {
    const { app, baseUrl } = await startTestBff(tokens, env);
    started.push(app);
    return baseUrl;
  } finally {
    for (const [key, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

function expectProtected(response: Response): void {
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('x-frame-options')).toBe('DENY');
  expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
  expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(response.headers.get('x-powered-by')).toBeNull();
}

describe('BFF security headers', () => {
  it('protects every answer (web app, API, errors, probes) and sends no X-Powered-By; no HSTS over http', async () => {
    const base = await bff({ SERVE_WEB: 'true', WEB_DIST_DIR: webDir }, { PUBLIC_WEB_URL: 'http://127.0.0.1:5173' });
    const answers = await Promise.all(
      ['/', '/some/page', '/api/platform/status', '/api/no-such-call', '/api/user/me', '/health/live'].map((path) => fetch(`${base}${path}`)),
    );
    expect(answers.map((response) => response.status)).toEqual([200, 200, 200, 404, 401, 200]);
    for (const response of answers) {
      expectProtected(response);
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('adds HSTS when the web app is served over https', async () => {
    const base = await bff({}, { PUBLIC_WEB_URL: 'https://pm.example.com' });
    const response = await fetch(`${base}/api/platform/status`);
    expectProtected(response);
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it('marks auth and account answers no-store, and the refresh cookie Secure unless configured off', async () => {
    const secure = await bff({}, { PUBLIC_WEB_URL: 'http://127.0.0.1:5173' });
    const out = await fetch(`${secure}/api/auth/sign-out`, { method: 'POST' });
    expect(out.status).toBe(204);
    expect(out.headers.get('cache-control')).toBe('no-store');
    expect(out.headers.getSetCookie().find((c) => c.startsWith('pm_refresh='))).toMatch(/; Secure/i);
    expect((await fetch(`${secure}/api/user/me`)).headers.get('cache-control')).toBe('no-store');
    expect((await fetch(`${secure}/api/platform/status`)).headers.get('cache-control')).not.toBe('no-store');

    const local = await bff({}, { PUBLIC_WEB_URL: 'http://127.0.0.1:5173', REFRESH_COOKIE_SECURE: 'false' });
    const cleared = (await fetch(`${local}/api/auth/sign-out`, { method: 'POST' })).headers.getSetCookie().find((c) => c.startsWith('pm_refresh='));
    expect(cleared).toBeDefined();
    expect(cleared).not.toMatch(/Secure/i);
  });

  it('serves the API docs in development, not in production unless enabled', async () => {
    const development = await bff();
    expect((await fetch(`${development}/api/openapi.json`)).status).toBe(200);
    expect((await fetch(`${development}/api/docs`)).status).toBe(200);

    const production = await bff({ NODE_ENV: 'production' });
    expect((await fetch(`${production}/api/openapi.json`)).status).toBe(404);
    expect((await fetch(`${production}/api/docs`)).status).toBe(404);

    const enabled = await bff({ NODE_ENV: 'production', API_DOCS: 'true' });
    expect((await fetch(`${enabled}/api/openapi.json`)).status).toBe(200);
  });

  it('shows visitors whether the platform is up, without the infrastructure behind it', async () => {
    const base = await bff();
    const status = await fetch(`${base}/api/platform/status`);
    expect(await status.json()).toEqual({ status: 'ok', checks: { Messaging: { status: 'up' } } });
  });
});
