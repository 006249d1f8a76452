// A local webhook endpoint for the tests: every delivery is checked with the official client's
// stripe.webhooks.constructEvent(rawBody, Stripe-Signature, secret) — a delivery it refuses is answered 400 and
// recorded in `refused`, so a test that expects none proves the sandbox signs exactly as Stripe does.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface WebhookReceiver {
  readonly url: string;
  readonly secret: string;
  /** Verify with this secret from now on (an endpoint added over the API gets its secret from the sandbox). */
  useSecret(secret: string): void;
  readonly events: Stripe.Event[];
  readonly refused: string[];
  /** Requests answered so far, failures included. */
  readonly requests: number;
  /** Answer the next `n` requests with 503 (an endpoint that is down). */
  failNext(n: number): void;
  waitFor(predicate: (event: Stripe.Event) => boolean): Promise<Stripe.Event>;
  waitForType(type: string, objectId?: string): Promise<Stripe.Event>;
  types(objectId?: string): string[];
  stop(): Promise<void>;
}

const verifier = new Stripe('sk_test_receiver');

export async function startWebhookReceiver(initialSecret = `whsec_test_${Math.random().toString(36).slice(2)}`): Promise<WebhookReceiver> {
  let secret = initialSecret;
  const events: Stripe.Event[] = [];
  const refused: string[] = [];
  let failing = 0;
  let requests = 0;
  let waiters: Array<() => void> = [];

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests++;
      if (failing > 0) {
        failing--;
        res.writeHead(503).end('down');
        return;
      }
      const raw = Buffer.concat(chunks);
      try {
        const event = verifier.webhooks.constructEvent(raw, String(req.headers['stripe-signature']), secret);
        events.push(event);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
      } catch (error) {
        refused.push(error instanceof Error ? error.message : String(error));
        res.writeHead(400).end('bad signature');
      }
      const current = waiters;
      waiters = [];
      for (const wake of current) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/stripe`;

  const idOf = (event: Stripe.Event) => (event.data.object as { id?: string }).id;
  const waitFor = async (predicate: (event: Stripe.Event) => boolean): Promise<Stripe.Event> => {
    for (;;) {
      if (refused.length > 0) throw new Error(`a delivery failed signature verification: ${refused[0]}`);
      const found = events.find(predicate);
      if (found) return found;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };

  return {
    url,
    get secret() {
      return secret;
    },
    useSecret: (value) => {
      secret = value;
    },
    events,
    refused,
    get requests() {
      return requests;
    },
    failNext: (n) => {
      failing = n;
    },
    waitFor,
    waitForType: (type, objectId) => waitFor((e) => e.type === type && (objectId === undefined || idOf(e) === objectId)),
    types: (objectId) => events.filter((e) => objectId === undefined || idOf(e) === objectId).map((e) => e.type),
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
