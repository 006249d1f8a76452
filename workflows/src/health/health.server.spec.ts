import { HealthServer } from './health.server.js';

describe('HealthServer', () => {
  let ready = false;
  let server: HealthServer;
  let base: string;

  beforeAll(async () => {
    server = new HealthServer({ port: 0, isReady: () => ready });
    base = `http://127.0.0.1:${await server.listen()}`;
  });

  afterAll(async () => {
    await server.close();
  });

  it('is live regardless of readiness', async () => {
    ready = false;
    const response = await fetch(`${base}/health/live`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('reports ready only while the readiness check passes', async () => {
    ready = false;
    const notReady = await fetch(`${base}/health/ready`);
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toEqual({ status: 'unavailable' });

    ready = true;
    const isReady = await fetch(`${base}/health/ready`);
    expect(isReady.status).toBe(200);
    expect(isReady.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 404 for other paths and 405 for other methods', async () => {
    expect((await fetch(`${base}/health`)).status).toBe(404);
    const post = await fetch(`${base}/health/live`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });
});
