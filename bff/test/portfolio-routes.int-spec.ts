import type { INestApplication } from '@nestjs/common';
import type { NatsConnection, Subscription } from '@nats-io/nats-core';
import { connectNats } from '@pm/messaging';
import { startTestTokenIssuer, type TestTokenIssuer } from '@pm/testing';
import { startTestBff } from './support/start-test-bff.js';

/**
 * Every portfolio route of the BFF: refused without a token, and with one, turned into exactly one request of the
 * expected contract with the expected payload (path parameters, query and body mapped as the spec's calls give them).
 * A stand-in on NATS answers every portfolio request with status 418 and echoes the subject and payload it got.
 */

let app: INestApplication;
let baseUrl: string;
let tokens: TestTokenIssuer;
let nc: NatsConnection;
let standIn: Subscription;

beforeAll(async () => {
  tokens = await startTestTokenIssuer();
  ({ app, baseUrl } = await startTestBff(tokens));
  nc = await connectNats({ servers: process.env.NATS_URL!, name: 'bff-portfolio-routes-stand-in' });
  standIn = nc.subscribe('pm.rpc.portfolio.>', {
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

const id = '01937a10-1c2d-7e3f-8a9b-0c1d2e3f4a5b';
const loc = '01937a10-1c2d-7e3f-8a9b-0c1d2e3f4a5c';
type Route = [method: string, path: string, body: Record<string, unknown> | null, subject: string, payload: Record<string, unknown>];

const routes: Route[] = [
  ['POST', 'property-location', { address_text: '12 Elm' }, 'property-location.create', { address_text: '12 Elm' }],
  ['GET', 'property-location/all', null, 'property-location.list', {}],
  ['GET', `property-location/${id}`, null, 'property-location.get', { id }],
  ['PUT', `property-location/${id}`, { name: 'Elm' }, 'property-location.update', { id, name: 'Elm' }],
  ['GET', `property-manager/onboarding/user-1/progress`, null, 'onboarding-progress.get', { id: 'user-1' }],
  ['GET', `property-manager/navbar-flags/${id}`, null, 'navbar-flags.get', { locationId: id }],
  ['GET', `property-location/${id}/units`, null, 'unit.list-by-location', { locationId: id }],
  ['POST', `property-location/${id}/email-address`, null, 'location-email-address.generate', { id }],
  ['GET', `property-location/${id}/search-phone-number?areaCode=415&contains=55&limit=20`, null, 'location-phone-number.search', { id, areaCode: '415', contains: '55', limit: 20 }],
  ['POST', `property-location/${id}/phone-number`, { phoneNumber: '+14155550100' }, 'location-phone-number.assign', { id, phoneNumber: '+14155550100' }],
  ['GET', 'property-location-phone/all', null, 'location-phone-number.list', {}],
  ['GET', `building/all?location_id=${loc}`, null, 'building.list', { locationId: loc }],
  ['POST', 'building', { name: 'A', property_location_id: loc, address_text: '12 Elm' }, 'building.create', { name: 'A', property_location_id: loc, address_text: '12 Elm' }],
  ['GET', `building/${id}`, null, 'building.get', { id }],
  ['GET', `building/${id}/contacts`, null, 'building-contact.list', { id }],
  ['GET', `building/${id}/email-templates`, null, 'building-email-template.list', { id }],
  ['PUT', `building/${id}/email-templates/lease-renewal`, { subject: 'S', body: 'B' }, 'building-email-template.update', { id, slug: 'lease-renewal', subject: 'S', body: 'B' }],
  ['GET', `building/${id}/signature`, null, 'building-signature.get', { id }],
  ['PUT', `building/${id}/signature`, { signature: 'Team' }, 'building-signature.update', { id, signature: 'Team' }],
  ['GET', `unit/all?buildingId=${id}`, null, 'unit.list', { buildingId: id }],
  ['POST', 'unit', { name: '1A', building_id: id }, 'unit.create', { name: '1A', building_id: id }],
  ['GET', `unit/${id}`, null, 'unit.get', { id }],
  ['GET', `tenant/all?unit_id=${id}`, null, 'tenant.list', { unitId: id }],
  ['GET', `tenant/location/${loc}`, null, 'tenant.list-by-location', { locationId: loc, archived: false }],
  ['GET', `tenant/location/${loc}?archived=true`, null, 'tenant.list-by-location', { locationId: loc, archived: true }],
  ['GET', `tenant/${id}`, null, 'tenant.get', { id }],
  ['POST', 'tenant', { full_name: 'T', unit_id: id, location_id: loc, contacts: [] }, 'tenant.create', { full_name: 'T', unit_id: id, location_id: loc, contacts: [] }],
  ['PUT', `tenant/${id}`, { full_name: 'T', contacts: [] }, 'tenant.update', { id, full_name: 'T', contacts: [] }],
  ['DELETE', `tenant/${id}`, null, 'tenant.delete', { id }],
  ['POST', `tenant/${id}`, null, 'tenant.retrieve', { id }],
  ['POST', `tenant/${id}/set-primary`, null, 'tenant.set-primary', { id }],
  ['PUT', `tenant/${id}/metadata`, { lease_end: '2027-01-31' }, 'tenant-metadata.update', { id, lease_end: '2027-01-31' }],
  ['GET', `tenant/invite-template/${id}`, null, 'tenant-invite-template.get', { buildingId: id }],
  ['POST', 'tenant/invite', { tenantIds: [id], subject: 'S', body: 'B' }, 'tenant.invite', { tenantIds: [id], subject: 'S', body: 'B' }],
  ['GET', `todo/location/${loc}/expiring-leases?days=30`, null, 'expiring-lease.list', { locationId: loc, days: '30' }],
  ['POST', 'todo/lease-renewal-email', { tenantId: id, buildingId: loc }, 'lease-renewal-email.send', { tenantId: id, buildingId: loc }],
  ['GET', `property-manager/all?location_id=${loc}`, null, 'partner.list', { location_id: loc }],
  ['GET', `property-manager/emergency-contacts?location_id=${loc}`, null, 'partner.list-emergency-contacts', { location_id: loc }],
  ['POST', 'property-manager/with-user', { fullName: 'P', email: 'p@example.com', phone: '5551234567', role: 'VIEWER', locationId: loc }, 'partner.add', { fullName: 'P', email: 'p@example.com', phone: '5551234567', role: 'VIEWER', locationId: loc }],
  ['PUT', `property-manager/${id}`, { full_name: 'P', email: 'p@example.com', role: 'ADMIN', is_emergency_contact: true }, 'partner.update', { id, full_name: 'P', email: 'p@example.com', role: 'ADMIN', is_emergency_contact: true }],
  ['DELETE', `property-manager/${id}?location_id=${loc}`, null, 'partner.remove', { id, location_id: loc }],
  ['GET', `question/all?location_id=${loc}`, null, 'question.list', { location_id: loc }],
  ['POST', 'question', { location_id: loc, question: 'Q', answer: 'A' }, 'question.create', { location_id: loc, question: 'Q', answer: 'A' }],
  ['PUT', `question/${id}`, { question: 'Q', answer: 'A' }, 'question.update', { id, question: 'Q', answer: 'A' }],
  ['DELETE', `question/${id}`, null, 'question.delete', { id }],
  ['GET', `rule/all?location_id=${loc}`, null, 'rule.list', { location_id: loc }],
  ['POST', 'rule', { location_id: loc, description: 'D', expected_output: 'E' }, 'rule.create', { location_id: loc, description: 'D', expected_output: 'E' }],
  ['PUT', `rule/${id}`, { description: 'D', expected_output: 'E' }, 'rule.update', { id, description: 'D', expected_output: 'E' }],
  ['DELETE', `rule/${id}`, null, 'rule.delete', { id }],
  ['GET', `contacts?location_id=${loc}&search=sam`, null, 'contact.list', { location_id: loc, search: 'sam' }],
  ['POST', `contacts?location_id=${loc}`, { name: 'Sam', details: [], location_ids: [loc] }, 'contact.create', { name: 'Sam', details: [], location_ids: [loc], location_id: loc }],
  ['GET', `contacts/${id}?location_id=${loc}`, null, 'contact.get', { id, location_id: loc }],
  ['PUT', `contacts/${id}?location_id=${loc}`, { name: 'Sam', details: [] }, 'contact.update', { id, name: 'Sam', details: [], location_id: loc }],
  ['DELETE', `contacts/${id}?location_id=${loc}`, null, 'contact.delete', { id, location_id: loc }],
];

function send(method: string, path: string, body: Record<string, unknown> | null, authorization?: string) {
  return fetch(`${baseUrl}/api/${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    body: body === null ? undefined : JSON.stringify(body),
  });
}

describe('BFF portfolio routes', () => {
  it.each(routes)('%s %s refuses a request without a token', async (method, path, body) => {
    expect((await send(method, path, body)).status).toBe(401);
  });

  it.each(routes)('%s %s asks portfolio for exactly the expected request', async (method, path, body, subject, payload) => {
    const response = await send(method, path, body, `Bearer ${await tokens.sign('user-1', {})}`);
    expect(response.status).toBe(418);
    const echo = JSON.parse(((await response.json()) as { message: string }).message) as { subject: string; payload: unknown };
    expect(echo.subject).toBe(`pm.rpc.portfolio.${subject}.v1`);
    expect(echo.payload).toEqual(payload);
  });
});
