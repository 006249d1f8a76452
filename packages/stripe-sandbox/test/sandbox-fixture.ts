// One sandbox per test file: the server, a platform and a Connect webhook receiver, and the official client
// configured the way the production adapter is (host, port, protocol: 'http').
import Stripe from 'stripe';
import { startStripeSandbox, type StripeSandbox, type StripeSandboxOptions } from '../src/index.js';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.js';

export interface SandboxFixture {
  sandbox: StripeSandbox;
  stripe: Stripe;
  platformHooks: WebhookReceiver;
  connectHooks: WebhookReceiver;
  /** A connected account that finished onboarding (through the sandbox control, not the form). */
  onboardedAccount(email?: string): Promise<Stripe.Account>;
  /** Submits the hosted checkout page's form; the answer is not followed. */
  pay(session: Stripe.Checkout.Session, fields: Record<string, string>): Promise<Response>;
  control(path: string, body?: Record<string, unknown>): Promise<Response>;
  stop(): Promise<void>;
}

export const CARD = (number: string) => ({ method: 'card', card_number: number, card_expiry: '12 / 34', card_cvc: '123', name: 'Rita Renter', email: 'rita@example.com' });
export const BANK = (accountNumber: string) => ({ method: 'us_bank_account', routing_number: '110000000', account_number: accountNumber, name: 'Rita Renter', email: 'rita@example.com' });

export async function startFixture(options: Omit<StripeSandboxOptions, 'webhookEndpoints'> = {}): Promise<SandboxFixture> {
  const platformHooks = await startWebhookReceiver();
  const connectHooks = await startWebhookReceiver();
  const sandbox = await startStripeSandbox({
    webhookRetry: { initialDelayMs: 20, maxDelayMs: 100 },
    log: () => {},
    ...options,
    webhookEndpoints: [
      { url: platformHooks.url, secret: platformHooks.secret },
      { url: connectHooks.url, secret: connectHooks.secret, connect: true },
    ],
  });
  const stripe = new Stripe('sk_test_sandbox', { ...sandbox.clientOptions, maxNetworkRetries: 0 });
  const control = (path: string, body: Record<string, unknown> = {}) =>
    fetch(`${sandbox.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return {
    sandbox,
    stripe,
    platformHooks,
    connectHooks,
    control,
    async onboardedAccount(email = 'owner@example.com') {
      const account = await stripe.accounts.create({ type: 'express', email, capabilities: { card_payments: { requested: true }, transfers: { requested: true } } });
      const response = await control(`/_sandbox/accounts/${account.id}/onboard`);
      if (!response.ok) throw new Error(`onboarding failed: ${await response.text()}`);
      return stripe.accounts.retrieve(account.id);
    },
    pay: (session, fields) =>
      fetch(session.url!, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
        redirect: 'manual',
      }),
    async stop() {
      await sandbox.stop();
      await platformHooks.stop();
      await connectHooks.stop();
    },
  };
}
