import { jest } from '@jest/globals';
import type { SessionUser } from '../src/app/session-slice.js';

/**
 * A BFF stand-in at the fetch boundary for the property-manager screens: routes answer real Response objects by
 * method and path pattern, and every request is recorded with its query so a test can check what the app asked.
 * Unrouted calls answer 404 like the BFF would.
 */
export type BffRoute = (request: Request, url: URL) => Response | Promise<Response> | undefined;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A list call's answer as one page (packages/contracts/src/page.ts): the items, the next page's cursor, the total. */
export const pageOf = <Item>(items: Item[], next_cursor: string | null = null, total = items.length) => ({ items, next_cursor, total });

export function stubBffRoutes(...routes: BffRoute[]) {
  const requests: { method: string; path: string; query: URLSearchParams; body: unknown; headers: Headers }[] = [];
  const spy = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    // RTK Query passes a Request; the event-stream helpers pass a URL and its init, as the browser's fetch allows.
    const request = input instanceof Request ? input : new Request(new URL(String(input), window.location.href), init);
    const url = new URL(request.url);
    // A form (multipart) is recorded as its parts, a file by its name.
    const form = request.headers.get('content-type')?.startsWith('multipart/form-data') ? await request.clone().formData() : null;
    const text = form ? '' : await request.clone().text();
    const body = form ? [...form.entries()].map(([name, value]) => [name, typeof value === 'string' ? value : value.name]) : text ? JSON.parse(text) : undefined;
    requests.push({ method: request.method, path: url.pathname, query: url.searchParams, body, headers: request.headers });
    for (const route of routes) {
      const answer = await route(request, url);
      if (answer) return answer;
    }
    return json({ statusCode: 404, message: 'Not Found' }, 404);
  });
  return { requests, restore: () => spy.mockRestore() };
}

/** A route for one method and path below /api (`:param` segments match any one segment). */
export function on(method: string, path: string, answer: (request: Request, url: URL) => Response | Promise<Response>): BffRoute {
  const pattern = new RegExp(`^/api/${path.replace(/:[^/]+/g, '[^/]+')}$`);
  return (request, url) => (request.method === method && pattern.test(url.pathname) ? answer(request, url) : undefined);
}

/**
 * A route that holds its answer until the test releases it, so a test can see which requests are in flight at the
 * same time (a request waterfall shows as the next request missing until the previous one is answered).
 */
export function deferredRoute(method: string, path: string, answer: (request: Request, url: URL) => Response | Promise<Response>) {
  const { promise: released, resolve: release } = Promise.withResolvers<void>();
  const route = on(method, path, async (request, url) => {
    await released;
    return answer(request, url);
  });
  return { route, release: () => release() };
}

export function managerUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: crypto.randomUUID(),
    is_anonymous: false,
    full_name: 'Pat Manager',
    phone: null,
    email: 'pat@example.test',
    account_type: 'property_manager',
    campaign: null,
    email_verified: true,
    ...overrides,
  };
}
