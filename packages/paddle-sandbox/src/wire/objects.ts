// The objects the sandbox answers with are the official SDK's own response types (snake_case, as on the wire), so
// the compiler holds every field name and value to what @paddle/paddle-node-sdk parses. Type imports only: nothing
// of the SDK runs in the sandbox.
import type {
  ICustomerResponse,
  IEventsResponse,
  IPriceResponse,
  IProductResponse,
  ISubscriptionResponse,
  ITransactionResponse,
} from '@paddle/paddle-node-sdk';

export type ProductObject = IProductResponse;
export type PriceObject = IPriceResponse;
export type CustomerObject = ICustomerResponse;
export type TransactionObject = ITransactionResponse;
export type SubscriptionObject = ISubscriptionResponse;

/** A webhook's body: `{ event_id, event_type, occurred_at, notification_id, data }`. */
export type NotificationBody = IEventsResponse<object>;

/** Where a buyer's address lives (Paddle requires one for a subscription; the checkout page collects it). */
export interface AddressObject {
  id: string;
  customer_id: string;
  country_code: string;
  postal_code: string | null;
  status: 'active';
  created_at: string;
  updated_at: string;
}

/** A card saved at checkout; how it behaves when charged again. */
export interface PaymentMethodRecord {
  id: string;
  customer_id: string;
  type: 'card';
  card: { type: 'visa' | 'mastercard'; last4: string; expiry_month: number; expiry_year: number; cardholder_name: string };
  /** Every later charge on it fails (set by /_sandbox/subscriptions/:id/past_due). */
  declines: boolean;
}

export type EventType =
  | 'customer.created'
  | 'transaction.paid'
  | 'transaction.completed'
  | 'transaction.payment_failed'
  | 'transaction.past_due'
  | 'subscription.created'
  | 'subscription.trialing'
  | 'subscription.activated'
  | 'subscription.updated'
  | 'subscription.past_due'
  | 'subscription.canceled';

export const EVENT_TYPES: readonly EventType[] = [
  'customer.created',
  'transaction.paid',
  'transaction.completed',
  'transaction.payment_failed',
  'transaction.past_due',
  'subscription.created',
  'subscription.trialing',
  'subscription.activated',
  'subscription.updated',
  'subscription.past_due',
  'subscription.canceled',
];

export interface EventRecord {
  event_id: string;
  event_type: EventType;
  occurred_at: string;
  data: object;
}
