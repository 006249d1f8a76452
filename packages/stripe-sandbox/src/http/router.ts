// The API's routes: `POST /v1/accounts/:id/login_links` and the like, each a handler returning the wire object.
import type { SandboxContext } from '../sandbox-context.js';
import type { Owner } from '../state/store.js';
import type { Params } from './params.js';

export interface ApiRequest {
  readonly sandbox: SandboxContext;
  readonly params: Params;
  /** The connected account named by `Stripe-Account`, or null for the platform. */
  readonly owner: Owner;
  readonly path: Record<string, string>;
  /** The request's `Stripe-Version`, or the sandbox's own when the client sent none. */
  readonly apiVersion: string;
}

export type ApiHandler = (request: ApiRequest) => object;
export type Method = 'GET' | 'POST' | 'DELETE';

interface Route {
  method: Method;
  segments: string[];
  handler: ApiHandler;
}

export class Router {
  private readonly routes: Route[] = [];

  get(pattern: string, handler: ApiHandler): this {
    return this.add('GET', pattern, handler);
  }

  post(pattern: string, handler: ApiHandler): this {
    return this.add('POST', pattern, handler);
  }

  delete(pattern: string, handler: ApiHandler): this {
    return this.add('DELETE', pattern, handler);
  }

  private add(method: Method, pattern: string, handler: ApiHandler): this {
    this.routes.push({ method, segments: pattern.split('/').filter(Boolean), handler });
    return this;
  }

  match(method: string, pathname: string): { handler: ApiHandler; path: Record<string, string> } | undefined {
    const parts = pathname.split('/').filter(Boolean);
    for (const route of this.routes) {
      if (route.method !== method || route.segments.length !== parts.length) continue;
      const path: Record<string, string> = {};
      let ok = true;
      for (let i = 0; i < parts.length; i++) {
        const segment = route.segments[i]!;
        const part = decodeURIComponent(parts[i]!);
        if (segment.startsWith(':')) path[segment.slice(1)] = part;
        else if (segment !== part) {
          ok = false;
          break;
        }
      }
      if (ok) return { handler: route.handler, path };
    }
    return undefined;
  }
}
