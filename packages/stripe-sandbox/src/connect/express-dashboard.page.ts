// The page a login link opens: the connected account's balance and the payments made to it.
import type { SandboxContext } from '../sandbox-context.js';
import { date, escapeHtml, money, page } from '../pages/html.js';
import { html, type PageResponse } from '../pages/page-response.js';
import { balanceOf, chargesPayingTo } from './balances.js';

export function expressDashboardPage(sb: SandboxContext, token: string): PageResponse {
  const accountId = sb.store.internal.loginLinks[token];
  const account = accountId ? sb.store.accounts.find(accountId) : undefined;
  if (!account) return html(page('Link not found', '<div class="card"><h1>This login link does not exist.</h1></div>'), 404);
  const balance = balanceOf(sb, account.id);
  const rows = chargesPayingTo(sb, account.id)
    .map((charge) => {
      const fee = charge.application_fee_amount ?? 0;
      const net = charge.transfer_data?.amount ?? charge.amount - fee;
      return `<tr><td>${date(charge.created)}</td><td>${escapeHtml(charge.description ?? '')}</td><td>${money(charge.amount, charge.currency)}</td>
<td>${money(fee, charge.currency)}</td><td>${money(net, charge.currency)}</td><td>${escapeHtml(charge.payment_method_details.type)}</td>
<td>${escapeHtml(charge.status)}${charge.amount_refunded ? ` (refunded ${money(charge.amount_refunded, charge.currency)})` : ''}</td></tr>`;
    })
    .join('');
  return html(
    page(
      `${account.business_profile.name ?? account.id} — Express dashboard`,
      `<div class="card"><h1>${escapeHtml(account.business_profile.name ?? account.id)}</h1><p class="muted">Express dashboard (sandbox) · <code>${escapeHtml(account.id)}</code></p>
<p>Available balance</p><p class="amount" data-testid="available">${money(balance.available, 'usd')}</p>
<p>Pending <span data-testid="pending">${money(balance.pending, 'usd')}</span></p></div>
<div class="card"><h2>Payments</h2>${rows ? `<table><thead><tr><th>Date</th><th>Description</th><th>Amount</th><th>Fee</th><th>Net</th><th>Method</th><th>Status</th></tr></thead><tbody>${rows}</tbody></table>` : '<p class="muted">No payments yet.</p>'}</div>`,
    ),
  );
}
