#!/usr/bin/env node
// `node dist/main.js --port 12112 --data-dir .data/paddle [--api-key pdl_sdbx_apikey_…]
//   [--webhook-url http://127.0.0.1:3000/webhooks/paddle --webhook-secret pdl_ntfset_…]
//   [--notifications '[{"destination":"…","secretKey":"…","subscribedEvents":["subscription.created"]}]']`
// Each flag may come from the environment instead: PADDLE_SANDBOX_PORT, PADDLE_SANDBOX_DATA_DIR, PADDLE_SANDBOX_API_KEY,
// PADDLE_SANDBOX_WEBHOOK_URL, PADDLE_SANDBOX_WEBHOOK_SECRET, PADDLE_SANDBOX_NOTIFICATIONS. Prints one JSON line when
// listening ({"url":…,"prices":{"starter":"pri_…",…}}) and stops on SIGINT/SIGTERM.
import { parseArgs } from 'node:util';
import { EVENT_TYPES } from './wire/objects.js';
import { startPaddleSandbox } from './paddle-sandbox.js';
import type { NotificationDestination } from './webhooks/webhook-delivery.js';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    'data-dir': { type: 'string' },
    'api-key': { type: 'string' },
    'webhook-url': { type: 'string' },
    'webhook-secret': { type: 'string' },
    notifications: { type: 'string' },
  },
});
const setting = (flag: keyof typeof values, env: string) => values[flag] ?? process.env[env];
const problems: string[] = [];

function notificationSettings(): NotificationDestination[] {
  const destinations: NotificationDestination[] = [];
  const url = setting('webhook-url', 'PADDLE_SANDBOX_WEBHOOK_URL');
  const secret = setting('webhook-secret', 'PADDLE_SANDBOX_WEBHOOK_SECRET');
  if (url || secret) {
    if (!url || !secret) problems.push('--webhook-url and --webhook-secret go together');
    else destinations.push({ destination: url, secretKey: secret });
  }
  const json = setting('notifications', 'PADDLE_SANDBOX_NOTIFICATIONS');
  if (json) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(json);
    } catch {
      parsed = undefined;
    }
    const valid =
      Array.isArray(parsed) &&
      parsed.every(
        (d: Partial<NotificationDestination>) =>
          typeof d?.destination === 'string' &&
          /^https?:\/\//.test(d.destination) &&
          typeof d.secretKey === 'string' &&
          d.secretKey.length > 0 &&
          (d.subscribedEvents === undefined || (Array.isArray(d.subscribedEvents) && d.subscribedEvents.every((e) => EVENT_TYPES.includes(e)))),
      );
    if (!valid) problems.push(`--notifications must be a JSON array of { "destination": "http(s)://…", "secretKey": "…", "subscribedEvents"?: [${EVENT_TYPES.join(', ')}] }`);
    else destinations.push(...(parsed as NotificationDestination[]));
  }
  return destinations;
}

const portText = setting('port', 'PADDLE_SANDBOX_PORT') ?? '12112';
const port = Number(portText);
if (!/^\d+$/.test(portText) || port > 65_535) problems.push(`--port must be a port number, got ${portText}`);
const notifications = notificationSettings();
if (problems.length > 0) {
  process.stderr.write(`paddle sandbox: invalid configuration:\n- ${problems.join('\n- ')}\n`);
  process.exit(2);
}
const dataDir = setting('data-dir', 'PADDLE_SANDBOX_DATA_DIR');
const apiKey = setting('api-key', 'PADDLE_SANDBOX_API_KEY');
const sandbox = await startPaddleSandbox({ port, notificationSettings: notifications, ...(dataDir ? { dataDir } : {}), ...(apiKey ? { apiKey } : {}) });
process.stdout.write(`${JSON.stringify({ url: sandbox.url, prices: Object.fromEntries(sandbox.catalog.map((c) => [c.key, c.priceId])) })}\n`);

const shutdown = () => {
  sandbox.stop().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
