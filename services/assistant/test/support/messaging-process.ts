import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { createTestSchema, freePort, testEnv, waitFor } from '@pm/testing';

/**
 * The real messaging service, as its built dist in a child process on a schema of its own (a service does not import
 * another): tenants' SMS come in through its signed webhook, it asks the assistant for drafts and stores them.
 */
export interface MessagingProcess {
  schema: string;
  /** Posts an SMS to the webhook signed as the sandbox phone signs; answers the MessageSid. */
  sms(from: string, to: string, body: string, sid?: string): Promise<string>;
  /** Posts a form to one of its provider webhooks (`/voice/inbound`…), signed as the provider signs unless told otherwise. */
  post(path: string, params: Record<string, string>, options?: { signature?: string }): Promise<Response>;
  stop(): Promise<void>;
}

/** `env`: more of messaging's variables (its service client's credentials, the voice answer's timeout). */
export async function startMessagingProcess(auth: { jwksUrl: string; issuer: string; audience: string }, extraEnv: NodeJS.ProcessEnv = {}): Promise<MessagingProcess> {
  const stack = testEnv();
  const { schema, dropSchema } = await createTestSchema('drafts_messaging');
  const port = await freePort();
  const secret = randomBytes(32).toString('hex');
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env['PATH'],
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    HTTP_PORT: String(port),
    DATABASE_URL: stack.DATABASE_URL,
    NATS_URL: stack.NATS_URL,
    // Messaging sends replies by e-mail too: the test stack's mail sink.
    SMTP_URL: stack.SMTP_URL,
    JWKS_URL: auth.jwksUrl,
    JWT_ISSUER: auth.issuer,
    JWT_AUDIENCE: auth.audience,
    SMS_PROVIDER: 'sandbox',
    SMS_SANDBOX_SECRET: secret,
    SMS_WEBHOOK_BASE_URL: base,
    MESSAGING_SCHEMA: schema,
    ...extraEnv,
  };
  const cwd = resolve(import.meta.dirname, '../../../messaging');
  const children: ChildProcess[] = [];
  const run = (script: string) => {
    const child = spawn(process.execPath, [script], { cwd, env, stdio: ['ignore', 'inherit', 'inherit'] });
    children.push(child);
    return child;
  };
  const stop = async () => {
    await Promise.all(
      children
        .filter((child) => child.exitCode === null)
        .map((child) => {
          const exited = new Promise((done) => child.once('exit', done));
          child.kill('SIGTERM');
          return exited;
        }),
    );
    await dropSchema();
  };
  try {
    const code = await new Promise<number | null>((done) => run('dist/migrate.js').once('exit', done));
    if (code !== 0) throw new Error(`messaging migrations exited with ${code} (build it first: npx turbo run build)`);
    run('dist/main.js');
    await waitFor(async () => (await fetch(`${base}/health/ready`).catch(() => undefined))?.ok, { timeout: 60_000, description: 'messaging ready' });
  } catch (error) {
    await stop();
    throw error;
  }

  // Twilio's documented scheme, written out here rather than borrowed from the code under test.
  const sign = (params: URLSearchParams, path = '/sms/inbound'): string => {
    let data = `${base}${path}`;
    for (const key of [...new Set(params.keys())].sort()) data += key + params.get(key)!;
    return createHmac('sha1', secret).update(Buffer.from(data, 'utf8')).digest('base64');
  };
  const sms = async (from: string, to: string, body: string, sid = `SM${randomBytes(16).toString('hex')}`): Promise<string> => {
    const params = new URLSearchParams({ MessageSid: sid, AccountSid: `AC${'0'.repeat(32)}`, From: from, To: to, Body: body, NumMedia: '0' });
    const res = await fetch(`${base}/sms/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': sign(params) },
      body: params.toString(),
    });
    if (res.status !== 200) throw new Error(`webhook answered ${res.status}: ${await res.text()}`);
    return sid;
  };
  const post = (path: string, fields: Record<string, string>, options: { signature?: string } = {}): Promise<Response> => {
    const params = new URLSearchParams(fields);
    return fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': options.signature ?? sign(params, path) },
      body: params.toString(),
    });
  };
  return { schema, sms, post, stop };
}
