import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** Local infrastructure credentials: generated at random on first use, then reused so persistent data stays reachable. */
export interface Secrets {
  postgresPassword: string;
  minioAccessKey: string;
  minioSecretKey: string;
  /** identity's better-auth secret (encrypts its signing keys at rest). */
  authSecret: string;
  /** The password of the local demo account demo@pm.local, shown in npm start's URL table. */
  demoPassword: string;
  /** Client secrets of the machine callers, exchanged with identity for service tokens (one per client). */
  serviceSecretBff: string;
  serviceSecretPortfolio: string;
  serviceSecretWorkflows: string;
  serviceSecretMessaging: string;
  /** What the local sandbox phone signs its webhook posts with (Twilio's scheme, the auth token's place). */
  smsSandboxSecret: string;
  /** The local Stripe's webhook signing secrets: its platform endpoint's and its Connect endpoint's. */
  stripeWebhookSecret: string;
  stripeConnectWebhookSecret: string;
  /** The local Paddle's notification secret key (the destination's, as Paddle's notification settings have it). */
  paddleWebhookSecret: string;
}

const keys = [
  'postgresPassword',
  'minioAccessKey',
  'minioSecretKey',
  'authSecret',
  'demoPassword',
  'serviceSecretBff',
  'serviceSecretPortfolio',
  'serviceSecretWorkflows',
  'serviceSecretMessaging',
  'smsSandboxSecret',
  'stripeWebhookSecret',
  'stripeConnectWebhookSecret',
  'paddleWebhookSecret',
] as const;

function generate(): Secrets {
  // Hex keeps the values safe inside URLs and config files without escaping.
  return {
    postgresPassword: randomBytes(24).toString('hex'),
    minioAccessKey: `pm-${randomBytes(8).toString('hex')}`,
    minioSecretKey: randomBytes(24).toString('hex'),
    authSecret: randomBytes(32).toString('hex'),
    demoPassword: `demo-${randomBytes(6).toString('hex')}`,
    serviceSecretBff: randomBytes(32).toString('hex'),
    serviceSecretPortfolio: randomBytes(32).toString('hex'),
    serviceSecretWorkflows: randomBytes(32).toString('hex'),
    serviceSecretMessaging: randomBytes(32).toString('hex'),
    smsSandboxSecret: randomBytes(32).toString('hex'),
    stripeWebhookSecret: `whsec_${randomBytes(24).toString('hex')}`,
    stripeConnectWebhookSecret: `whsec_${randomBytes(24).toString('hex')}`,
    paddleWebhookSecret: `pdl_ntfset_${randomBytes(24).toString('hex')}`,
  };
}

export function loadSecrets(file: string): Secrets {
  let stored: Partial<Record<(typeof keys)[number], unknown>> = {};
  try {
    stored = JSON.parse(readFileSync(file, 'utf8')) as typeof stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new Error(`cannot read the secrets file ${file}: ${String(error)}`, { cause: error });
  }
  const fresh = generate();
  const merged = Object.fromEntries(
    keys.map((key) => [key, typeof stored[key] === 'string' && stored[key] !== '' ? stored[key] : fresh[key]]),
  ) as unknown as Secrets;
  if (keys.some((key) => merged[key] !== stored[key])) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(merged, null, 2)}\n`, { mode: 0o600 });
  }
  return merged;
}
