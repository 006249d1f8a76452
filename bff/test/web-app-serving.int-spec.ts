import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { startTestTokenIssuer, type TestTokenIssuer } from '@pm/testing';
import { startTestBff } from './support/start-test-bff.js';

/*
 * The built web app as `npm start` and production serve it: from the BFF on one URL with the API (issue 9: npm start
 * served the Vite dev server). Checked on a real BFF (test NATS and MinIO) over a web/dist laid out as Vite writes it.
 */

let tokens: TestTokenIssuer;
let app: INestApplication;
let base: string;
let webDir: string;
const script = 'console.log("app");';

beforeAll(async () => {
  tokens = await startTestTokenIssuer();
  webDir = mkdtempSync(join(tmpdir(), 'bff-web-dist-'));
  mkdirSync(join(webDir, 'assets'));
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>app</title><script type="module" src="/assets/index-Bx3k9Qa1.js"></script>');
  writeFileSync(join(webDir, 'assets', 'index-Bx3k9Qa1.js'), script);
  writeFileSync(join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  ({ app, baseUrl: base } = await startTestBff(tokens, { SERVE_WEB: 'true', WEB_DIST_DIR: webDir }));
});

afterAll(async () => {
  await app?.close();
  await tokens?.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('the BFF serving the built web app', () => {
  it('caches content-hashed assets for a year without revalidation', async () => {
    const response = await fetch(`${base}/assets/index-Bx3k9Qa1.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('javascript');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toBe(script);
  });

  it('answers a missing asset with 404, not with index.html a browser would try to run', async () => {
    const response = await fetch(`${base}/assets/index-OldHash1.js`);
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.text()).not.toContain('<!doctype html>');
  });

  it('revalidates index.html on every load, at /, at client-side routes and at /index.html', async () => {
    for (const path of ['/', '/property-manager/dashboard', '/index.html']) {
      const response = await fetch(`${base}${path}`);
      expect([path, response.status]).toEqual([path, 200]);
      expect([path, response.headers.get('cache-control')]).toEqual([path, 'no-cache']);
      expect(await response.text()).toContain('/assets/index-Bx3k9Qa1.js');
    }
  });

  it('caches un-hashed public files briefly, and leaves the API and probes to the BFF on the same URL', async () => {
    const favicon = await fetch(`${base}/favicon.svg`);
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get('cache-control')).toBe('public, max-age=3600');
    const status = await fetch(`${base}/api/platform/status`);
    expect(status.status).toBe(200);
    expect(status.headers.get('content-type')).toContain('application/json');
    const unknown = await fetch(`${base}/api/no-such-call`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toContain('application/json');
    expect((await fetch(`${base}/health/live`)).status).toBe(200);
  });
});
