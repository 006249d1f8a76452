// A local notification destination for the tests. Every delivery is checked with the official SDK's
// paddle.webhooks.unmarshal(rawBody, secretKey, Paddle-Signature): one it refuses is answered 400 and recorded in
// `refused`, and waiting for an event then fails, so every test that waits for an event proves the signature.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { Paddle, type EventEntity } from '@paddle/paddle-node-sdk';

export interface Received {
  raw: string;
  signature: string;
  body: { event_id: string; event_type: string; occurred_at: string; notification_id: string; data: Record<string, unknown> & { id: string } };
  event: EventEntity;
}

export interface NotificationReceiver {
  readonly url: string;
  readonly secretKey: string;
  readonly received: Received[];
  readonly refused: string[];
  readonly requests: number;
  /** Answer the next `n` requests with 503. */
  failNext(n: number): void;
  waitFor(type: string, entityId?: string): Promise<Received>;
  /** Event types received for one entity, in order. */
  types(entityId: string): string[];
  stop(): Promise<void>;
}

const verifier = new Paddle('pdl_sdbx_apikey_receiver');

export async function startNotificationReceiver(): Promise<NotificationReceiver> {
  const secretKey = `pdl_ntfset_${randomBytes(12).toString('hex')}`;
  const received: Received[] = [];
  const refused: string[] = [];
  let failing = 0;
  let requests = 0;
  let wake: Array<() => void> = [];

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests++;
      const raw = Buffer.concat(chunks).toString('utf8');
      const signature = String(req.headers['paddle-signature'] ?? '');
      const answer = async () => {
        if (failing > 0) {
          failing--;
          res.writeHead(503).end();
          return;
        }
        try {
          const event = await verifier.webhooks.unmarshal(raw, secretKey, signature);
          received.push({ raw, signature, body: JSON.parse(raw) as Received['body'], event });
          res.writeHead(200).end();
        } catch (error) {
          refused.push(error instanceof Error ? error.message : String(error));
          res.writeHead(400).end();
        }
      };
      void answer().finally(() => {
        const waiting = wake;
        wake = [];
        for (const w of waiting) w();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/paddle`;
  const matches = (r: Received, type: string, entityId?: string) => r.body.event_type === type && (entityId === undefined || r.body.data.id === entityId);

  return {
    url,
    secretKey,
    received,
    refused,
    get requests() {
      return requests;
    },
    failNext: (n) => {
      failing = n;
    },
    async waitFor(type, entityId) {
      for (;;) {
        if (refused.length > 0) throw new Error(`a notification failed verification: ${refused[0]}`);
        const found = received.find((r) => matches(r, type, entityId));
        if (found) return found;
        await new Promise<void>((resolve) => wake.push(resolve));
      }
    },
    types: (entityId) => received.filter((r) => r.body.data.id === entityId).map((r) => r.body.event_type),
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
