import type { INestApplication } from '@nestjs/common';
import type { NatsConnection, Subscription } from '@nats-io/nats-core';
import { hasBody, httpCallOf, queryStringOf, rpcRegistry, type BoundRpcContract } from '@pm/contracts';
import { connectNats } from '@pm/messaging';
import { startTestTokenIssuer, type TestTokenIssuer } from '@pm/testing';
import { boundContracts } from '../src/http/contract-router.js';
import { startTestBff } from './support/start-test-bff.js';

/**
 * Every request contract with an HTTP binding, straight from the registry: refused without a token (unless public),
 * and with one, the call the web makes from the contract's fixture (`httpCallOf`) reaches the service as exactly that
 * contract with exactly the fixture's request. A stand-in on NATS answers every request with 418 and echoes the
 * subject and payload it got. A contract added to the registry is covered without touching this file.
 */

let app: INestApplication;
let baseUrl: string;
let tokens: TestTokenIssuer;
let nc: NatsConnection;
let standIn: Subscription;

beforeAll(async () => {
  tokens = await startTestTokenIssuer();
  ({ app, baseUrl } = await startTestBff(tokens));
  nc = await connectNats({ servers: process.env.NATS_URL!, name: 'bff-contract-routes-stand-in' });
  standIn = nc.subscribe('pm.rpc.>', {
    callback: (_error, msg) => {
      const echo = JSON.stringify({ subject: msg.subject, payload: msg.json() });
      msg.respond(JSON.stringify({ ok: false, error: { status: 418, message: echo } }));
    },
  });
  await nc.flush();
});

afterAll(async () => {
  standIn?.unsubscribe();
  await nc?.close();
  await app?.close();
  await tokens?.close();
});

const bound = boundContracts();
const cases = bound.map((contract) => [`${contract.http.method} ${contract.http.path}`, contract] as const);

function send(contract: BoundRpcContract, authorization?: string): Promise<Response> {
  const call = httpCallOf(contract, contract.fixture.request as never);
  const query = call.params ? `?${queryStringOf(call.params)}` : '';
  if (call.form) {
    // A form with no files: the router stores none and hands the service an empty list (see expectedPayload).
    const form = new FormData();
    for (const [name, value] of call.form) form.append(name, value);
    return fetch(`${baseUrl}/api/${call.url}${query}`, { method: call.method, headers: authorization ? { authorization } : {}, body: form });
  }
  return fetch(`${baseUrl}/api/${call.url}${query}`, {
    method: call.method,
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
  });
}

/** A query string cannot carry null: a field the fixture sets to null arrives as "not given". */
function expectedPayload(contract: BoundRpcContract): unknown {
  const request = { ...(contract.fixture.request as Record<string, unknown>) };
  if (!hasBody(contract.http)) for (const [key, value] of Object.entries(request)) if (value === null) delete request[key];
  // The files of a form are the ones sent, stored by the BFF; the fixture's references stand for files not sent here.
  if (contract.http.multipart) request[contract.http.multipart.field] = [];
  return contract.request.parse(request);
}

describe('the contract router', () => {
  it('serves every contract of the registry that has an HTTP binding, each path and method once', () => {
    expect(bound.length).toBeGreaterThanOrEqual(60);
    expect(bound).toEqual(rpcRegistry.filter((contract) => contract.http));
    const routes = bound.map((contract) => `${contract.http.method} ${contract.http.path.replace(/:[a-zA-Z0-9_]+/g, ':')}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it.each(cases.filter(([, contract]) => contract.http.auth !== 'public'))('%s refuses a request without a token', async (_route, contract) => {
    const response = await send(contract);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ statusCode: 401 });
  });

  it.each(cases)('%s reaches the service as exactly its contract and request', async (_route, contract) => {
    const response = await send(contract, `Bearer ${await tokens.sign('user-1', {})}`);
    expect(response.status).toBe(418);
    const echo = JSON.parse(((await response.json()) as { message: string }).message) as { subject: string; payload: unknown };
    expect(echo.subject).toBe(contract.subject);
    expect(echo.payload).toEqual(expectedPayload(contract));
  });
});

describe('requests the router refuses itself', () => {
  const authorization = async () => `Bearer ${await tokens.sign('user-1', {})}`;

  it('answers 400 with one error shape for a body that is not a JSON object, and asks no service', async () => {
    const response = await fetch(`${baseUrl}/api/tenant`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: await authorization() },
      body: JSON.stringify(['not', 'an', 'object']),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ statusCode: 400, message: 'The request body must be a JSON object', code: 'bad_request' });
  });

  it('answers 400 with the schema message when a field has the wrong type, before any service is asked', async () => {
    const response = await fetch(`${baseUrl}/api/tenant/location/x?archived=maybe`, { headers: { authorization: await authorization() } });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: 400, code: 'bad_request' });
  });

  it('prefers a fixed path to a parameter: GET tenant/all is not GET tenant/:id', async () => {
    const response = await fetch(`${baseUrl}/api/tenant/all?unit_id=u-1`, { headers: { authorization: await authorization() } });
    const echo = JSON.parse(((await response.json()) as { message: string }).message) as { subject: string; payload: unknown };
    expect(echo).toEqual({ subject: 'pm.rpc.portfolio.tenant.list.v2', payload: { unit_id: 'u-1', limit: 50 } });
  });
});
