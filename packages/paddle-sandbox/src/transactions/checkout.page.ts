// The hosted checkout a transaction's checkout.url opens (`/checkout/<txn_id>`, or `/checkout?_ptxn=<txn_id>` as
// Paddle's payment links carry it). It shows what is bought, asks for an email when the transaction has no customer,
// a country and postal code (Paddle's address) and a card. A declined card is shown on the page and the transaction
// stays open; a paid one starts the subscription and redirects (303) to custom_data.success_url when there is one.
import { createCustomer, EMAIL, findCustomerByEmail } from '../customers/customers.js';
import { day, esc, htmlPage, layout, messagePage, redirectTo, usd, type PageResponse } from '../pages/html.js';
import type { SandboxContext } from '../sandbox-context.js';
import { newId } from '../state/ids.js';
import { addPeriods } from '../state/periods.js';
import { recoverPastDue, startSubscription } from '../subscriptions/lifecycle.js';
import type { PaymentMethodRecord, TransactionObject } from '../wire/objects.js';
import { findTestCard, groupDigits, TEST_CARDS } from './test-cards.js';
import { chargeTransaction, completeTransaction, totalCents } from './transaction-model.js';
import { successUrlOf } from './transaction-routes.js';

const COUNTRIES = [
  ['US', 'United States'],
  ['CA', 'Canada'],
  ['GB', 'United Kingdom'],
  ['DE', 'Germany'],
  ['FR', 'France'],
  ['AU', 'Australia'],
] as const;

export function checkoutPage(sb: SandboxContext, transactionId: string, method: string, form: URLSearchParams): PageResponse {
  const transaction = sb.store.transactions.find(transactionId);
  if (!transaction || !transaction.checkout) return messagePage('Checkout not found', 'There is no checkout for this link.', 404);
  if (transaction.status !== 'draft' && transaction.status !== 'ready') return messagePage('Checkout closed', `This checkout is ${transaction.status}.`, 410);
  if (method !== 'POST') return htmlPage(render(sb, transaction, form, null));

  const field = (name: string) => (form.get(name) ?? '').trim();
  const fail = (message: string, status = 400) => htmlPage(render(sb, transaction, form, message), status);
  const existing = transaction.customer_id ? sb.store.customers.find(transaction.customer_id) : undefined;
  const email = existing?.email ?? field('email');
  if (!EMAIL.test(email)) return fail('Enter a valid email address.');
  const country = field('country');
  if (!COUNTRIES.some(([code]) => code === country)) return fail('Choose your country.');
  const postalCode = field('postal_code');
  if (country === 'US' && !/^\d{5}(-\d{4})?$/.test(postalCode)) return fail('Enter a ZIP code (five digits).');
  const card = findTestCard(field('card_number'));
  if (!card) return fail(`This is a test checkout: use a test card such as ${groupDigits(TEST_CARDS[0]!.number)}.`);
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(field('card_expiry'));
  const month = Number(expiry?.[1]);
  const year = 2000 + Number(expiry?.[2]);
  const today = new Date(sb.clock.nowMs());
  if (!expiry || month < 1 || month > 12 || year * 12 + month < today.getUTCFullYear() * 12 + today.getUTCMonth() + 1) return fail('Enter an expiry date in the future, as MM / YY.');
  if (!/^\d{3}$/.test(field('card_cvc'))) return fail('Enter the three-digit security code.');
  const holder = field('cardholder_name');
  if (!holder) return fail('Enter the name on the card.');

  const customer = existing ?? findCustomerByEmail(sb, email) ?? createCustomer(sb, { email });
  const now = sb.clock.nowIso();
  if (!transaction.address_id) {
    const address = sb.store.addresses.add({ id: newId('add', sb.clock.nowMs()), customer_id: customer.id, country_code: country, postal_code: postalCode || null, status: 'active', created_at: now, updated_at: now });
    transaction.address_id = address.id;
  }
  transaction.customer_id = customer.id;
  transaction.status = 'ready';
  const paymentMethod: PaymentMethodRecord = sb.store.paymentMethods.add({
    id: newId('paymtd', sb.clock.nowMs()),
    customer_id: customer.id,
    type: 'card',
    card: { type: card.brand, last4: card.number.slice(-4), expiry_month: month, expiry_year: year, cardholder_name: holder },
    declines: false,
  });
  if (!chargeTransaction(sb, transaction, paymentMethod, card.declines)) return fail('Your card was declined. Try another card.', 402);

  const purpose = sb.store.internal.purposes[transaction.id];
  if (purpose?.kind === 'payment_method_change') {
    const subscription = sb.store.subscriptions.find(purpose.subscriptionId)!;
    sb.store.internal.subscriptions[subscription.id]!.paymentMethodId = paymentMethod.id;
    completeTransaction(sb, transaction);
    recoverPastDue(sb, subscription);
  } else {
    if (transaction.items.some((item) => item.price?.billing_cycle)) startSubscription(sb, transaction, paymentMethod.id);
    completeTransaction(sb, transaction);
  }
  const successUrl = successUrlOf(transaction);
  return successUrl ? redirectTo(successUrl) : messagePage('Payment complete', 'Thank you: this checkout is complete. You can close this page.', 200);
}

function render(sb: SandboxContext, transaction: TransactionObject, values: URLSearchParams, error: string | null): string {
  const value = (name: string, fallback = '') => esc(values.get(name) ?? fallback);
  const purpose = sb.store.internal.purposes[transaction.id];
  const item = transaction.items[0]!;
  const price = item.price!;
  const product = sb.store.products.find(price.product_id);
  const customer = transaction.customer_id ? sb.store.customers.find(transaction.customer_id) : undefined;
  const trial = price.trial_period;
  const heading =
    purpose?.kind === 'payment_method_change'
      ? `<h1>Update your payment method</h1><p>For your ${esc(product?.name)} subscription. Nothing is charged now${
          sb.store.subscriptions.find(purpose.subscriptionId)?.status === 'past_due' ? ', except the renewal that was declined' : ''
        }.</p>`
      : `<h1>${esc(product?.name)} plan</h1><p>${esc(price.description)}</p>
<p class="big" id="due-today">${usd(totalCents(transaction))} <span class="note">due today</span></p>
<p>${trial ? `${trial.frequency}-${trial.interval} free trial, then ` : ''}${usd(price.unit_price.amount)} per ${esc(price.billing_cycle?.interval ?? 'purchase')}${
          trial ? ` from ${day(addPeriods(sb.clock.nowIso(), trial))}` : ''
        }.</p>`;
  const emailField = customer
    ? `<p>Email: <strong>${esc(customer.email)}</strong></p>`
    : `<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" required value="${value('email')}">`;
  const countryOptions = COUNTRIES.map(([code, name]) => `<option value="${code}"${(values.get('country') ?? 'US') === code ? ' selected' : ''}>${esc(name)}</option>`).join('');
  return layout(
    'Checkout — Paddle sandbox',
    `<section>${heading}${error ? `<p class="alert" role="alert" id="checkout-error">${esc(error)}</p>` : ''}</section>
<section><h2>Your details and card</h2><form method="post" novalidate>
${emailField}
<label for="country">Country</label><select id="country" name="country" autocomplete="country">${countryOptions}</select>
<label for="postal_code">ZIP or postal code</label><input id="postal_code" name="postal_code" autocomplete="postal-code" value="${value('postal_code')}">
<label for="card_number">Card number</label><input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" value="${value('card_number')}" aria-describedby="test-cards">
<label for="card_expiry">Expiry date (MM / YY)</label><input id="card_expiry" name="card_expiry" autocomplete="cc-exp" value="${value('card_expiry', '12 / 34')}">
<label for="card_cvc">Security code</label><input id="card_cvc" name="card_cvc" inputmode="numeric" autocomplete="cc-csc" value="${value('card_cvc', '123')}">
<label for="cardholder_name">Name on card</label><input id="cardholder_name" name="cardholder_name" autocomplete="cc-name" value="${value('cardholder_name')}">
<button type="submit">${purpose?.kind === 'payment_method_change' ? 'Save card' : trial ? 'Start free trial' : 'Pay now'}</button>
</form><p class="note" id="test-cards">Test cards: ${TEST_CARDS.map((c) => `${groupDigits(c.number)} (${esc(c.description)})`).join('; ')}.</p></section>`,
  );
}
