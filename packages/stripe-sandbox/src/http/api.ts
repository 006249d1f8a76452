// One API request, as Stripe handles it: the secret key (`Authorization: Bearer sk_test_…`), the connected account
// (`Stripe-Account`), form-encoded parameters, `Idempotency-Key` (same key and parameters: the first answer again;
// same key, other parameters: idempotency_error), `expand[]`, and Stripe's error replies.
import { createHash } from 'node:crypto';
import { invoicePayments } from '../billing/subscriptions.js';
import type { SandboxContext } from '../sandbox-context.js';
import { newId } from '../state/ids.js';
import type { Owner } from '../state/store.js';
import { applyExpansions, type ExpandResolver } from './expand.js';
import { Params, parseForm, type ParamMap } from './params.js';
import type { Router } from './router.js';
import { idempotencyMismatch, invalidRequest, StripeApiError } from './stripe-error.js';

export interface ApiCall {
  method: string;
  pathname: string;
  query: string;
  body: string;
  contentType: string | undefined;
  authorization: string | undefined;
  stripeAccount: string | undefined;
  idempotencyKey: string | undefined;
  stripeVersion: string | undefined;
}

export interface ApiReply {
  status: number;
  body: string;
  headers: Record<string, string>;
}

const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export function handleApiCall(sb: SandboxContext, router: Router, call: ApiCall): ApiReply {
  const requestId = newId('req', 14);
  const headers: Record<string, string> = { 'request-id': requestId, 'stripe-version': sb.apiVersion };
  const reply = (status: number, body: object, extra: Record<string, string> = {}): ApiReply => ({
    status,
    body: JSON.stringify(body, null, 2),
    headers: { ...headers, ...extra },
  });
  try {
    authenticate(call.authorization);
    const owner = connectedAccount(sb, call.stripeAccount);
    if (call.body && call.contentType && !call.contentType.startsWith('application/x-www-form-urlencoded')) {
      throw invalidRequest(`Invalid request: the body must be application/x-www-form-urlencoded (got ${call.contentType}).`);
    }
    const params: ParamMap = { ...parseForm(call.query), ...parseForm(call.body) };
    const match = router.match(call.method, call.pathname);
    if (!match) {
      throw invalidRequest(`Unrecognized request URL (${call.method}: ${call.pathname}).`, undefined, undefined, 404);
    }

    const key = call.method === 'POST' ? call.idempotencyKey : undefined;
    const scopedKey = key ? `${owner ?? 'platform'}:${key}` : undefined;
    const fingerprint = createHash('sha256').update(`${call.method} ${call.pathname} ${canonical(params)}`).digest('hex');
    if (scopedKey) {
      pruneIdempotency(sb);
      const previous = sb.store.internal.idempotency[scopedKey];
      if (previous) {
        if (previous.fingerprint !== fingerprint) throw idempotencyMismatch(key!);
        return { status: previous.status, body: previous.body, headers: { ...headers, 'idempotency-key': key!, 'idempotent-replayed': 'true' } };
      }
    }

    const reader = new Params(params);
    const expand = reader.strings('expand') ?? [];
    let status = 200;
    let body: object;
    try {
      const result = sb.events.during({ id: requestId, idempotency_key: key ?? null }, () =>
        match.handler({ sandbox: sb, params: reader, owner, path: match.path, apiVersion: call.stripeVersion ?? sb.apiVersion }),
      );
      body = expand.length > 0 ? applyExpansions(result, expand, resolver(sb, owner)) : result;
    } catch (error) {
      // A declined card is an answer Stripe keeps for the key (the PaymentIntent exists); a refused request is not.
      if (error instanceof StripeApiError && error.status === 402) {
        status = 402;
        body = { error: error.body };
      } else throw error;
    } finally {
      if (call.method !== 'GET') sb.store.changed();
    }
    const replyBody = JSON.stringify(body, null, 2);
    if (scopedKey) {
      sb.store.internal.idempotency[scopedKey] = { fingerprint, status, body: replyBody, createdMs: sb.clock.nowMs() };
      sb.store.changed();
    }
    return { status, body: replyBody, headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) } };
  } catch (error) {
    if (error instanceof StripeApiError) return reply(error.status, { error: error.body }, { 'stripe-should-retry': 'false' });
    sb.log(`internal error on ${call.method} ${call.pathname}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return reply(500, { error: { type: 'api_error', message: 'An unexpected error occurred in the Stripe sandbox (see its log).' } });
  }
}

function authenticate(authorization: string | undefined): void {
  if (!authorization) {
    throw new StripeApiError(401, {
      type: 'invalid_request_error',
      message:
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    });
  }
  let key = '';
  const [scheme, value = ''] = authorization.split(' ', 2);
  if (scheme?.toLowerCase() === 'bearer') key = value.trim();
  else if (scheme?.toLowerCase() === 'basic') key = Buffer.from(value, 'base64').toString('utf8').split(':')[0] ?? '';
  if (!key.startsWith('sk_test_')) {
    const shown = key.length > 8 ? `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}` : key;
    throw new StripeApiError(401, { type: 'invalid_request_error', message: `Invalid API Key provided: ${shown}` });
  }
}

function connectedAccount(sb: SandboxContext, header: string | undefined): Owner {
  if (!header) return null;
  if (!sb.store.accounts.find(header)) {
    throw invalidRequest(
      `The provided key does not have access to account '${header}' (or that account does not exist). Application access may have been revoked.`,
      undefined,
      'account_invalid',
      403,
    );
  }
  return header;
}

function resolver(sb: SandboxContext, owner: Owner): ExpandResolver {
  return (parent, field) => {
    if (parent['object'] === 'checkout.session' && field === 'line_items') {
      const items = sb.store.internal.checkoutLineItems[String(parent['id'])] ?? [];
      return { object: 'list', data: items, has_more: false, url: `/v1/checkout/sessions/${String(parent['id'])}/line_items` };
    }
    if (parent['object'] === 'invoice' && field === 'payments') {
      const invoice = sb.store.invoices.find(String(parent['id']));
      return invoice ? { object: 'list', data: invoicePayments(sb, invoice), has_more: false, url: `/v1/invoice_payments?invoice=${invoice.id}` } : undefined;
    }
    const value = parent[field];
    if (value === null) return null;
    if (typeof value !== 'string') return undefined;
    const found = sb.store.findAny(value);
    if (!found || (found.owner !== owner && found.data.object !== 'account')) return undefined;
    return found.data;
  };
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

function pruneIdempotency(sb: SandboxContext): void {
  const cutoff = sb.clock.nowMs() - IDEMPOTENCY_TTL_MS;
  for (const [key, record] of Object.entries(sb.store.internal.idempotency)) {
    if (record.createdMs < cutoff) delete sb.store.internal.idempotency[key];
  }
}
