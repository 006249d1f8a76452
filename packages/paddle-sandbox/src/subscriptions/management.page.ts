// The pages a subscription's management_urls open. `cancel` asks for confirmation and cancels at the end of the
// current period, as Paddle's customer portal does; `update_payment_method` opens a checkout that saves a new card
// (and pays a declined renewal). Both carry the subscription's token, so a guessed subscription id opens nothing.
import { timingSafeEqual } from 'node:crypto';
import { day, esc, htmlPage, layout, messagePage, redirectTo, type PageResponse } from '../pages/html.js';
import type { SandboxContext } from '../sandbox-context.js';
import type { SubscriptionObject } from '../wire/objects.js';
import { scheduleCancel } from './lifecycle.js';
import { paymentMethodChangeTransaction } from './subscription-routes.js';

function authorised(sb: SandboxContext, id: string, token: string | null): SubscriptionObject | undefined {
  const subscription = sb.store.subscriptions.find(id);
  const expected = subscription ? sb.store.internal.subscriptions[id]?.token : undefined;
  if (!subscription || !expected || !token || token.length !== expected.length) return undefined;
  return timingSafeEqual(Buffer.from(token), Buffer.from(expected)) ? subscription : undefined;
}

export function managementPage(sb: SandboxContext, id: string, action: 'cancel' | 'update-payment-method', method: string, form: URLSearchParams): PageResponse {
  const subscription = authorised(sb, id, form.get('token'));
  if (!subscription) return messagePage('Link not valid', 'This subscription link is not valid.', 404);
  if (subscription.status === 'canceled') return messagePage('Subscription canceled', `This subscription was canceled on ${day(subscription.canceled_at)}.`, 410);
  if (action === 'update-payment-method') return redirectTo(paymentMethodChangeTransaction(sb, subscription).checkout!.url!);

  const product = subscription.items[0]?.product.name ?? 'your';
  const endsAt = subscription.scheduled_change?.effective_at ?? subscription.current_billing_period?.ends_at;
  if (subscription.scheduled_change?.action === 'cancel') {
    return messagePage('Cancellation scheduled', `Your ${product} subscription ends on ${day(endsAt)}.`, 200);
  }
  if (method === 'POST') {
    if (subscription.status === 'past_due') return messagePage('Cannot cancel here', 'This subscription has a declined renewal: update the payment method or ask support to cancel it.', 409);
    scheduleCancel(sb, subscription);
    sb.store.changed();
    return messagePage('Cancellation scheduled', `Your ${product} subscription ends on ${day(endsAt)}. You keep access until then.`, 200);
  }
  return htmlPage(
    layout(
      'Cancel subscription — Paddle sandbox',
      `<section><h1>Cancel your ${esc(product)} subscription?</h1><p>It stays active until ${esc(day(endsAt))}; nothing more is charged.</p>
<form method="post"><input type="hidden" name="token" value="${esc(form.get('token'))}"><button type="submit">Cancel subscription</button></form></section>`,
    ),
  );
}
