// Test controls outside Stripe's API, under /_sandbox/: settle or return an ACH debit now, move the clock, move a
// subscription to its next period, finish an account's onboarding without the form, read webhook delivery attempts.
// Bodies may be JSON or form-encoded; a form post from the index page is answered with a redirect back to it.
import { completeOnboarding } from '../connect/accounts.js';
import { returnAchPayment } from '../payments/payment-engine.js';
import type { SandboxContext } from '../sandbox-context.js';
import type { PageResponse } from '../pages/page-response.js';

export interface ControlRequest {
  method: string;
  pathname: string;
  fields: Record<string, string>;
  fromForm: boolean;
}

const json = (status: number, body: unknown): PageResponse => ({ kind: 'json', status, body });
const problem = (status: number, message: string) => json(status, { error: { type: 'invalid_request_error', message } });

export function handleControl(sb: SandboxContext, request: ControlRequest): PageResponse {
  const done = (body: unknown): PageResponse => (request.fromForm ? { kind: 'redirect', location: '/' } : json(200, body));
  const { method, pathname, fields } = request;
  if (method === 'GET' && pathname === '/_sandbox/webhook_deliveries') return json(200, { data: sb.deliverer.attempts });
  if (method === 'GET' && pathname === '/_sandbox/clock') return json(200, { now: sb.clock.nowSec(), offset_ms: sb.clock.offsetMs });
  if (method !== 'POST') return problem(404, `Unknown sandbox control: ${method} ${pathname}`);

  if (pathname === '/_sandbox/settle') {
    const id = fields['payment_intent'];
    if (!id) return problem(400, 'Missing payment_intent.');
    const pi = sb.store.paymentIntents.find(id);
    if (!pi) return problem(404, `No such payment_intent: '${id}'`);
    if (!sb.scheduler.runNow('ach_settle', id)) return problem(400, `${id} is not a processing ACH debit (status ${pi.status}).`);
    return done(sb.store.paymentIntents.find(id));
  }
  if (pathname === '/_sandbox/return') {
    const id = fields['payment_intent'];
    if (!id) return problem(400, 'Missing payment_intent.');
    return done(returnAchPayment(sb, id, fields['code'] ?? 'R01'));
  }
  if (pathname === '/_sandbox/advance') {
    const seconds = Number(fields['seconds']);
    if (!Number.isFinite(seconds) || seconds < 0) return problem(400, 'seconds must be a number of seconds, at least 0.');
    sb.scheduler.advance(seconds * 1000);
    return done({ now: sb.clock.nowSec() });
  }
  const subscription = /^\/_sandbox\/subscriptions\/([^/]+)\/advance$/.exec(pathname);
  if (subscription) {
    const sub = sb.store.subscriptions.find(decodeURIComponent(subscription[1]!));
    if (!sub) return problem(404, `No such subscription: '${subscription[1]}'`);
    if (sub.status === 'canceled') return problem(400, `${sub.id} is canceled.`);
    const end = sub.items.data[0]!.current_period_end;
    sb.scheduler.advance(Math.max(0, end * 1000 - sb.clock.nowMs()));
    return done(sb.store.subscriptions.find(sub.id));
  }
  const onboard = /^\/_sandbox\/accounts\/([^/]+)\/onboard$/.exec(pathname);
  if (onboard) {
    const account = sb.store.accounts.find(decodeURIComponent(onboard[1]!));
    if (!account) return problem(404, `No such account: '${onboard[1]}'`);
    completeOnboarding(sb, account, {
      businessName: fields['business_name'] ?? account.business_profile.name ?? 'Sandbox Property Management',
      businessType: 'company',
      firstName: 'Sam',
      lastName: 'Sandbox',
      email: account.email,
      routingNumber: '110000000',
      accountNumber: '000123456789',
      ip: '127.0.0.1',
      userAgent: null,
    });
    return done(account);
  }
  return problem(404, `Unknown sandbox control: ${method} ${pathname}`);
}
