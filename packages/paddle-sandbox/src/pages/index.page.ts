// The developer's overview at `/`: the catalog with its ids, customers, subscriptions (with buttons for the
// controls), transactions and the latest webhook deliveries.
import type { SandboxContext } from '../sandbox-context.js';
import { day, esc, layout, usd } from './html.js';

const SHOWN = 50;

function table(caption: string, headings: string[], rows: string[][]): string {
  const body = rows.length === 0 ? `<p class="note">None yet.</p>` : `<table><caption class="note">${esc(caption)}</caption><thead><tr>${headings.map((h) => `<th scope="col">${esc(h)}</th>`).join('')}</tr></thead>
<tbody>${rows.map((cells) => `<tr>${cells.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('')}</tbody></table>`;
  return `<section><h2>${esc(caption)}</h2>${body}</section>`;
}

const control = (action: string, label: string) => `<form class="inline" method="post" action="${esc(action)}"><button class="quiet" type="submit">${esc(label)}</button></form>`;

export function indexPage(sb: SandboxContext): string {
  const { store } = sb;
  const newest = <T>(rows: readonly T[]) => [...rows].reverse().slice(0, SHOWN);
  return layout(
    'Paddle sandbox',
    `<section><h1>Paddle sandbox</h1><p>Clock: ${esc(sb.clock.nowIso())}</p>
<form class="inline" method="post" action="/_sandbox/advance"><input type="hidden" name="days" value="1"><button class="quiet" type="submit">Advance one day</button></form>
<form class="inline" method="post" action="/_sandbox/advance"><input type="hidden" name="days" value="31"><button class="quiet" type="submit">Advance 31 days</button></form></section>
${table(
  'Prices',
  ['product', 'price id', 'amount', 'trial'],
  store.prices.all().map((p) => [esc(store.products.find(p.product_id)?.name), `<code>${esc(p.id)}</code>`, usd(p.unit_price.amount), p.trial_period ? `${p.trial_period.frequency} ${esc(p.trial_period.interval)}s` : '—']),
)}
${table('Customers', ['id', 'email'], newest(store.customers.all()).map((c) => [`<code>${esc(c.id)}</code>`, esc(c.email)]))}
${table(
  'Subscriptions',
  ['id', 'plan', 'status', 'period ends', 'scheduled', 'controls'],
  newest(store.subscriptions.all()).map((s) => [
    `<code>${esc(s.id)}</code>`,
    esc(s.items[0]?.product.name),
    esc(s.status),
    day(s.current_billing_period?.ends_at),
    esc(s.scheduled_change ? `${s.scheduled_change.action} ${day(s.scheduled_change.effective_at)}` : ''),
    s.status === 'active' || s.status === 'trialing'
      ? `${control(`/_sandbox/subscriptions/${s.id}/advance`, 'End period')} ${s.scheduled_change ? '' : control(`/_sandbox/subscriptions/${s.id}/past_due`, 'Fail renewal')}`
      : '',
  ]),
)}
${table(
  'Transactions',
  ['id', 'origin', 'status', 'total', 'checkout'],
  newest(store.transactions.all()).map((t) => [
    `<code>${esc(t.id)}</code>`,
    esc(t.origin),
    esc(t.status),
    usd(t.details?.totals?.grand_total ?? 0),
    t.checkout?.url && (t.status === 'ready' || t.status === 'draft') ? `<a href="${esc(t.checkout.url)}">open</a>` : '',
  ]),
)}
${table(
  'Webhook deliveries',
  ['event', 'destination', 'attempt', 'outcome'],
  newest(sb.deliverer.attempts).map((a) => [esc(a.eventType), esc(a.destination), String(a.attempt), esc(a.outcome)]),
)}`,
  );
}
