// The API's routes, `GET /subscriptions/{subscription_id}` and the like, each a handler returning the reply's data.
import type { SandboxContext } from '../sandbox-context.js';
import type { FieldReader, QueryReader } from './fields.js';

export interface ApiRequest {
  readonly sb: SandboxContext;
  /** The JSON body, read field by field (an empty body reads as `{}`). */
  readonly body: FieldReader;
  readonly query: QueryReader;
  readonly path: Record<string, string>;
  /** The path and query as requested, for pagination links. */
  readonly pathname: string;
  readonly search: URLSearchParams;
}

/** An entity (`{ data }`) or a page of a list (`{ data, meta.pagination }`). */
export type ApiResult = { status?: number; data: object } | { status?: number; data: object[]; pagination: Pagination };

export interface Pagination {
  per_page: number;
  next: string;
  has_more: boolean;
  estimated_total: number;
}

export type Method = 'GET' | 'POST' | 'PATCH';
type Handler = (request: ApiRequest) => ApiResult;

export class Router {
  private readonly routes: { method: Method; pattern: RegExp; names: string[]; handler: Handler }[] = [];

  add(method: Method, template: string, handler: Handler): this {
    const names: string[] = [];
    const pattern = new RegExp(
      `^${template.replace(/\{(\w+)\}/g, (_, name: string) => {
        names.push(name);
        return '([^/]+)';
      })}$`,
    );
    this.routes.push({ method, pattern, names, handler });
    return this;
  }

  match(method: string, pathname: string): { handler: Handler; path: Record<string, string> } | 'wrong_method' | undefined {
    let pathMatched = false;
    for (const route of this.routes) {
      const m = route.pattern.exec(pathname);
      if (!m) continue;
      pathMatched = true;
      if (route.method !== method) continue;
      return { handler: route.handler, path: Object.fromEntries(route.names.map((name, i) => [name, decodeURIComponent(m[i + 1]!)])) };
    }
    return pathMatched ? 'wrong_method' : undefined;
  }
}
