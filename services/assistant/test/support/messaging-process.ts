import { createHmac, randomBytes } from 'node:crypto';
import { startServiceProcess } from './service-process.js';

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

/** `extraEnv`: more of messaging's variables (its service client's credentials, the voice answer's timeout). */
export async function startMessagingProcess(auth: { jwksUrl: string; issuer: string; audience: string }, extraEnv: NodeJS.ProcessEnv = {}): Promise<MessagingProcess> {
  const secret = randomBytes(32).toString('hex');
  // The webhooks check signatures over the public URL: with SMS_WEBHOOK_BASE_URL unset, messaging takes the request's
  // own origin, which is `base` (where the process answers).
  const { schema, baseUrl: base, stop } = await startServiceProcess('messaging', auth, { SMS_PROVIDER: 'sandbox', SMS_SANDBOX_SECRET: secret, ...extraEnv });

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
