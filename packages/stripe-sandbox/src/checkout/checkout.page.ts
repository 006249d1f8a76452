// The hosted checkout page a session's `url` opens: the amount and what it is for, a card form and, when the session
// allows it, a US bank account form. A declined card is shown on the page; a completed payment redirects to
// success_url; "Cancel" goes to cancel_url.
import { billingDetails, createBankPaymentMethod, createCardPaymentMethod } from '../customers/payment-methods.js';
import { escapeHtml, money, page } from '../pages/html.js';
import { html, redirect, type PageRequest, type PageResponse } from '../pages/page-response.js';
import { findTestBankAccount, findTestCard, TEST_BANK_ACCOUNTS, TEST_CARDS, TEST_ROUTING_NUMBER } from '../payments/test-instruments.js';
import type { SandboxContext } from '../sandbox-context.js';
import type { CheckoutSessionObject, PaymentMethodObject } from '../wire/objects.js';
import { payCheckoutSession } from './checkout-sessions.js';

export function checkoutPage(sb: SandboxContext, sessionId: string, request: PageRequest): PageResponse {
  const session = sb.store.checkoutSessions.find(sessionId);
  if (!session) return html(page('Not found', '<div class="card"><h1>This checkout session does not exist.</h1></div>'), 404);
  if (session.status !== 'open') {
    const what = session.status === 'expired' ? 'This checkout session has expired.' : 'This checkout session is already complete.';
    return html(page('Checkout', `<div class="card"><h1>${what}</h1></div>`), 410);
  }
  if (request.method !== 'POST') return html(render(sb, session, request.form, null));

  const form = request.form;
  const field = (name: string) => (form.get(name) ?? '').trim();
  const owner = sb.store.checkoutSessions.ownerOf(session.id);
  const email = field('email') || null;
  const name = field('name') || null;
  const needsEmail = !session.customer && !session.customer_email;
  if (needsEmail && !email) return html(render(sb, session, form, 'Enter your email.'), 400);
  const method = field('method');
  if (!session.payment_method_types.includes(method)) return html(render(sb, session, form, 'Choose a payment method.'), 400);

  let pm: PaymentMethodObject;
  if (method === 'card') {
    const card = findTestCard(field('card_number'));
    if (!card) {
      return html(render(sb, session, form, 'Your card was declined. Your request was in test mode, but used a non test card. Use a test card such as 4242 4242 4242 4242.'), 402);
    }
    const expiry = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(field('card_expiry'));
    const month = expiry ? Number(expiry[1]) : NaN;
    const year = expiry ? Number(expiry[2]!.length === 2 ? `20${expiry[2]}` : expiry[2]) : NaN;
    const now = new Date();
    if (!expiry || month < 1 || month > 12 || year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) {
      return html(render(sb, session, form, "Your card's expiration date is incomplete or in the past (use MM / YY)."), 400);
    }
    if (!/^\d{3,4}$/.test(field('card_cvc'))) return html(render(sb, session, form, "Your card's security code is incomplete."), 400);
    pm = createCardPaymentMethod(sb, card, { month, year }, billingDetails(name, email), owner);
  } else {
    if (field('routing_number') !== TEST_ROUTING_NUMBER) {
      return html(render(sb, session, form, `Routing number not recognised: use the test routing number ${TEST_ROUTING_NUMBER}.`), 400);
    }
    const account = findTestBankAccount(field('account_number'));
    if (!account) {
      return html(render(sb, session, form, `Account number not recognised: use a test account such as ${TEST_BANK_ACCOUNTS[0]!.accountNumber}.`), 400);
    }
    if (!name) return html(render(sb, session, form, "Enter the account holder's name."), 400);
    pm = createBankPaymentMethod(
      sb,
      {
        accountNumber: account.accountNumber,
        holderType: field('account_holder_type') === 'company' ? 'company' : 'individual',
        accountType: field('account_type') === 'savings' ? 'savings' : 'checking',
      },
      account.behaviour,
      billingDetails(name, email),
      owner,
    );
  }
  const result = payCheckoutSession(sb, session, pm, { email, name });
  if (result.outcome === 'declined') return html(render(sb, session, form, result.message), 402);
  if (result.redirect) return redirect(result.redirect);
  return html(page('Payment complete', '<div class="card"><h1>Thanks — this checkout is complete.</h1></div>'));
}

function render(sb: SandboxContext, session: CheckoutSessionObject, values: URLSearchParams, error: string | null): string {
  const v = (name: string, fallback = '') => escapeHtml(values.get(name) ?? fallback);
  const items = sb.store.internal.checkoutLineItems[session.id] ?? [];
  const recurring = items.find((li) => li.price.recurring)?.price.recurring;
  const heading =
    session.mode === 'setup'
      ? '<h1>Save a payment method</h1><p class="muted">You will not be charged now.</p>'
      : `<p class="muted">${escapeHtml(items.map((li) => `${li.quantity > 1 ? `${li.quantity} × ` : ''}${li.description}`).join(', '))}</p>
<p class="amount" data-testid="amount">${money(session.amount_total, session.currency)}${recurring && session.amount_total === items[0]!.amount_total ? ` <span class="muted">per ${escapeHtml(recurring.interval)}</span>` : ''}</p>
${recurring && session.amount_total !== items[0]!.amount_total ? `<p class="muted">then ${money(items[0]!.amount_total, session.currency)} per ${escapeHtml(recurring.interval)}</p>` : ''}`;
  const emailField =
    !session.customer && !session.customer_email
      ? `<label for="email">Email</label><input id="email" name="email" type="email" value="${v('email')}" required>`
      : `<p class="muted">Email: ${escapeHtml(session.customer_email ?? sb.store.customers.find(session.customer!)?.email ?? '')}</p>`;
  const card = session.payment_method_types.includes('card')
    ? `<div class="card"><h2>Card</h2><form method="post">
<input type="hidden" name="method" value="card">${emailField}
<label for="card_number">Card number</label><input id="card_number" name="card_number" inputmode="numeric" autocomplete="off" value="${v('card_number')}" placeholder="4242 4242 4242 4242">
<label for="card_expiry">Expiry (MM / YY)</label><input id="card_expiry" name="card_expiry" value="${v('card_expiry', '12 / 34')}">
<label for="card_cvc">CVC</label><input id="card_cvc" name="card_cvc" value="${v('card_cvc', '123')}">
<label for="card_name">Name on card</label><input id="card_name" name="name" value="${v('name')}">
<button type="submit">${session.mode === 'setup' ? 'Save card' : 'Pay'}</button></form>
<p class="muted">Test cards: ${TEST_CARDS.map((c) => `${c.number} ${escapeHtml(c.description)}`).join(' · ')}</p></div>`
    : '';
  const bank = session.payment_method_types.includes('us_bank_account')
    ? `<div class="card"><h2>US bank account (ACH Direct Debit)</h2><form method="post">
<input type="hidden" name="method" value="us_bank_account">${emailField}
<label for="bank_name">Account holder name</label><input id="bank_name" name="name" value="${v('name')}">
<label for="routing_number">Routing number</label><input id="routing_number" name="routing_number" inputmode="numeric" value="${v('routing_number', TEST_ROUTING_NUMBER)}">
<label for="account_number">Account number</label><input id="account_number" name="account_number" inputmode="numeric" value="${v('account_number')}" placeholder="000123456789">
<label for="account_type">Account type</label><select id="account_type" name="account_type"><option value="checking">Checking</option><option value="savings">Savings</option></select>
<input type="hidden" name="account_holder_type" value="individual">
<p class="muted">By continuing you authorise the debit of this account (ACH mandate, sandbox).</p>
<button type="submit">${session.mode === 'setup' ? 'Save bank account' : 'Pay by bank'}</button></form>
<p class="muted">Test accounts (routing ${TEST_ROUTING_NUMBER}): ${TEST_BANK_ACCOUNTS.map((a) => `${a.accountNumber} ${escapeHtml(a.description)}`).join(' · ')}</p></div>`
    : '';
  return page(
    'Checkout — Stripe sandbox',
    `<div class="card">${heading}${error ? `<div class="error" role="alert" data-testid="error">${escapeHtml(error)}</div>` : ''}
${session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Cancel and go back</a></p>` : ''}</div>${card}${bank}`,
  );
}
