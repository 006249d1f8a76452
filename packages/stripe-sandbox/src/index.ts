export { startStripeSandbox, STRIPE_API_VERSION, type StripeSandbox, type StripeSandboxOptions } from './stripe-sandbox.js';
export type { WebhookEndpointConfig } from './webhooks/webhook-endpoints.js';
export type { DeliveryAttempt, WebhookDeliveryOptions, WebhookRetryOptions } from './webhooks/webhook-delivery.js';
export { signatureHeader } from './webhooks/signature.js';
export { TEST_BANK_ACCOUNTS, TEST_CARDS, TEST_ROUTING_NUMBER, ACH_RETURN_CODES } from './payments/test-instruments.js';
