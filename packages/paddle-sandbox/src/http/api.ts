// One API request as Paddle handles it: the API key (`Authorization: Bearer pdl_sdbx_apikey_…`), a JSON body, the
// route, and the answer in Paddle's envelope (`{ data, meta: { request_id } }`, lists with `meta.pagination`, errors
// with `error`). Every answer carries its request id in `meta` and in the `Request-Id` header.
import { randomUUID } from 'node:crypto';
import type { SandboxContext } from '../sandbox-context.js';
import { FieldReader, QueryReader } from './fields.js';
import { badRequest, notFound, PaddleApiError } from './paddle-error.js';
import type { Router } from './router.js';

export interface ApiCall {
  method: string;
  url: URL;
  body: string;
  contentType: string | undefined;
  authorization: string | undefined;
}

export interface ApiReply {
  status: number;
  body: string;
  headers: Record<string, string>;
}

/** Paddle's sandbox API keys (live keys, `pdl_live_apikey_…`, are refused as on Paddle's sandbox). */
export const SANDBOX_KEY_PREFIX = 'pdl_sdbx_apikey_';

export function handleApiCall(sb: SandboxContext, router: Router, call: ApiCall): ApiReply {
  const requestId = randomUUID();
  const reply = (status: number, body: object): ApiReply => ({
    status,
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', 'request-id': requestId },
  });
  try {
    authenticate(sb, call.authorization);
    const route = router.match(call.method, call.url.pathname);
    if (route === undefined) throw new PaddleApiError(404, 'not_found', `Requested path ${call.url.pathname} was not found`);
    if (route === 'wrong_method') throw new PaddleApiError(405, 'method_not_allowed', `Method ${call.method} is not allowed on ${call.url.pathname}`);
    const result = route.handler({
      sb,
      body: new FieldReader(parseBody(call)),
      query: new QueryReader(call.url.searchParams),
      path: route.path,
      pathname: call.url.pathname,
      search: call.url.searchParams,
    });
    if (call.method !== 'GET') sb.store.changed();
    const meta = 'pagination' in result ? { request_id: requestId, pagination: result.pagination } : { request_id: requestId };
    return reply(result.status ?? 200, { data: result.data, meta });
  } catch (error) {
    if (error instanceof PaddleApiError) return reply(error.status, { error: error.body(), meta: { request_id: requestId } });
    sb.log(`internal error on ${call.method} ${call.url.pathname}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return reply(500, { error: new PaddleApiError(500, 'internal_error', 'An internal error occurred in the Paddle sandbox (see its log).').body(), meta: { request_id: requestId } });
  }
}

function authenticate(sb: SandboxContext, authorization: string | undefined): void {
  if (!authorization) throw new PaddleApiError(401, 'authentication_missing', 'Authentication header missing.');
  const match = /^bearer (\S+)$/i.exec(authorization.trim());
  if (!match) throw new PaddleApiError(403, 'authentication_malformed', 'Authentication header included, but incorrectly formatted.');
  const key = match[1]!;
  const accepted = sb.apiKey ? key === sb.apiKey : key.startsWith(SANDBOX_KEY_PREFIX) && key.length > SANDBOX_KEY_PREFIX.length;
  if (!accepted) throw new PaddleApiError(403, 'invalid_token', 'Invalid or revoked API key.');
}

function parseBody(call: ApiCall): Record<string, unknown> {
  if (call.method === 'GET' || call.body.trim() === '') return {};
  if (call.contentType && !call.contentType.toLowerCase().startsWith('application/json')) throw badRequest('Invalid request: the body must be application/json.');
  let parsed: unknown;
  try {
    parsed = JSON.parse(call.body);
  } catch {
    throw badRequest('Invalid request: the body is not valid JSON.');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw badRequest('Invalid request: the body must be a JSON object.');
  return parsed as Record<string, unknown>;
}

/** Looks up an entity named in the path, or answers 404 as Paddle does. */
export function required<T>(found: T | undefined, id: string): T {
  if (found === undefined) throw notFound(id);
  return found;
}
