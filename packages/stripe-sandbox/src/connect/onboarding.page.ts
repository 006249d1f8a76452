// The hosted onboarding page an Account Link points to. A used or expired link sends the browser to refresh_url,
// as Stripe does; a completed form sends it to return_url.
import type { SandboxContext } from '../sandbox-context.js';
import { escapeHtml, page } from '../pages/html.js';
import { html, redirect, type PageRequest, type PageResponse } from '../pages/page-response.js';
import { TEST_ROUTING_NUMBER } from '../payments/test-instruments.js';
import type { AccountObject } from '../wire/objects.js';
import { completeOnboarding } from './accounts.js';

export function onboardingPage(sb: SandboxContext, token: string, request: PageRequest): PageResponse {
  const link = sb.store.internal.accountLinks[token];
  if (!link) return html(page('Link not found', '<div class="card"><h1>This onboarding link does not exist.</h1></div>'), 404);
  if (link.used || link.expiresAt < sb.clock.nowSec()) return redirect(link.refreshUrl);
  const account = sb.store.accounts.find(link.account)!;
  if (request.method !== 'POST') return html(form(account, link.returnUrl, request.form, null));

  const f = request.form;
  const field = (name: string) => (f.get(name) ?? '').trim();
  const businessType = field('business_type') === 'company' ? 'company' : 'individual';
  const problems: string[] = [];
  if (!field('business_name')) problems.push('Enter the business name.');
  if (!field('first_name') || !field('last_name')) problems.push('Enter the first and last name of the person responsible for the account.');
  if (field('routing_number') !== TEST_ROUTING_NUMBER) problems.push(`Use the test routing number ${TEST_ROUTING_NUMBER}.`);
  if (!/^\d{4,17}$/.test(field('account_number'))) problems.push('Enter a bank account number of 4 to 17 digits (for example 000123456789).');
  if (f.get('tos') !== 'accepted') problems.push('Accept the services agreement.');
  if (problems.length > 0) return html(form(account, link.returnUrl, f, problems), 400);

  completeOnboarding(sb, account, {
    businessName: field('business_name'),
    businessType,
    firstName: field('first_name'),
    lastName: field('last_name'),
    email: field('email') || null,
    routingNumber: field('routing_number'),
    accountNumber: field('account_number'),
    ip: request.remoteAddress,
    userAgent: request.userAgent,
  });
  link.used = true;
  return redirect(link.returnUrl);
}

function form(account: AccountObject, returnUrl: string, values: URLSearchParams, problems: string[] | null): string {
  const v = (name: string, fallback = '') => escapeHtml(values.get(name) ?? fallback);
  return page(
    'Set up payouts — Stripe sandbox',
    `<div class="card"><h1>Set up payouts</h1>
<p class="muted">Account <code>${escapeHtml(account.id)}</code>${account.email ? ` · ${escapeHtml(account.email)}` : ''}</p>
${problems ? `<div class="error" role="alert">${problems.map(escapeHtml).join('<br>')}</div>` : ''}
<form method="post">
<label for="business_name">Business name</label><input id="business_name" name="business_name" value="${v('business_name', account.business_profile.name ?? '')}" required>
<label for="business_type">Business type</label><select id="business_type" name="business_type"><option value="individual">Individual / sole proprietor</option><option value="company"${values.get('business_type') === 'company' ? ' selected' : ''}>Company</option></select>
<label for="first_name">First name</label><input id="first_name" name="first_name" value="${v('first_name')}" required>
<label for="last_name">Last name</label><input id="last_name" name="last_name" value="${v('last_name')}" required>
<label for="email">Email</label><input id="email" name="email" type="email" value="${v('email', account.email ?? '')}">
<label for="routing_number">Routing number</label><input id="routing_number" name="routing_number" inputmode="numeric" value="${v('routing_number', TEST_ROUTING_NUMBER)}" required>
<label for="account_number">Account number</label><input id="account_number" name="account_number" inputmode="numeric" value="${v('account_number', '000123456789')}" required>
<label><input type="checkbox" name="tos" value="accepted" style="width:auto"${values.get('tos') === 'accepted' ? ' checked' : ''}> I accept the Stripe Connected Account Agreement (sandbox)</label>
<button type="submit">Submit</button>
</form>
<p class="muted"><a href="${escapeHtml(returnUrl)}">Return without finishing</a></p></div>`,
  );
}
