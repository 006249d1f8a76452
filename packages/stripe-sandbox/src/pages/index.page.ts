// The developer's overview at `/`: accounts, checkout sessions, payments, subscriptions, events and webhook
// deliveries, with buttons for the sandbox controls.
import type { SandboxContext } from '../sandbox-context.js';
import { date, escapeHtml, money, page } from './html.js';

const LIMIT = 50;

function table(headers: string[], rows: string[]): string {
  if (rows.length === 0) return '<p class="muted">None yet.</p>';
  return `<table><thead><tr>${headers.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

const button = (action: string, label: string, fields: Record<string, string>) =>
  `<form class="inline" method="post" action="${escapeHtml(action)}">${Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('')}<button type="submit" class="secondary">${escapeHtml(label)}</button></form>`;

export function indexPage(sb: SandboxContext): string {
  const { store } = sb;
  const accounts = store.accounts.list('any').slice(0, LIMIT).map(
    (a) => `<tr><td><code>${escapeHtml(a.id)}</code></td><td>${escapeHtml(a.email ?? '')}</td><td>${escapeHtml(a.business_profile.name ?? '')}</td>
<td>${a.details_submitted ? 'yes' : 'no'}</td><td>${a.charges_enabled ? 'yes' : 'no'}</td>
<td>${a.details_submitted ? '' : button(`/_sandbox/accounts/${a.id}/onboard`, 'Complete onboarding', {})}</td></tr>`,
  );
  const sessions = store.checkoutSessions.list('any').slice(0, LIMIT).map(
    (s) => `<tr><td><code>${escapeHtml(s.id.slice(0, 24))}…</code></td><td>${escapeHtml(s.mode)}</td><td>${escapeHtml(s.status)}</td><td>${escapeHtml(s.payment_status)}</td>
<td>${money(s.amount_total, s.currency)}</td><td>${date(s.created)}</td><td>${s.url ? `<a href="${escapeHtml(s.url)}">open</a>` : ''}</td></tr>`,
  );
  const payments = store.paymentIntents.list('any').slice(0, LIMIT).map((pi) => {
    const pm = pi.payment_method ? store.paymentMethods.find(pi.payment_method) : undefined;
    const actions =
      pi.status === 'processing'
        ? button('/_sandbox/settle', 'Settle now', { payment_intent: pi.id })
        : pi.status === 'succeeded' && pm?.type === 'us_bank_account'
          ? button('/_sandbox/return', 'Return (R01)', { payment_intent: pi.id, code: 'R01' })
          : '';
    return `<tr><td><code>${escapeHtml(pi.id)}</code></td><td>${money(pi.amount, pi.currency)}</td><td>${escapeHtml(pi.status)}</td><td>${escapeHtml(pm?.type ?? '')}</td>
<td>${escapeHtml(pi.transfer_data?.destination ?? '')}</td><td>${money(pi.application_fee_amount, pi.currency)}</td><td>${date(pi.created)}</td><td>${actions}</td></tr>`;
  });
  const subscriptions = store.subscriptions.list('any').slice(0, LIMIT).map((s) => {
    const item = s.items.data[0]!;
    return `<tr><td><code>${escapeHtml(s.id)}</code></td><td>${escapeHtml(s.status)}</td><td>${money(item.price.unit_amount * item.quantity, s.currency)} / ${escapeHtml(item.price.recurring?.interval ?? '')}</td>
<td>${date(item.current_period_end)}</td><td>${s.cancel_at_period_end ? 'yes' : 'no'}</td><td>${s.status === 'canceled' ? '' : button(`/_sandbox/subscriptions/${s.id}/advance`, 'Advance to next period', {})}</td></tr>`;
  });
  const deliveries = new Map<string, boolean>();
  for (const a of sb.deliverer.attempts) deliveries.set(a.eventId, (deliveries.get(a.eventId) ?? false) || a.delivered);
  const events = store.events.list('any').slice(0, LIMIT).map(
    (e) => `<tr><td><code>${escapeHtml(e.id)}</code></td><td>${escapeHtml(e.type)}</td><td>${escapeHtml(e.account ?? '')}</td><td>${date(e.created)}</td>
<td>${deliveries.has(e.id) ? (deliveries.get(e.id) ? 'delivered' : 'failing') : e.pending_webhooks === 0 ? 'no endpoint' : 'queued'}</td></tr>`,
  );
  const attempts = sb.deliverer.attempts.slice(-20).reverse().map(
    (a) => `<tr><td>${escapeHtml(new Date(a.at).toISOString())}</td><td><code>${escapeHtml(a.eventId)}</code></td><td>${escapeHtml(a.eventType)}</td><td>${escapeHtml(a.url)}</td><td>${a.attempt}</td><td>${escapeHtml(a.outcome)}</td></tr>`,
  );
  return page(
    'Stripe sandbox',
    `<h1>Stripe sandbox</h1><p class="muted">API ${escapeHtml(sb.apiVersion)} · clock ${date(sb.clock.nowSec())}${sb.clock.offsetMs ? ` (advanced ${Math.round(sb.clock.offsetMs / 1000)} s)` : ''}
${button('/_sandbox/advance', 'Advance clock 1 day', { seconds: '86400' })}</p>
<div class="card"><h2>Connected accounts</h2>${table(['Account', 'Email', 'Business', 'Details submitted', 'Charges enabled', ''], accounts)}</div>
<div class="card"><h2>Checkout sessions</h2>${table(['Session', 'Mode', 'Status', 'Payment', 'Amount', 'Created', ''], sessions)}</div>
<div class="card"><h2>Payments</h2>${table(['PaymentIntent', 'Amount', 'Status', 'Method', 'Destination', 'Fee', 'Created', ''], payments)}</div>
<div class="card"><h2>Subscriptions</h2>${table(['Subscription', 'Status', 'Price', 'Period ends', 'Cancels at period end', ''], subscriptions)}</div>
<div class="card"><h2>Events</h2>${table(['Event', 'Type', 'Account', 'Created', 'Webhooks'], events)}</div>
<div class="card"><h2>Latest webhook attempts</h2>${table(['At', 'Event', 'Type', 'Endpoint', 'Attempt', 'Outcome'], attempts)}</div>`,
  );
}
