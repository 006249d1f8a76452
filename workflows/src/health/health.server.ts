import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HealthServerOptions {
  port: number;
  /** True while the process can do its job; an orchestrator stops routing work to it otherwise. */
  isReady: () => boolean;
}

/**
 * Liveness and readiness over plain node:http: the worker has no web framework, and probes need nothing more.
 * Bound to 127.0.0.1 locally; in a cluster the pod network reaches it through the same port.
 */
export class HealthServer {
  private readonly server: Server;

  constructor(private readonly options: HealthServerOptions & { host?: string }) {
    this.server = createServer((request, response) => {
      const path = new URL(request.url ?? '/', 'http://health').pathname;
      if (path !== '/health/live' && path !== '/health/ready') {
        response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'not found' }));
        return;
      }
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        response.writeHead(405, { 'content-type': 'application/json', allow: 'GET, HEAD' }).end(JSON.stringify({ status: 'method not allowed' }));
        return;
      }
      const healthy = path === '/health/live' || this.options.isReady();
      response
        .writeHead(healthy ? 200 : 503, { 'content-type': 'application/json', 'cache-control': 'no-store' })
        .end(request.method === 'HEAD' ? undefined : JSON.stringify({ status: healthy ? 'ok' : 'unavailable' }));
    });
  }

  /** Resolves with the bound port (useful when `port` is 0). */
  async listen(): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.options.port, this.options.host ?? '127.0.0.1', () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    return (this.server.address() as AddressInfo).port;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve, reject) => this.server.close((error) => (error ? reject(error) : resolve())));
  }
}
