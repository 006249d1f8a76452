export { startPaddleSandbox, type PaddleSandbox, type PaddleSandboxOptions } from './paddle-sandbox.js';
export { DEFAULT_CATALOG, DEFAULT_TRIAL_DAYS, type CatalogEntry, type CatalogPlan } from './catalog/catalog.js';
export type { DeliveryAttempt, NotificationDestination, WebhookRetryOptions } from './webhooks/webhook-delivery.js';
export { paddleSignature } from './webhooks/signature.js';
export { TEST_CARDS } from './transactions/test-cards.js';
export { SANDBOX_KEY_PREFIX } from './http/api.js';
