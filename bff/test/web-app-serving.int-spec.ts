import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
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
/** A chunk the build wrote compressed copies of, and one it did not (a copy that would not be smaller is not written). */
const chunk = `export const rows = [${'"a table row", '.repeat(200)}];`;
const uncompressedChunk = 'export const x = 1;';
const indexHtml = '<!doctype html><title>app</title><script type="module" src="/assets/index-Bx3k9Qa1.js"></script>';

beforeAll(async () => {
  tokens = await startTestTokenIssuer();
  webDir = mkdtempSync(join(tmpdir(), 'bff-web-dist-'));
  mkdirSync(join(webDir, 'assets'));
  writeFileSync(join(webDir, 'index.html'), indexHtml);
  writeFileSync(join(webDir, 'index.html.br'), brotliCompressSync(indexHtml));
  writeFileSync(join(webDir, 'index.html.gz'), gzipSync(indexHtml));
  writeFileSync(join(webDir, 'assets', 'index-Bx3k9Qa1.js'), script);
  writeFileSync(join(webDir, 'assets', 'rows-C0ffee12.js'), chunk);
  writeFileSync(join(webDir, 'assets', 'rows-C0ffee12.js.br'), brotliCompressSync(chunk));
  writeFileSync(join(webDir, 'assets', 'rows-C0ffee12.js.gz'), gzipSync(chunk));
  writeFileSync(join(webDir, 'assets', 'tiny-D1e2f3a4.js'), uncompressedChunk);
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

/** A GET with exactly the Accept-Encoding given (fetch would add its own and decompress): status, headers, raw body. */
function rawGet(path: string, acceptEncoding?: string): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = get(`${base}${path}`, { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } }, (response) => {
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(parts) }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

describe('the BFF sending the web app precompressed', () => {
  it('sends the brotli copy to a browser that accepts it, typed and cached as the file itself', async () => {
    const response = await rawGet('/assets/rows-C0ffee12.js', 'gzip, deflate, br, zstd');
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['vary']).toMatch(/accept-encoding/i);
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(response.headers['content-length'])).toBe(response.body.length);
    expect(response.body.length).toBeLessThan(chunk.length);
    expect(brotliDecompressSync(response.body).toString()).toBe(chunk);
  });

  it('sends the gzip copy to a client that accepts gzip only, or refuses brotli', async () => {
    for (const acceptEncoding of ['gzip', 'br;q=0, gzip;q=0.8', 'x-gzip']) {
      const response = await rawGet('/assets/rows-C0ffee12.js', acceptEncoding);
      expect([acceptEncoding, response.headers['content-encoding']]).toEqual([acceptEncoding, 'gzip']);
      expect(gunzipSync(response.body).toString()).toBe(chunk);
    }
  });

  it('sends the file as it is to a client that sends no Accept-Encoding or accepts neither', async () => {
    for (const acceptEncoding of [undefined, 'identity', 'deflate', 'br;q=0, gzip;q=0, *;q=0']) {
      const response = await rawGet('/assets/rows-C0ffee12.js', acceptEncoding);
      expect([acceptEncoding, response.status, response.headers['content-encoding']]).toEqual([acceptEncoding, 200, undefined]);
      expect(response.headers['vary']).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.body.toString()).toBe(chunk);
    }
  });

  it('sends the file as it is when the build wrote no compressed copy of it', async () => {
    const response = await rawGet('/assets/tiny-D1e2f3a4.js', 'br, gzip');
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.body.toString()).toBe(uncompressedChunk);
  });

  it('sends index.html compressed at client-side routes too, still revalidated on every load', async () => {
    for (const path of ['/', '/property-manager/dashboard', '/index.html']) {
      const response = await rawGet(path, 'br');
      expect([path, response.status, response.headers['content-encoding']]).toEqual([path, 200, 'br']);
      expect([path, response.headers['cache-control']]).toEqual([path, 'no-cache']);
      expect(response.headers['content-type']).toContain('text/html');
      expect(brotliDecompressSync(response.body).toString()).toBe(indexHtml);
    }
  });

  it('still answers a missing asset with 404 whatever the client accepts', async () => {
    const response = await rawGet('/assets/rows-OldHash1.js', 'br, gzip');
    expect(response.status).toBe(404);
    expect(response.headers['content-encoding']).toBeUndefined();
  });
});
