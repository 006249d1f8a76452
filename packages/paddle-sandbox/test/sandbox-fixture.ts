// One sandbox per test file, with a notification receiver and the official SDK configured as the adapter will be
// (`new Paddle(apiKey, sandbox.clientOptions)`), and the steps most tests start from.
import { randomBytes } from 'node:crypto';
import { Paddle, type Customer, type Subscription, type Transaction } from '@paddle/paddle-node-sdk';
import { startPaddleSandbox, type PaddleSandbox, type PaddleSandboxOptions } from '../src/index.js';
import { startNotificationReceiver, type NotificationReceiver } from './notification-receiver.js';

export interface SandboxFixture {
  sandbox: PaddleSandbox;
  paddle: Paddle;
  apiKey: string;
  hooks: NotificationReceiver;
  /** Submits the hosted checkout's form; the answer is not followed. */
  pay(transaction: Transaction, fields?: Record<string, string>): Promise<Response>;
  /** A customer, a checkout for `plan` and a paid card: the subscription it starts, once its notifications arrived. */
  subscribe(plan?: string, email?: string): Promise<{ customer: Customer; transaction: Transaction; subscription: Subscription }>;
  control(path: string, body?: object): Promise<Response>;
  stop(): Promise<void>;
}

export const CARD = { country: 'US', postal_code: '10001', card_number: '4242 4242 4242 4242', card_expiry: '12 / 34', card_cvc: '123', cardholder_name: 'Pat Manager' };
export const DECLINED = { ...CARD, card_number: '4000 0000 0000 0002' };

let emails = 0;
export const uniqueEmail = () => `manager-${++emails}-${randomBytes(3).toString('hex')}@example.com`;

export async function startFixture(options: Omit<PaddleSandboxOptions, 'notificationSettings'> = {}): Promise<SandboxFixture> {
  const hooks = await startNotificationReceiver();
  const sandbox = await startPaddleSandbox({
    webhookRetry: { initialDelayMs: 20, maxDelayMs: 100 },
    log: () => {},
    ...options,
    notificationSettings: [{ destination: hooks.url, secretKey: hooks.secretKey }],
  });
  const apiKey = options.apiKey ?? `pdl_sdbx_apikey_${randomBytes(16).toString('hex')}`;
  const paddle = new Paddle(apiKey, sandbox.clientOptions);
  const pay = (transaction: Transaction, fields: Record<string, string> = CARD) =>
    fetch(transaction.checkout!.url!, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString(), redirect: 'manual' });
  return {
    sandbox,
    paddle,
    apiKey,
    hooks,
    pay,
    async subscribe(plan = 'starter', email = uniqueEmail()) {
      const customer = await paddle.customers.create({ email });
      const transaction = await paddle.transactions.create({ items: [{ priceId: sandbox.priceId(plan), quantity: 1 }], customerId: customer.id, customData: { account_id: 'acc_1', success_url: 'http://127.0.0.1:9/property-manager/subscription?success=true' } });
      const paid = await pay(transaction);
      if (paid.status !== 303) throw new Error(`checkout answered ${paid.status}: ${await paid.text()}`);
      await sandbox.webhooksIdle();
      const [subscription] = await paddle.subscriptions.list({ customerId: [customer.id] }).next();
      return { customer, transaction, subscription: subscription! };
    },
    control: (path, body = {}) => fetch(`${sandbox.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    async stop() {
      await sandbox.stop();
      await hooks.stop();
    },
  };
}
