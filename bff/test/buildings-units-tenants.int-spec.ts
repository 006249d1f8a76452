import type { INestApplication } from '@nestjs/common';
import { startTestTokenIssuer, type TestTokenIssuer } from '@pm/testing';
import { startTestBff } from './support/start-test-bff.js';

let app: INestApplication;
let baseUrl: string;
let tokens: TestTokenIssuer;

beforeAll(async () => {
  tokens = await startTestTokenIssuer();
  ({ app, baseUrl } = await startTestBff(tokens));
});

afterAll(async () => {
  await app?.close();
  await tokens?.close();
});

const id = '01937a10-1c2d-7e3f-8a9b-0c1d2e3f4a5b';
const routes: [string, string][] = [
  ['GET', 'building/all?location_id=x'],
  ['POST', 'building'],
  ['GET', `building/${id}`],
  ['GET', `building/${id}/contacts`],
  ['GET', `building/${id}/email-templates`],
  ['PUT', `building/${id}/email-templates/tenant-invite`],
  ['GET', `building/${id}/signature`],
  ['PUT', `building/${id}/signature`],
  ['GET', 'unit/all?buildingId=x'],
  ['POST', 'unit'],
  ['GET', `unit/${id}`],
  ['GET', `property-location/${id}/units`],
  ['GET', 'tenant/all?unit_id=x'],
  ['GET', `tenant/location/${id}?archived=true`],
  ['GET', `tenant/${id}`],
  ['POST', 'tenant'],
  ['PUT', `tenant/${id}`],
  ['DELETE', `tenant/${id}`],
  ['POST', `tenant/${id}`],
  ['POST', `tenant/${id}/set-primary`],
  ['PUT', `tenant/${id}/metadata`],
  ['GET', `tenant/invite-template/${id}`],
  ['POST', 'tenant/invite'],
  ['GET', `todo/location/${id}/expiring-leases?days=30`],
  ['POST', 'todo/lease-renewal-email'],
];

describe('BFF building, unit, tenant and todo routes', () => {
  it.each(routes)('%s %s exists and refuses a request without a token', async (method, path) => {
    const response = await fetch(`${baseUrl}/api/${path}`, { method, headers: { 'content-type': 'application/json' }, body: method === 'GET' ? undefined : '{}' });
    expect(response.status).toBe(401);
  });

  it.each(routes)('%s %s reaches the portfolio service with a valid token (no service here: 503, never a 404 route miss)', async (method, path) => {
    const authorization = `Bearer ${await tokens.sign('user-1', {})}`;
    const response = await fetch(`${baseUrl}/api/${path}`, {
      method,
      headers: { authorization, 'content-type': 'application/json' },
      body: method === 'GET' ? undefined : '{}',
    });
    expect(response.status).toBe(503);
  });
});
