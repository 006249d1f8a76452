import { jest } from '@jest/globals';
import type { SessionUser } from '../src/app/session-slice.js';

export const jsonResponse = (body: unknown, status = 200) =>
  status === 204 ? new Response(null, { status }) : new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export interface BffCall {
  method: string;
  /** Path below /api, with its query. */
  path: string;
  body: unknown;
  authorization: string | null;
}

type Handler = (request: Request, body: unknown) => Response | Promise<Response>;

/**
 * Answers the app's BFF calls with real Response objects, keyed by "METHOD path" below /api (query ignored), and
 * records every call. Unlisted calls answer 404 like the BFF would for an unknown route.
 */
export function stubBff(routes: Record<string, Handler | Response | (() => Response)>) {
  const calls: BffCall[] = [];
  const spy = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/api\//, '');
    const text = await request.clone().text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    calls.push({ method: request.method, path: `${path}${url.search}`, body, authorization: request.headers.get('authorization') });
    const route = routes[`${request.method} ${path}`];
    if (!route) return jsonResponse({ statusCode: 404, message: 'Not Found' }, 404);
    if (route instanceof Response) return route.clone();
    return (route as Handler)(request, body);
  });
  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((call) => call.method === method && call.path.split('?')[0] === path),
    restore: () => spy.mockRestore(),
  };
}

export function aUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: crypto.randomUUID(),
    is_anonymous: false,
    full_name: 'Ada Owner',
    phone: null,
    email: 'ada@example.com',
    account_type: 'property_manager',
    campaign: 'property_owner',
    email_verified: true,
    ...overrides,
  };
}

export function aSession(user: SessionUser = aUser()) {
  return { access_token: `token-${crypto.randomUUID()}`, expires_in: 900, user };
}
