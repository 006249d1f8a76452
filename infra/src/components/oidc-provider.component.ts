import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { httpOk } from '../health/http-probe.ts';
import { waitUntilReady } from '../health/wait-until-ready.ts';
import { ManagedProcess } from '../process/managed-process.ts';

export interface OidcProviderOptions {
  logFile: string;
  /** A fixed port, or a free one when absent (nothing outside the stack needs to know it in advance). */
  port?: number;
  /** Comma-separated e-mails (or `*@domain`) the login page accepts. */
  testUsers?: string;
}

export interface RunningOidcProvider {
  process: ManagedProcess;
  issuer: string;
  clientId: string;
  clientSecret: string;
}

async function freeLocalPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * The local stand-in for Google sign-in: a real OpenID provider (`oidc-provider`) on 127.0.0.1 with one registered
 * client, whose login page accepts the configured test e-mails without a password. Identity talks to it exactly as
 * to Google (discovery, code flow with PKCE, ID token), so the redirect and callback code runs locally and in tests.
 */
export async function startOidcProvider(options: OidcProviderOptions): Promise<RunningOidcProvider> {
  const port = options.port ?? (await freeLocalPort());
  const clientId = 'pm-local';
  const clientSecret = randomBytes(24).toString('hex');
  const child = await ManagedProcess.start({
    name: 'oidc',
    command: process.execPath,
    args: [join(import.meta.dirname, 'oidc-provider.server.ts')],
    env: {
      ...process.env,
      OIDC_PORT: String(port),
      OIDC_CLIENT_ID: clientId,
      OIDC_CLIENT_SECRET: clientSecret,
      ...(options.testUsers ? { OIDC_TEST_USERS: options.testUsers } : {}),
    },
    logFile: options.logFile,
  });
  const issuer = `http://127.0.0.1:${port}`;
  try {
    await waitUntilReady(() => httpOk(`${issuer}/.well-known/openid-configuration`), {
      what: `local OpenID provider on 127.0.0.1:${port}`,
      timeoutMs: 30_000,
      process: child,
    });
  } catch (error) {
    await child.stop();
    throw error;
  }
  return { process: child, issuer, clientId, clientSecret };
}
