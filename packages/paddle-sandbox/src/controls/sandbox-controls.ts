// Test and demo controls outside Paddle's API, under /_sandbox/: move the clock (trial ends, renewals, scheduled
// cancellations happen on the way), move one subscription to its period end, make its next renewal fail, and read
// what was sent. Bodies are JSON or form-encoded; a form posted from the index page is answered with a redirect to it.
import { randomUUID } from 'node:crypto';
import { badRequest, notFound, PaddleApiError } from '../http/paddle-error.js';
import type { PageResponse } from '../pages/html.js';
import type { SandboxContext } from '../sandbox-context.js';
import { internalsOf } from '../subscriptions/lifecycle.js';
import type { SubscriptionObject } from '../wire/objects.js';

export interface ControlRequest {
  method: string;
  pathname: string;
  fields: Record<string, unknown>;
  fromForm: boolean;
}

const MAX_ADVANCE_SECONDS = 5 * 366 * 86_400;

function secondsToAdvance(fields: Record<string, unknown>): number {
  const seconds = fields['seconds'] !== undefined ? Number(fields['seconds']) : fields['days'] !== undefined ? Number(fields['days']) * 86_400 : NaN;
  if (!Number.isFinite(seconds) || seconds < 0 || seconds > MAX_ADVANCE_SECONDS) throw badRequest('Give seconds or days: a number from 0 to five years.');
  return seconds;
}

function toPeriodEnd(sb: SandboxContext, subscription: SubscriptionObject): void {
  const end = subscription.current_billing_period?.ends_at;
  if (!end || subscription.status === 'canceled' || subscription.status === 'past_due') {
    throw new PaddleApiError(409, 'subscription_not_active', `${subscription.id} is ${subscription.status}: it has no period to end.`);
  }
  sb.scheduler.advance(Math.max(0, Date.parse(end) - sb.clock.nowMs()));
}

function run(sb: SandboxContext, request: ControlRequest): unknown {
  const { method, pathname, fields } = request;
  if (method === 'GET' && pathname === '/_sandbox/clock') return { now: sb.clock.nowIso(), offset_ms: sb.clock.offsetMs };
  if (method === 'GET' && pathname === '/_sandbox/events') return sb.store.events.all().slice(-200);
  if (method === 'GET' && pathname === '/_sandbox/webhook_deliveries') return sb.deliverer.attempts;
  if (method === 'POST' && pathname === '/_sandbox/advance') {
    sb.scheduler.advance(secondsToAdvance(fields) * 1000);
    return { now: sb.clock.nowIso() };
  }
  const match = /^\/_sandbox\/subscriptions\/([^/]+)\/(advance|past_due)$/.exec(pathname);
  if (method === 'POST' && match) {
    const id = decodeURIComponent(match[1]!);
    const subscription = sb.store.subscriptions.find(id);
    if (!subscription) throw notFound(id);
    if (match[2] === 'past_due') {
      if (subscription.scheduled_change) throw new PaddleApiError(409, 'subscription_not_active', `${id} is scheduled to cancel: its period ends without a renewal.`);
      sb.store.paymentMethods.find(internalsOf(sb, subscription).paymentMethodId)!.declines = true;
    }
    toPeriodEnd(sb, subscription);
    return subscription;
  }
  throw new PaddleApiError(404, 'not_found', `Unknown sandbox control: ${method} ${pathname}`);
}

export function handleControl(sb: SandboxContext, request: ControlRequest): PageResponse {
  try {
    const body = run(sb, request);
    if (request.method === 'POST') sb.store.changed();
    return request.fromForm ? { kind: 'redirect', location: '/' } : { kind: 'json', status: 200, body: { data: body } };
  } catch (error) {
    if (!(error instanceof PaddleApiError)) throw error;
    return { kind: 'json', status: error.status, body: { error: error.body(), meta: { request_id: randomUUID() } } };
  }
}
