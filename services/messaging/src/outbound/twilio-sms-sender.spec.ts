import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SmsSendError } from './sms-sender.js';
import { twilioFailure, TwilioSmsSender } from './twilio-sms-sender.js';

const sid = 'AC0123456789abcdef0123456789abcdef';
const token = 'test-auth-token';

/** A stand-in for api.twilio.com on 127.0.0.1: records the request and answers as Twilio's Messages API does. */
let server: Server;
let baseUrl: string;
let seen: { path: string; authorization: string | undefined; form: URLSearchParams }[] = [];
let answer: { status: number; body: unknown };

async function bodyOf(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return text;
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    seen.push({ path: new URL(request.url!, 'http://127.0.0.1').pathname, authorization: request.headers.authorization, form: new URLSearchParams(await bodyOf(request)) });
    response.setHeader('content-type', 'application/json');
    response.writeHead(answer.status).end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen = [];
});

const sender = () => new TwilioSmsSender({ accountSid: sid, authToken: token, apiBaseUrl: baseUrl, timeoutMs: 5_000 });
const sms = { from: '+14155550123', to: '+15551234567', body: 'The plumber comes at 9.' };

it("posts the message to the account's Messages resource with basic auth and answers Twilio's sid", async () => {
  answer = { status: 201, body: { sid: 'SM0123456789abcdef0123456789abcdef', status: 'queued', from: sms.from, to: sms.to, body: sms.body } };
  await expect(sender().send(sms)).resolves.toEqual({ providerId: 'SM0123456789abcdef0123456789abcdef' });
  expect(seen).toHaveLength(1);
  expect(seen[0]!.path).toBe(`/2010-04-01/Accounts/${sid}/Messages.json`);
  expect(seen[0]!.authorization).toBe(`Basic ${Buffer.from(`${sid}:${token}`).toString('base64')}`);
  expect(Object.fromEntries(seen[0]!.form)).toEqual({ From: sms.from, To: sms.to, Body: sms.body });
});

it.each([
  [21211, "The 'To' number +15551234567 is not a valid phone number."],
  [21610, 'Attempt to send to unsubscribed recipient'],
  [21614, "'To' number is not a valid mobile number"],
])('Twilio error %i is a permanent refusal, worded with its code', async (code, message) => {
  answer = { status: 400, body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status: 400 } };
  const error = await sender().send(sms).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(SmsSendError);
  expect(error).toMatchObject({ permanent: true, message: `Twilio error ${code}: ${message}` });
  expect(seen).toHaveLength(1);
});

it('a 5xx or 429 is transient (retried later by the dispatcher, not by the client)', async () => {
  answer = { status: 503, body: { code: 20503, message: 'Service Unavailable', status: 503 } };
  await expect(sender().send(sms)).rejects.toMatchObject({ permanent: false, message: 'Twilio error 20503: Service Unavailable' });
  answer = { status: 429, body: { code: 20429, message: 'Too Many Requests', status: 429 } };
  await expect(sender().send(sms)).rejects.toMatchObject({ permanent: false });
  expect(seen).toHaveLength(2);
});

it('maps failures without a Twilio body: our credentials refused are permanent, a dropped connection transient', () => {
  expect(twilioFailure({ status: 401, code: 20003, message: 'Authenticate' })).toMatchObject({ permanent: true });
  expect(twilioFailure(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }))).toMatchObject({ permanent: false, message: 'socket hang up' });
});
