import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PhoneNumberUnavailableError } from './phone-number-provider.js';
import { TwilioError, TwilioPhoneNumberProvider } from './twilio-phone-number-provider.js';

const sid = 'AC0123456789abcdef0123456789abcdef';
const token = 'test-auth-token';
/** The one number the stand-in's account still holds. */
const ownedSid = 'PN0123456789abcdef0123456789abcdef';

interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  contentType: string | undefined;
  form: URLSearchParams;
}

/** A stand-in for api.twilio.com on 127.0.0.1 that records what it was asked and answers the way Twilio does. */
let server: Server;
let baseUrl: string;
let seen: Seen[] = [];
let purchaseAnswer: { status: number; body: unknown };

async function bodyOf(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return text;
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const url = new URL(request.url!, 'http://127.0.0.1');
    const text = await bodyOf(request);
    seen.push({
      method: request.method!,
      path: url.pathname,
      query: url.searchParams,
      authorization: request.headers.authorization,
      contentType: request.headers['content-type'],
      form: new URLSearchParams(text),
    });
    const expectedAuth = `Basic ${Buffer.from(`${sid}:${token}`).toString('base64')}`;
    response.setHeader('content-type', 'application/json');
    if (request.headers.authorization !== expectedAuth) {
      response.writeHead(401).end(JSON.stringify({ code: 20003, message: 'Authenticate', more_info: 'https://www.twilio.com/docs/errors/20003', status: 401 }));
      return;
    }
    if (request.method === 'GET' && url.pathname === `/2010-04-01/Accounts/${sid}/AvailablePhoneNumbers/US/Local.json`) {
      const area = url.searchParams.get('AreaCode');
      response.writeHead(200).end(
        JSON.stringify({
          available_phone_numbers: [
            { friendly_name: `(${area}) 555-1234`, phone_number: `+1${area}5551234`, lata: '722', locality: 'San Francisco', rate_center: 'SNFC CNTRL', latitude: '37.77', longitude: '-122.41', region: 'CA', postal_code: '94103', iso_country: 'US', address_requirements: 'none', beta: false, capabilities: { voice: true, SMS: true, MMS: true } },
            { friendly_name: `(${area}) 555-9876`, phone_number: `+1${area}5559876`, lata: '722', locality: '', rate_center: 'SNFC CNTRL', latitude: null, longitude: null, region: '', postal_code: null, iso_country: 'US', address_requirements: 'none', beta: false, capabilities: { voice: true, SMS: true, MMS: false } },
          ],
          uri: url.pathname + url.search,
        }),
      );
      return;
    }
    if (request.method === 'POST' && url.pathname === `/2010-04-01/Accounts/${sid}/IncomingPhoneNumbers.json`) {
      response.writeHead(purchaseAnswer.status).end(JSON.stringify(purchaseAnswer.body));
      return;
    }
    if (request.method === 'DELETE' && url.pathname === `/2010-04-01/Accounts/${sid}/IncomingPhoneNumbers/${ownedSid}.json`) {
      response.writeHead(204).end();
      return;
    }
    response.writeHead(404).end(JSON.stringify({ code: 20404, message: 'The requested resource was not found', status: 404 }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen = [];
  purchaseAnswer = { status: 201, body: {} };
});

const provider = () => new TwilioPhoneNumberProvider({ accountSid: sid, authToken: token, apiBaseUrl: baseUrl });

describe('TwilioPhoneNumberProvider against a local Twilio stand-in', () => {
  it('searches local US numbers with SMS and voice in the area code, with basic auth', async () => {
    const found = await provider().searchAvailable({ areaCode: '415', contains: '55', limit: 5 });
    expect(found).toEqual([
      { phoneNumber: '+14155551234', friendlyName: '(415) 555-1234', locality: 'San Francisco', region: 'CA' },
      { phoneNumber: '+14155559876', friendlyName: '(415) 555-9876', locality: null, region: null },
    ]);
    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request!.method).toBe('GET');
    expect(Object.fromEntries(request!.query)).toEqual({ AreaCode: '415', Contains: '55', SmsEnabled: 'true', VoiceEnabled: 'true', PageSize: '5' });
  });

  it('leaves Contains out when no digits are asked for', async () => {
    await provider().searchAvailable({ areaCode: '312', limit: 20 });
    expect(seen[0]!.query.has('Contains')).toBe(false);
  });

  it('buys a number with a form post naming it and its webhooks, and returns Twilio\'s sid', async () => {
    purchaseAnswer = {
      status: 201,
      body: { sid: 'PN0123456789abcdef0123456789abcdef', account_sid: sid, phone_number: '+14155551234', friendly_name: '12 Elm Street', sms_url: 'https://hooks.example/sms', voice_url: 'https://hooks.example/voice', status: 'in-use' },
    };
    const bought = await provider().purchase('+14155551234', { friendlyName: '12 Elm Street', smsWebhookUrl: 'https://hooks.example/sms', voiceWebhookUrl: 'https://hooks.example/voice', voiceStatusCallbackUrl: 'https://hooks.example/voice/status' });
    expect(bought).toEqual({ phoneNumber: '+14155551234', providerNumberId: 'PN0123456789abcdef0123456789abcdef' });
    const [request] = seen;
    expect(request!.method).toBe('POST');
    expect(request!.contentType).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(request!.form)).toEqual({
      PhoneNumber: '+14155551234',
      FriendlyName: '12 Elm Street',
      SmsUrl: 'https://hooks.example/sms',
      VoiceUrl: 'https://hooks.example/voice',
      StatusCallback: 'https://hooks.example/voice/status',
    });
  });

  it('reports a number Twilio no longer offers as unavailable, and other errors as they are', async () => {
    purchaseAnswer = { status: 400, body: { code: 21422, message: 'PhoneNumber requested is not available', more_info: 'https://www.twilio.com/docs/errors/21422', status: 400 } };
    await expect(provider().purchase('+14155551234', { friendlyName: 'x' })).rejects.toBeInstanceOf(PhoneNumberUnavailableError);

    purchaseAnswer = { status: 500, body: { code: 20500, message: 'Internal Server Error', status: 500 } };
    await expect(provider().purchase('+14155551234', { friendlyName: 'x' })).rejects.toMatchObject({ name: 'TwilioError', status: 500, code: 20500 });

    const wrong = new TwilioPhoneNumberProvider({ accountSid: sid, authToken: 'wrong', apiBaseUrl: baseUrl });
    const error = await wrong.searchAvailable({ areaCode: '415', limit: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TwilioError);
    expect(error).toMatchObject({ status: 401, code: 20003 });
  });

  it('releases a number with DELETE on its sid, and takes a number Twilio no longer has as released', async () => {
    await provider().release({ phoneNumber: '+14155551234', providerNumberId: ownedSid });
    expect(seen.map((r) => [r.method, r.path])).toEqual([['DELETE', `/2010-04-01/Accounts/${sid}/IncomingPhoneNumbers/${ownedSid}.json`]]);
    await expect(provider().release({ phoneNumber: '+14155559876', providerNumberId: 'PNffffffffffffffffffffffffffffffff' })).resolves.toBeUndefined();

    const wrong = new TwilioPhoneNumberProvider({ accountSid: sid, authToken: 'wrong', apiBaseUrl: baseUrl });
    await expect(wrong.release({ phoneNumber: '+14155551234', providerNumberId: ownedSid })).rejects.toMatchObject({ name: 'TwilioError', status: 401 });
  });
});
