import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import { MailSinkClient } from '@pm/mail';
import { testEnv, waitFor } from '@pm/testing';
import { callPlatform, signUpPropertyManager, type PlatformSession } from './support/property-manager.js';
import { startTestPlatform, type TestPlatform } from './support/start-test-platform.js';

jest.setTimeout(240_000);

/**
 * Invitations and renewal e-mails on the whole test platform: the manager signs a building (messaging), invites a
 * tenant (portfolio); portfolio records the invitation and messaging e-mails it through its outbox, from the
 * location's address, filled and signed, once. The renewal e-mail takes the same road with the building's template.
 */
let platform: TestPlatform;
let manager: PlatformSession;
const sink = new MailSinkClient(testEnv().MAIL_UI_URL);

const api = <T>(path: string, init: Parameters<typeof callPlatform>[2] = {}) => callPlatform<T>(platform.baseUrl, path, init);

beforeAll(async () => {
  platform = await startTestPlatform();
  manager = await signUpPropertyManager(platform.baseUrl, 'Robin Invite');
});

afterAll(async () => {
  await platform?.stop();
});

it('invites a tenant: the e-mail arrives once, from the location\'s address, filled and with the building\'s signature; the renewal follows the building\'s template', async () => {
  const location = await api<{ id: string; name: string }>('property-location', {
    body: { name: 'Invite Court', address_text: '12 Elm Street, Springfield, IL 62701', type: 'MULTI_UNIT', declared_units_count: 4, is_rental_property: true },
    session: manager,
  });
  expect(location.status).toBe(201);
  const address = await api<{ email: string }>(`property-location/${location.body.id}/email-address`, { method: 'POST', session: manager });
  expect(address.status).toBe(200);
  const building = await api<{ id: string }>('building', { body: { name: 'Building A', property_location_id: location.body.id, address_text: '12 Elm Street' }, session: manager });
  expect(building.status).toBe(201);
  const unit = await api<{ id: string }>('unit', { body: { name: 'Unit 1A', building_id: building.body.id }, session: manager });
  expect(unit.status).toBe(201);
  const email = `tenant-${randomUUID().slice(0, 8)}@example.com`;
  const tenant = await api<{ id: string }>('tenant', {
    body: { full_name: 'Jordan Lee', unit_id: unit.body.id, location_id: location.body.id, contacts: [{ type: 'email', value: email }] },
    session: manager,
  });
  expect(tenant.status).toBe(201);

  // Messaging learns the building from portfolio's event; until then the building is not found there.
  await waitFor(async () => (await api(`building/${building.body.id}/signature`, { method: 'PUT', body: { signature: 'The Invite Court team' }, session: manager })).status === 200, {
    timeout: 20_000,
    description: 'the signature saved by messaging',
  });
  expect((await api<{ signature: string }>(`building/${building.body.id}/signature`, { session: manager })).body).toEqual({ signature: 'The Invite Court team' });
  const template = await api<{ subject: string; body: string }>(`tenant/invite-template/${building.body.id}`, { session: manager });
  expect(template.status).toBe(200);
  expect(template.body.body).toContain('{{invite_link}}');

  const invited = await api('tenant/invite', { body: { tenantIds: [tenant.body.id], subject: template.body.subject, body: template.body.body }, session: manager });
  expect(invited).toEqual({ status: 200, body: { invited: 1, skipped: 0 } });
  const mail = await waitFor(async () => (await sink.messagesTo(email)).find((m) => m.subject === 'You are invited to Invite Court'), {
    timeout: 30_000,
    description: 'the invitation in the mail sink',
  });
  expect(mail.from[0]!.address).toBe(address.body.email);
  expect(mail.text).toContain('Hello Jordan Lee,');
  expect(mail.text).toMatch(new RegExp(`${platform.webUrl}/welcome/[A-Za-z0-9_-]{43}\\?email=`));
  expect(mail.text.trim().endsWith('The Invite Court team')).toBe(true);
  const sent = await waitFor(
    async () => (await api<{ items: { to: string; purpose: string; status: string }[] }>(`email/sent?location_id=${location.body.id}`, { session: manager })).body.items.find((i) => i.to === email && i.status === 'sent'),
    { timeout: 20_000, description: 'the invitation listed sent' },
  );
  expect(sent.purpose).toBe('invitation');

  expect((await api(`tenant/${tenant.body.id}/metadata`, { method: 'PUT', body: { lease_end: '2031-01-31' }, session: manager })).status).toBe(200);
  const renewal = await api(`building/${building.body.id}/email-templates/lease-renewal`, {
    method: 'PUT',
    body: { subject: 'Renew by {{lease_end}}', body: 'Dear {{tenant_name}}, shall we renew?' },
    session: manager,
  });
  expect(renewal.status).toBe(200);
  expect(await api('todo/lease-renewal-email', { body: { tenantId: tenant.body.id, buildingId: building.body.id }, session: manager })).toEqual({ status: 200, body: { sent: true } });
  const renewalMail = await waitFor(async () => (await sink.messagesTo(email)).find((m) => m.subject === 'Renew by 2031-01-31'), {
    timeout: 30_000,
    description: 'the renewal in the mail sink',
  });
  expect(renewalMail.text.trim()).toBe('Dear Jordan Lee, shall we renew?\n\nThe Invite Court team');
  // Each went out once.
  expect((await sink.messagesTo(email)).filter((m) => m.subject === 'You are invited to Invite Court')).toHaveLength(1);
});
