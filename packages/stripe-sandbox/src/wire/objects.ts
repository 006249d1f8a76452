// The objects the sandbox keeps and answers with, in Stripe's wire shape for the API version it speaks
// (STRIPE_API_VERSION). Each is checked against the official client's own types in conformance.ts, so a field the
// sandbox names differently from Stripe fails the build.

export type Metadata = Record<string, string>;

/** Settings the sandbox does not emulate, present with the values Stripe gives when they are unused. */
export const unusedTax = { enabled: false, liability: null, provider: null, status: null } as const;

export interface ListObject<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

export interface BankAccountObject {
  id: string;
  object: 'bank_account';
  account: string;
  account_holder_name: string | null;
  account_holder_type: string | null;
  account_type: string | null;
  bank_name: string;
  country: string;
  currency: string;
  default_for_currency: boolean;
  fingerprint: string;
  last4: string;
  metadata: Metadata;
  routing_number: string;
  status: string;
}

export interface AccountObject {
  id: string;
  object: 'account';
  type: 'express' | 'standard' | 'custom';
  email: string | null;
  country: string;
  default_currency: string;
  created: number;
  business_type: 'individual' | 'company' | null;
  business_profile: {
    name: string | null;
    url: string | null;
    mcc: string | null;
    product_description: string | null;
    support_email: string | null;
  };
  capabilities: Record<string, 'active' | 'inactive' | 'pending'>;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  requirements: {
    alternatives: never[];
    current_deadline: number | null;
    currently_due: string[];
    disabled_reason: 'requirements.past_due' | null;
    errors: never[];
    eventually_due: string[];
    past_due: string[];
    pending_verification: string[];
  };
  external_accounts: ListObject<BankAccountObject>;
  tos_acceptance: { date: number | null; ip: string | null; user_agent: string | null };
  metadata: Metadata;
}

export interface AccountLinkObject {
  object: 'account_link';
  created: number;
  expires_at: number;
  url: string;
}

export interface LoginLinkObject {
  object: 'login_link';
  created: number;
  url: string;
}

export interface AddressObject {
  city: string | null;
  country: string | null;
  line1: string | null;
  line2: string | null;
  postal_code: string | null;
  state: string | null;
}

export interface CustomerObject {
  id: string;
  object: 'customer';
  address: AddressObject | null;
  balance: number;
  created: number;
  currency: string | null;
  default_source: string | null;
  delinquent: boolean;
  description: string | null;
  email: string | null;
  invoice_prefix: string;
  invoice_settings: { custom_fields: null; default_payment_method: string | null; footer: null; rendering_options: null };
  livemode: false;
  metadata: Metadata;
  name: string | null;
  next_invoice_sequence: number;
  phone: string | null;
  preferred_locales: string[];
  shipping: null;
  tax_exempt: 'none';
}

export interface BillingDetails {
  address: AddressObject;
  email: string | null;
  name: string | null;
  phone: string | null;
}

export interface CardDetails {
  brand: string;
  country: string;
  display_brand: string;
  exp_month: number;
  exp_year: number;
  fingerprint: string;
  funding: string;
  last4: string;
  networks: { available: string[]; preferred: string | null };
  wallet: null;
}

export interface UsBankAccountDetails {
  account_holder_type: 'individual' | 'company';
  account_type: 'checking' | 'savings';
  bank_name: string;
  financial_connections_account: null;
  fingerprint: string;
  last4: string;
  networks: { preferred: string; supported: Array<'ach' | 'us_domestic_wire'> };
  routing_number: string;
  status_details: null;
}

export interface PaymentMethodObject {
  id: string;
  object: 'payment_method';
  allow_redisplay: 'unspecified' | 'always' | 'limited';
  billing_details: BillingDetails;
  card?: CardDetails;
  created: number;
  customer: string | null;
  customer_account: null;
  livemode: false;
  metadata: Metadata;
  type: 'card' | 'us_bank_account';
  us_bank_account?: UsBankAccountDetails;
}

export interface PaymentError {
  type: 'card_error' | 'invalid_request_error';
  code: string;
  decline_code?: string;
  message: string;
  doc_url?: string;
  payment_method?: PaymentMethodObject;
  charge?: string;
}

export type PaymentIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'succeeded'
  | 'canceled';

export interface PaymentIntentObject {
  id: string;
  object: 'payment_intent';
  allowed_payment_method_types: string[] | null;
  amount: number;
  amount_capturable: number;
  amount_received: number;
  application: null;
  application_fee_amount: number | null;
  automatic_payment_methods: null;
  canceled_at: number | null;
  cancellation_reason: string | null;
  capture_method: 'automatic';
  client_secret: string;
  confirmation_method: 'automatic';
  created: number;
  currency: string;
  customer: string | null;
  customer_account: null;
  description: string | null;
  excluded_payment_method_types: null;
  last_payment_error: PaymentError | null;
  latest_charge: string | null;
  livemode: false;
  managed_payments: null;
  metadata: Metadata;
  next_action: null;
  on_behalf_of: string | null;
  payment_method: string | null;
  payment_method_configuration_details: null;
  payment_method_options: null;
  payment_method_types: string[];
  payment_record: null;
  processing: null;
  receipt_email: string | null;
  review: null;
  setup_future_usage: 'off_session' | 'on_session' | null;
  shipping: null;
  source: null;
  statement_descriptor: string | null;
  statement_descriptor_suffix: string | null;
  status: PaymentIntentStatus;
  transfer_data: { destination: string; amount?: number } | null;
  transfer_group: string | null;
}

export interface ChargeObject {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  application: null;
  application_fee: string | null;
  application_fee_amount: number | null;
  balance_transaction: string | null;
  billing_details: BillingDetails;
  calculated_statement_descriptor: string | null;
  captured: boolean;
  created: number;
  currency: string;
  customer: string | null;
  description: string | null;
  disputed: boolean;
  failure_balance_transaction: string | null;
  failure_code: string | null;
  failure_message: string | null;
  fraud_details: Record<string, never>;
  livemode: false;
  metadata: Metadata;
  on_behalf_of: string | null;
  outcome: {
    network_status: string;
    reason: string | null;
    risk_level: string;
    seller_message: string;
    type: string;
  } | null;
  paid: boolean;
  payment_intent: string | null;
  payment_method: string | null;
  payment_method_details: {
    type: 'card' | 'us_bank_account';
    card?: { brand: string; country: string; exp_month: number; exp_year: number; funding: string; last4: string; network: string };
    us_bank_account?: {
      account_holder_type: 'individual' | 'company';
      account_type: 'checking' | 'savings';
      bank_name: string;
      fingerprint: string;
      last4: string;
      routing_number: string;
    };
  };
  receipt_email: string | null;
  receipt_number: null;
  receipt_url: string;
  refunded: boolean;
  review: null;
  shipping: null;
  source: null;
  source_transfer: null;
  statement_descriptor: null;
  statement_descriptor_suffix: null;
  status: 'succeeded' | 'pending' | 'failed';
  transfer?: string;
  transfer_data: { destination: string; amount: number | null } | null;
  transfer_group: string | null;
}

export interface RefundObject {
  id: string;
  object: 'refund';
  amount: number;
  application: null;
  balance_transaction: string | null;
  charge: string;
  created: number;
  currency: string;
  customer: string | null;
  customer_account: null;
  metadata: Metadata;
  payment_intent: string | null;
  payment_method: string | null;
  reason: string | null;
  receipt_number: null;
  source_transfer_reversal: null;
  status: 'succeeded' | 'pending' | 'failed';
  transfer_reversal: string | null;
}

export interface ProductObject {
  id: string;
  object: 'product';
  active: boolean;
  created: number;
  description: string | null;
  images: string[];
  livemode: false;
  marketing_features: never[];
  metadata: Metadata;
  name: string;
  package_dimensions: null;
  shippable: null;
  tax_details: null;
  type: 'service';
  updated: number;
  url: null;
}

export interface PriceObject {
  id: string;
  object: 'price';
  active: boolean;
  billing_scheme: 'per_unit';
  created: number;
  currency: string;
  custom_unit_amount: null;
  livemode: false;
  lookup_key: null;
  metadata: Metadata;
  nickname: null;
  product: string;
  recurring: { interval: Interval; interval_count: number; meter: null; trial_period_days: null; usage_type: 'licensed' } | null;
  tax_behavior: 'unspecified';
  tiers_mode: null;
  transform_quantity: null;
  type: 'one_time' | 'recurring';
  unit_amount: number;
  unit_amount_decimal: string;
}

export type Interval = 'day' | 'week' | 'month' | 'year';

export interface CheckoutLineItemObject {
  id: string;
  object: 'item';
  adjustable_quantity: null;
  amount_discount: number;
  amount_subtotal: number;
  amount_tax: number;
  amount_total: number;
  currency: string;
  description: string;
  metadata: Metadata;
  price: PriceObject;
  quantity: number;
}

export interface CheckoutSessionObject {
  id: string;
  object: 'checkout.session';
  allowed_payment_method_types: string[] | null;
  adaptive_pricing: null;
  after_expiration: null;
  allow_promotion_codes: null;
  amount_subtotal: number | null;
  amount_total: number | null;
  automatic_tax: typeof unusedTax;
  billing_address_collection: null;
  cancel_url: string | null;
  client_reference_id: string | null;
  client_secret: null;
  collected_information: null;
  consent: null;
  consent_collection: null;
  created: number;
  currency: string | null;
  currency_conversion: null;
  custom_fields: never[];
  custom_text: { after_submit: null; shipping_address: null; submit: null; terms_of_service_acceptance: null };
  customer: string | null;
  customer_account: null;
  customer_creation: 'always' | 'if_required' | null;
  customer_details: { email: string | null; name: string | null; phone: null; address: AddressObject | null; tax_exempt: 'none'; tax_ids: never[] } | null;
  customer_email: string | null;
  discounts: never[];
  expires_at: number;
  integration_identifier: null;
  invoice: string | null;
  invoice_creation: null;
  livemode: false;
  locale: null;
  managed_payments: null;
  metadata: Metadata;
  mode: 'payment' | 'subscription' | 'setup';
  origin_context: null;
  payment_intent: string | null;
  payment_link: null;
  payment_method_collection: 'always' | null;
  payment_method_configuration_details: null;
  payment_method_options: null;
  payment_method_types: string[];
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  permissions: null;
  recovered_from: null;
  saved_payment_method_options: null;
  setup_intent: string | null;
  shipping_address_collection: null;
  shipping_cost: null;
  shipping_options: never[];
  status: 'open' | 'complete' | 'expired';
  submit_type: null;
  subscription: string | null;
  success_url: string | null;
  total_details: { amount_discount: number; amount_shipping: number; amount_tax: number } | null;
  ui_mode: 'hosted';
  url: string | null;
  wallet_options: null;
}

export interface SetupIntentObject {
  id: string;
  object: 'setup_intent';
  allowed_payment_method_types: string[] | null;
  application: null;
  automatic_payment_methods: null;
  cancellation_reason: null;
  client_secret: string;
  created: number;
  customer: string | null;
  description: string | null;
  excluded_payment_method_types: null;
  last_setup_error: PaymentError | null;
  latest_attempt: null;
  livemode: false;
  mandate: null;
  metadata: Metadata;
  next_action: null;
  on_behalf_of: string | null;
  payment_method: string | null;
  payment_method_configuration_details: null;
  payment_method_options: null;
  payment_method_types: string[];
  single_use_mandate: null;
  status: 'requires_payment_method' | 'requires_confirmation' | 'succeeded' | 'canceled';
  usage: 'off_session' | 'on_session';
}

export type SubscriptionStatus = 'incomplete' | 'incomplete_expired' | 'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid';

export interface SubscriptionItemObject {
  id: string;
  object: 'subscription_item';
  billing_thresholds: null;
  created: number;
  current_trial: null;
  current_period_end: number;
  current_period_start: number;
  discounts: never[];
  metadata: Metadata;
  /** The price in its legacy Plan form, which Stripe still sends on subscription items. */
  plan: PlanObject;
  price: PriceObject;
  quantity: number;
  subscription: string;
  tax_rates: never[];
}

export interface PlanObject {
  id: string;
  object: 'plan';
  active: boolean;
  amount: number;
  amount_decimal: string;
  billing_scheme: 'per_unit';
  created: number;
  currency: string;
  interval: Interval;
  interval_count: number;
  livemode: false;
  metadata: Metadata;
  meter: null;
  nickname: null;
  product: string;
  tiers_mode: null;
  transform_usage: null;
  trial_period_days: null;
  usage_type: 'licensed';
}

export interface SubscriptionObject {
  id: string;
  object: 'subscription';
  application: null;
  application_fee_percent: number | null;
  automatic_tax: { disabled_reason: null; enabled: false; liability: null };
  billing_cycle_anchor: number;
  billing_cycle_anchor_config: null;
  billing_mode: { flexible: null; type: 'classic' };
  billing_schedules: never[];
  billing_thresholds: null;
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  cancellation_details: { comment: string | null; feedback: string | null; reason: string | null } | null;
  collection_method: 'charge_automatically';
  created: number;
  currency: string;
  customer: string;
  customer_account: null;
  days_until_due: null;
  default_payment_method: string | null;
  default_source: null;
  description: string | null;
  discounts: never[];
  ended_at: number | null;
  invoice_settings: { account_tax_ids: null; custom_fields: null; description: null; footer: null; issuer: { type: 'self' } };
  items: ListObject<SubscriptionItemObject>;
  latest_invoice: string | null;
  livemode: false;
  managed_payments: null;
  metadata: Metadata;
  next_pending_invoice_item_invoice: null;
  on_behalf_of: string | null;
  pause_collection: null;
  payment_settings: { payment_method_options: null; payment_method_types: null; save_default_payment_method: 'off' };
  pending_invoice_item_interval: null;
  pending_setup_intent: null;
  pending_update: null;
  schedule: null;
  start_date: number;
  status: SubscriptionStatus;
  test_clock: null;
  transfer_data: { destination: string; amount_percent: number | null } | null;
  trial_end: number | null;
  trial_settings: { end_behavior: { billing_cycle_anchor: null; missing_payment_method: 'create_invoice' } };
  trial_start: number | null;
}

export interface InvoiceLineItemObject {
  id: string;
  object: 'line_item';
  amount: number;
  currency: string;
  description: string;
  discount_amounts: never[];
  discountable: boolean;
  discounts: never[];
  invoice: string;
  livemode: false;
  metadata: Metadata;
  parent: {
    type: 'subscription_item_details';
    invoice_item_details: null;
    subscription_item_details: { invoice_item: null; proration: boolean; proration_details: { credited_items: null }; subscription: string; subscription_item: string };
  };
  period: { start: number; end: number };
  pretax_credit_amounts: never[];
  pricing: { type: 'price_details'; price_details: { price: string; product: string }; unit_amount_decimal: string };
  quantity: number;
  quantity_decimal: string;
  subscription: string;
  subtotal: number;
  taxes: never[];
}

export interface InvoiceObject {
  id: string;
  object: 'invoice';
  account_country: string;
  account_name: string | null;
  account_tax_ids: null;
  amount_due: number;
  amount_overpaid: number;
  amount_paid: number;
  amount_remaining: number;
  amount_shipping: number;
  application: null;
  attempt_count: number;
  attempted: boolean;
  auto_advance: boolean;
  automatic_tax: { disabled_reason: null; enabled: false; liability: null; provider: null; status: null };
  automatically_finalizes_at: number | null;
  billing_reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
  collection_method: 'charge_automatically';
  created: number;
  currency: string;
  custom_fields: null;
  customer: string;
  customer_account: null;
  customer_address: null;
  customer_email: string | null;
  customer_name: string | null;
  customer_phone: null;
  customer_shipping: null;
  customer_tax_exempt: 'none';
  default_payment_method: string | null;
  default_source: null;
  default_tax_rates: never[];
  description: string | null;
  discounts: never[];
  due_date: null;
  effective_at: number | null;
  ending_balance: number | null;
  footer: null;
  from_invoice: null;
  hosted_invoice_url: string | null;
  invoice_pdf: null;
  issuer: { type: 'self' };
  last_finalization_error: null;
  latest_revision: null;
  lines: ListObject<InvoiceLineItemObject>;
  livemode: false;
  metadata: Metadata;
  next_payment_attempt: number | null;
  number: string | null;
  on_behalf_of: string | null;
  parent: {
    type: 'subscription_details';
    quote_details: null;
    subscription_details: { metadata: Metadata; subscription: string };
  };
  payment_settings: { default_mandate: null; payment_method_options: null; payment_method_types: null };
  period_end: number;
  period_start: number;
  post_payment_credit_notes_amount: number;
  pre_payment_credit_notes_amount: number;
  receipt_number: null;
  rendering: null;
  shipping_cost: null;
  shipping_details: null;
  starting_balance: number;
  statement_descriptor: null;
  status: 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';
  status_transitions: { finalized_at: number | null; marked_uncollectible_at: null; paid_at: number | null; voided_at: null };
  subtotal: number;
  subtotal_excluding_tax: number;
  test_clock: null;
  total: number;
  total_discount_amounts: never[];
  total_excluding_tax: number;
  total_pretax_credit_amounts: never[];
  total_taxes: never[];
  webhooks_delivered_at: number | null;
}

export interface InvoicePaymentObject {
  id: string;
  object: 'invoice_payment';
  amount_paid: number | null;
  amount_requested: number;
  created: number;
  currency: string;
  invoice: string;
  is_default: boolean;
  livemode: false;
  payment: { type: 'payment_intent'; payment_intent: string };
  status: 'open' | 'paid' | 'canceled';
  status_transitions: { canceled_at: number | null; paid_at: number | null };
}

export interface EventObject {
  id: string;
  object: 'event';
  account?: string;
  api_version: string;
  created: number;
  data: { object: WireObject; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

export interface WebhookEndpointObject {
  id: string;
  object: 'webhook_endpoint';
  api_version: string | null;
  application: null;
  created: number;
  description: string | null;
  enabled_events: string[];
  livemode: false;
  metadata: Metadata;
  secret?: string;
  status: 'enabled' | 'disabled';
  url: string;
}

export interface BalanceObject {
  object: 'balance';
  available: Array<{ amount: number; currency: string; source_types: Record<string, number> }>;
  livemode: false;
  pending: Array<{ amount: number; currency: string; source_types: Record<string, number> }>;
}

export type WireObject =
  | AccountObject
  | CustomerObject
  | PaymentMethodObject
  | PaymentIntentObject
  | ChargeObject
  | RefundObject
  | CheckoutSessionObject
  | SetupIntentObject
  | SubscriptionObject
  | InvoiceObject
  | ProductObject
  | PriceObject;
