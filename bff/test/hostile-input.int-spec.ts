import type { INestApplication } from '@nestjs/common';
import type { NatsConnection, Subscription } from '@nats-io/nats-core';
import { hasBody, httpCallOf, pathParamsOf, queryStringOf, type BoundRpcContract } from '@pm/contracts';
import { browserStringFields, hostileStrings, setAt, type HostileKind } from '@pm/contracts/testing';
import { connectNats } from '@pm/messaging';
import { startTestTokenIssuer, type TestTokenIssuer } from '@pm/testing';
import { boundContracts } from '../src/http/contract-router.js';
import { startTestBff } from './support/start-test-bff.js';

/**
 * Bodies no browser of ours sends, answered with a 4xx in the API's one error shape (`{ statusCode, message, code? }`)
 * and never with the parser's own words. A stand-in on NATS answers 418 with the payload it got, so a test can tell a
 * request the BFF refused (no service asked) from one it passed on.
 */

let app: INestApplication;
let baseUrl: string;
let tokens: TestTokenIssuer;
let nc: NatsConnection;
let standIn: Subscription;
let authorization: string;

beforeAll(async () => {
  tokens = await startTestTokenIssuer();
  ({ app, baseUrl } = await startTestBff(tokens));
  nc = await connectNats({ servers: process.env.NATS_URL!, name: 'bff-hostile-input-stand-in' });
  standIn = nc.subscribe('pm.rpc.>', {
    callback: (_error, msg) => {
      msg.respond(JSON.stringify({ ok: false, error: { status: 418, message: JSON.stringify(msg.json()) } }));
    },
  });
  await nc.flush();
  authorization = `Bearer ${await tokens.sign('user-1', {})}`;
});

afterAll(async () => {
  standIn?.unsubscribe();
  await nc?.close();
  await app?.close();
  await tokens?.close();
});

function call(path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Response> {
  return fetch(`${baseUrl}/api/${path}`, { method: init.method ?? 'GET', headers: { authorization, ...init.headers }, body: init.body });
}

/** The one error shape, exactly: nothing but statusCode, message and (optionally) code. */
async function expectError(response: Response, status: number, message: string | RegExp): Promise<void> {
  expect(response.status).toBe(status);
  const body = (await response.json()) as Record<string, unknown>;
  expect(Object.keys(body).filter((key) => !['statusCode', 'message', 'code'].includes(key))).toEqual([]);
  expect(body['statusCode']).toBe(status);
  expect(body['message']).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
}

const json = { 'content-type': 'application/json' };

describe('bodies that are not what a body call takes', () => {
  it('answers 400 for JSON nested 5,000 levels deep, on a contract route and on a hand-written one', async () => {
    const deep = `{"full_name":${'['.repeat(5_000)}${']'.repeat(5_000)}}`;
    await expectError(await call('tenant', { method: 'POST', headers: json, body: deep }), 400, 'The request body is nested too deeply');
    await expectError(await call('auth/sign-in', { method: 'POST', headers: json, body: deep }), 400, 'The request body is nested too deeply');
  });

  it('answers 400 for a body that is not JSON, without echoing the parser', async () => {
    const response = await call('tenant', { method: 'POST', headers: json, body: '{"full_name": "Jordan", oops}' });
    await expectError(response, 400, 'The request body is not valid JSON');
  });

  it('answers 415 for a body that is not declared as JSON, and asks no service', async () => {
    const response = await call('building/b-1/signature', { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: 'signature=x' });
    await expectError(response, 415, 'The request body must be JSON (Content-Type: application/json)');
  });

  it('answers 400 for a body call without a body instead of treating it as an empty request', async () => {
    await expectError(await call('building/b-1/signature', { method: 'PUT' }), 400, 'The request body is required');
    await expectError(await call('tenant/t-1/metadata', { method: 'PUT', headers: json }), 400, 'The request body is required');
  });

  it('refuses a body without the field a call needs instead of reading it as "clear it" (PUT building/{id}/signature)', async () => {
    await expectError(await call('building/b-1/signature', { method: 'PUT', headers: json, body: '{}' }), 400, 'Signature is required');
    const cleared = await call('building/b-1/signature', { method: 'PUT', headers: json, body: '{"signature":null}' });
    expect(cleared.status).toBe(418);
  });

  it('refuses an id of 1,000 characters before any service is asked', async () => {
    const body = JSON.stringify({ full_name: 'Jordan Lee', unit_id: 'u'.repeat(1_000) });
    await expectError(await call('tenant', { method: 'POST', headers: json, body }), 400, 'Ids are at most 100 characters');
  });

  it('still passes on a body call that takes nothing but its path, with or without a body', async () => {
    expect((await call('tenant/t-1/set-primary', { method: 'POST' })).status).toBe(418);
    expect((await call('tenant/t-1/set-primary', { method: 'POST', headers: json, body: '{}' })).status).toBe(418);
  });

  it('answers 413 in the one shape for a body above the size cap', async () => {
    const body = JSON.stringify({ full_name: 'x'.repeat(200_000) });
    await expectError(await call('tenant', { method: 'POST', headers: json, body }), 413, 'The request body is too large');
  });
});

describe('hostile text in any field of identity, messaging and vault: 400 with the field\'s message, no service asked', () => {
  const NOT_AN_ID = 'Ids contain characters that are not allowed';
  const put = (body: unknown) => ({ method: 'PUT', headers: json, body: JSON.stringify(body) });
  const post = (body: unknown) => ({ method: 'POST', headers: json, body: JSON.stringify(body) });

  it.each([
    ['PUT user/full_name (NUL)', 'user/full_name', put({ full_name: 'Alex\u0000Morgan' }), 'Full Name contains characters that are not allowed'],
    ['PUT user/full_name (bidi override)', 'user/full_name', put({ full_name: '\u202eAlex Morgan' }), 'Full Name contains characters that are not allowed'],
    ['PUT user/full_name (escape sequence)', 'user/full_name', put({ full_name: 'Alex\u001b[31m' }), 'Full Name contains characters that are not allowed'],
    ['PUT user/full_name (over-long)', 'user/full_name', put({ full_name: 'A'.repeat(201) }), 'Full Name must be at most 200 characters'],
    ['PUT user/phone (NUL)', 'user/phone', put({ phone: '555\u0000' }), 'Phone Number contains characters that are not allowed'],
    ['PUT user/phone (any text)', 'user/phone', put({ phone: 'call me maybe' }), 'Phone number must be in format (999) 999-9999'],
    ['PUT user/phone (over-long)', 'user/phone', put({ phone: '5'.repeat(41) }), 'Phone Number must be at most 40 characters'],
    ['POST user/referral (NUL)', 'user/referral', post({ referralId: 'c1\u0000' }), 'Referral id contains characters that are not allowed'],
    ['POST user/referral (lone surrogate)', 'user/referral', post({ referralUrl: '/share/\ud800' }), 'Referral URL contains characters that are not allowed'],
    ['POST sms/bulk-send (NUL in a tenant id)', 'sms/bulk-send', post({ location_id: 'loc-1', message: 'Water off Friday', tenantIds: ['t-1\u0000'] }), NOT_AN_ID],
    ['POST sms/bulk-send (lone surrogate in the message)', 'sms/bulk-send', post({ location_id: 'loc-1', message: 'Water off \udc00', tenantIds: ['t-1'] }), 'Message contains characters that are not allowed'],
    ['PUT vault/documents/{id}/tags (NUL in a tag)', 'vault/documents/d-1/tags', put({ building_ids: ['b-1\u0000'] }), NOT_AN_ID],
    ['PUT vault/documents/{id}/tags (NUL in the path)', 'vault/documents/d-1%00/tags', put({ unit_ids: [] }), NOT_AN_ID],
    ['GET message-session/all?tenant_id=', 'message-session/all?location_id=loc-1&tenant_id=t-1%00', {}, NOT_AN_ID],
    ['GET vault/tagging-options', 'vault/tagging-options?building_ids=b-1%00', {}, NOT_AN_ID],
    ['GET vault/tagging-options (bidi override)', 'vault/tagging-options?property_location_ids=%E2%80%AEloc-1', {}, NOT_AN_ID],
    ['GET building/{id}/document', 'building/b-1%00/document', {}, NOT_AN_ID],
    ['GET unit/{id}/document', 'unit/u-1%00/document', {}, NOT_AN_ID],
    ['GET tenant/{id}/document', 'tenant/t-1%00/document', {}, NOT_AN_ID],
    ['GET contacts/{id}/documents', 'contacts/c-1%00/documents?location_id=loc-1', {}, NOT_AN_ID],
  ] as const)('%s', async (_call, path, init, message) => {
    await expectError(await call(path, init), 400, message);
  });

  it('still passes clean values on to the service', async () => {
    expect((await call('user/full_name', put({ full_name: 'Alex Morgan' }))).status).toBe(418);
    expect((await call('message-session/all?location_id=loc-1&tenant_id=t-1')).status).toBe(418);
    expect((await call('tenant/t-1/document')).status).toBe(418);
  });
});

describe('every string field of every call the BFF serves, over HTTP: answered as its contract says, never with a 5xx', () => {
  /**
   * Each field of each bound call, given each hostile value in an otherwise valid request (the contract's fixture), is
   * answered as the contract's schema reads the same request: refused with 400 and the schema's first message, no
   * service asked, or passed on (the stand-in's 418). A field carried in the URL gets an over-long value a URL can hold
   * (a server refuses a 100 kB URL before any route reads it, 431), and no lone surrogate: no URL can carry one (an
   * encoder refuses it or sends U+FFFD), nor can a form's text field.
   */
  // A form's file field is the BFF's to fill (the references of the files it stored), never the caller's.
  const fromCaller = ({ contract, path }: { contract: BoundRpcContract; path: readonly (string | number)[] }) => path[0] !== contract.http.multipart?.field;
  const cases = browserStringFields()
    .filter((field): field is typeof field & { contract: BoundRpcContract } => field.contract.http !== undefined)
    .filter(fromCaller);
  const inUrl = (contract: BoundRpcContract, field: string) => !hasBody(contract.http) || pathParamsOf(contract.http.path).includes(field.split('.')[0]!);

  it.each(Object.keys(hostileStrings) as HostileKind[])('%s in every field', async (kind) => {
    const mismatches: string[] = [];
    let sent = 0;
    for (const { call: name, field, contract, path, base } of cases) {
      const url = inUrl(contract, field);
      const form = contract.http.multipart !== undefined;
      if (kind === 'a lone surrogate' && (url || form)) continue;
      const value = kind === 'an over-long value' && url ? base + 'a'.repeat(8_001) : hostileStrings[kind](base);
      const request = setAt(contract.fixture.request, path, value) as Record<string, unknown>;
      const parsed = contract.request.safeParse(request);
      const expected = parsed.success ? { status: 418 } : { status: 400, message: parsed.error.issues[0]!.message };
      const http = httpCallOf(contract, request as never);
      const query = http.params ? `?${queryStringOf(http.params)}` : '';
      let body: string | FormData | undefined;
      const headers: Record<string, string> = {};
      if (http.form) {
        body = new FormData();
        for (const [key, text] of http.form) body.append(key, text);
      } else if (http.body) {
        body = JSON.stringify(http.body);
        headers['content-type'] = 'application/json';
      }
      const response = await call(`${http.url}${query}`, { method: http.method, headers, ...(body === undefined ? {} : { body: body as string }) });
      sent += 1;
      const answer = (await response.json().catch(() => ({}))) as { message?: unknown };
      const got = response.status === 418 ? { status: 418 } : { status: response.status, message: answer.message };
      if (JSON.stringify(got) !== JSON.stringify(expected)) mismatches.push(`${name} ${field}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(got)}`);
    }
    expect(sent).toBeGreaterThan(150);
    expect(mismatches).toEqual([]);
  });
});

describe("Nest's own answers in the one error shape", () => {
  it('answers an unknown route with 404 and a plain message', async () => {
    await expectError(await call('no-such-thing/at-all'), 404, 'Not found');
  });

  it('answers a missing token on a contract route without extra fields', async () => {
    const response = await fetch(`${baseUrl}/api/tenant/t-1`);
    await expectError(response, 401, /./);
  });
});

describe('the API description (GET /api/openapi.json) says what the router does', () => {
  type Operation = { requestBody?: { required: boolean; content: Record<string, { schema: Schema }> }; responses: Record<string, { content?: unknown }> };
  type Schema = {
    required?: string[];
    nullable?: boolean;
    maxLength?: number;
    maxItems?: number;
    maxProperties?: number;
    maximum?: number;
    pattern?: string;
    allOf?: { pattern?: string }[];
    properties?: Record<string, Schema>;
  };
  let paths: Record<string, Record<string, Operation>>;
  let components: Record<string, Schema & { additionalProperties?: boolean }>;
  const bodyOf = (path: string, method: string) => paths[path]![method]!.requestBody!.content['application/json']!.schema;

  beforeAll(async () => {
    ({ paths, components: { schemas: components } } = (await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as never);
  });

  it('lists required fields as required and keeps the limits checked after trimming (length, maximum, maxItems, maxProperties)', () => {
    const tenant = bodyOf('/api/tenant', 'post');
    expect(tenant.required).toEqual(['full_name']);
    const fullName = tenant.properties!['full_name']!;
    // What its refinements refuse is shown as patterns, all of which a value must match: blank, NUL, a bidi override,
    // over 200 characters once trimmed (no maxLength: it would count the spaces the server trims away).
    expect(fullName).toEqual(expect.objectContaining({ type: 'string', pattern: expect.any(String) }));
    expect(fullName.maxLength).toBeUndefined();
    const patterns = [fullName.pattern!, ...(fullName.allOf ?? []).map((part) => part.pattern!)].map((pattern) => new RegExp(pattern, 'u'));
    const accepts = (value: string) => patterns.every((pattern) => pattern.test(value));
    expect([' Jordan Lee ', 'Zoë 😀', ` ${'a'.repeat(200)} `].filter((value) => !accepts(value))).toEqual([]);
    expect(['', '   ', 'Jordan\u0000', '\u202eJordan', 'Jordan\u{e0041}', 'a'.repeat(201)].filter(accepts)).toEqual([]);
    expect(tenant.properties!['contacts']!.maxItems).toBe(20);
    const location = bodyOf('/api/property-location', 'post');
    expect(location.required).toEqual(['address_text']);
    expect(location.properties!['declared_units_count']).toMatchObject({ minimum: 1, maximum: 10_000 });
    expect(location.properties!['metadata']!.maxProperties).toBe(50);
    expect(bodyOf('/api/tenant/{id}/metadata', 'put').properties!['rent_amount_cents']!.maximum).toBe(100_000_000);
    const signature = bodyOf('/api/building/{id}/signature', 'put');
    expect(signature.required).toEqual(['signature']);
    expect(signature.properties!['signature']).toMatchObject({ nullable: true, maxLength: 5_000 });
  });

  it('marks the body required on every body call that takes body fields, and documents 400 and 413 on every body call (415 on contract ones)', () => {
    expect(paths['/api/building/{id}/signature']!['put']!.requestBody!.required).toBe(true);
    expect(paths['/api/tenant/{id}/set-primary']!['post']!.requestBody!.required).toBe(false);
    const bodyCalls = Object.entries(paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.requestBody)
        .map(([method, operation]) => [`${method} ${path}`, Object.keys(operation.responses)] as const),
    );
    expect(bodyCalls.length).toBeGreaterThan(30);
    for (const [call, statuses] of bodyCalls) expect([call, statuses]).toEqual([call, expect.arrayContaining(['400', '413'])]);
    const contractBodyCalls = boundContracts().filter((contract) => hasBody(contract.http));
    for (const contract of contractBodyCalls) {
      const operation = paths[`/api/${contract.http.path.replace(/:([a-zA-Z0-9_]+)/g, '{$1}')}`]![contract.http.method.toLowerCase()]!;
      expect([contract.subject, Object.keys(operation.responses)]).toEqual([contract.subject, expect.arrayContaining(['415'])]);
    }
    expect(paths['/api/property-location/{id}/phone-number']!['post']!.responses['409']).toBeDefined();
    expect(paths['/api/property-manager/{id}']!['put']!.responses['409']).toBeDefined();
  });

  it('describes one error body: statusCode, message and an optional code, nothing else', () => {
    expect(components['ErrorBody']).toMatchObject({ required: ['statusCode', 'message'], additionalProperties: false });
    expect(Object.keys(components['ErrorBody']!.properties!)).toEqual(['statusCode', 'message', 'code']);
  });
});
