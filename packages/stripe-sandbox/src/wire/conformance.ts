// Compile-time proof that the sandbox's objects use Stripe's field names and types: each must be assignable to a
// deep-partial of the official client's type, have no top-level field Stripe's type lacks, and have every top-level
// field Stripe's type requires. Nothing runs here.
import type Stripe from 'stripe';
import type * as W from './objects.js';

type DeepPartial<T> = T extends (infer U)[] ? DeepPartial<U>[] : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;
type RequiredKeys<T> = { [K in keyof T]-?: undefined extends T[K] ? never : K }[keyof T];
type Conforms<Mine, Theirs> = [Mine] extends [DeepPartial<Theirs>]
  ? [Exclude<keyof Mine, keyof Theirs>] extends [never]
    ? [Exclude<RequiredKeys<Theirs>, keyof Mine>] extends [never]
      ? true
      : { fieldsTheSandboxLacks: Exclude<RequiredKeys<Theirs>, keyof Mine> }
    : { fieldsStripeLacks: Exclude<keyof Mine, keyof Theirs> }
  : { notAssignable: Mine };

export type Checks = [
  Conforms<W.AccountObject, Stripe.Account>,
  Conforms<W.BankAccountObject, Stripe.BankAccount>,
  Conforms<W.AccountLinkObject, Stripe.AccountLink>,
  Conforms<W.LoginLinkObject, Stripe.LoginLink>,
  Conforms<W.CustomerObject, Stripe.Customer>,
  Conforms<W.PaymentMethodObject, Stripe.PaymentMethod>,
  Conforms<W.PaymentIntentObject, Stripe.PaymentIntent>,
  Conforms<W.ChargeObject, Stripe.Charge>,
  Conforms<W.RefundObject, Stripe.Refund>,
  Conforms<W.ProductObject, Stripe.Product>,
  Conforms<W.PriceObject, Stripe.Price>,
  Conforms<W.CheckoutLineItemObject, Stripe.LineItem>,
  Conforms<W.CheckoutSessionObject, Stripe.Checkout.Session>,
  Conforms<W.SetupIntentObject, Stripe.SetupIntent>,
  Conforms<W.SubscriptionItemObject, Stripe.SubscriptionItem>,
  Conforms<W.SubscriptionObject, Stripe.Subscription>,
  Conforms<W.InvoiceLineItemObject, Stripe.InvoiceLineItem>,
  Conforms<W.InvoiceObject, Stripe.Invoice>,
  Conforms<W.InvoicePaymentObject, Stripe.InvoicePayment>,
  // An event's `data.object` and `type` are open-ended on the sandbox's side (its own object union, any type name).
  Conforms<Omit<W.EventObject, 'data' | 'type'>, Omit<Stripe.Event, 'data' | 'type'>>,
  Conforms<W.PlanObject, Stripe.Plan>,
  Conforms<W.WebhookEndpointObject, Stripe.WebhookEndpoint>,
  Conforms<W.BalanceObject, Stripe.Balance>,
];

const allConform: Checks = [true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true];
void allConform;
