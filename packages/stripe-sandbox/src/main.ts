#!/usr/bin/env node
// `node dist/main.js --port 12111 --data-dir .data/stripe [--ach-settle-after-ms 10000] [--webhooks '[{"url":…,"secret":…}]']`
// Webhook endpoints may also come from STRIPE_SANDBOX_WEBHOOKS (the same JSON). Stops on SIGINT/SIGTERM.
import { parseArgs } from 'node:util';
import { startStripeSandbox } from './stripe-sandbox.js';
import type { WebhookEndpointConfig } from './webhooks/webhook-endpoints.js';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '12111' },
    'data-dir': { type: 'string' },
    'ach-settle-after-ms': { type: 'string' },
    webhooks: { type: 'string' },
  },
});

function webhooks(): WebhookEndpointConfig[] {
  const text = values.webhooks ?? process.env['STRIPE_SANDBOX_WEBHOOKS'];
  if (!text) return [];
  const parsed: unknown = JSON.parse(text);
  if (!Array.isArray(parsed) || !parsed.every((e) => typeof e?.url === 'string' && typeof e?.secret === 'string')) {
    throw new Error('--webhooks must be a JSON array of { "url": string, "secret": string, "connect"?: boolean }');
  }
  return parsed as WebhookEndpointConfig[];
}

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`--port must be a port number, got ${values.port}`);
const sandbox = await startStripeSandbox({
  port,
  webhookEndpoints: webhooks(),
  ...(values['data-dir'] ? { dataDir: values['data-dir'] } : {}),
  ...(values['ach-settle-after-ms'] ? { achSettleAfterMs: Number(values['ach-settle-after-ms']) } : {}),
});
process.stdout.write(`stripe sandbox listening on ${sandbox.url}\n`);

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
