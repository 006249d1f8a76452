import { createHmac, randomBytes } from 'node:crypto';
import { appPorts, cachePaths, loadSecrets } from '@pm/infra';
import { demoAccount } from '@pm/testing';
import type { Page } from 'playwright-core';
import { logIn, pickOption } from './steps.js';

/** "(619) 555-0123" → "+16195550123". */
const e164 = (display: string) => `+1${display.replace(/\D/g, '')}`;

/** Signs in as the demo manager and selects Harbor View; answers its id, its number (E.164) and its e-mail address. */
export async function harborView(page: Page): Promise<{ id: string; number: string; email: string }> {
  const { email, password } = demoAccount();
  await logIn(page, email, password);
  await page.waitForURL(/\/property-manager\//);
  await page.goto('/property-manager/property-locations');
  await page.getByRole('link', { name: 'Harbor View Apartments' }).click();
  await page.waitForURL(/\/property-locations\/[^/]+$/);
  const id = decodeURIComponent(/\/property-locations\/([^/?#]+)/.exec(page.url())?.[1] ?? '');
  await page.goto(`/property-manager/property-locations/${id}/phone-number`);
  const number = e164((await page.getByLabel('Property phone number').textContent()) ?? '');
  await page.goto(`/property-manager/property-locations/${id}/email-address`);
  const address = ((await page.getByLabel('Property email address').textContent()) ?? '').trim();
  await page.getByRole('combobox', { name: 'Property location' }).click();
  await pickOption(page, 'Harbor View Apartments');
  return { id, number, email: address };
}

/** Messaging's webhook on the journeys' platform: its port is the BFF's shifted the way the e2e profile shifts every app. */
function smsWebhookUrl(): string {
  const bff = Number(new URL(process.env['E2E_BASE_URL'] ?? '').port);
  return `http://127.0.0.1:${appPorts.messaging + (bff - appPorts.bff)}/sms/inbound`;
}

/**
 * A tenant's text as the provider posts it: form-encoded and signed with the sandbox secret exactly as Twilio signs
 * (the URL, then every parameter name and value in order), so it goes the production path through the webhook.
 */
export async function textTheLocation(from: string, to: string, body: string): Promise<void> {
  const url = smsWebhookUrl();
  const params = new URLSearchParams({ MessageSid: `SM${randomBytes(16).toString('hex')}`, AccountSid: `AC${'0'.repeat(32)}`, From: from, To: to, Body: body, NumMedia: '0' });
  const signed = [...params.keys()].sort().reduce((data, key) => data + key + params.get(key), url);
  const signature = createHmac('sha1', loadSecrets(cachePaths().secretsFile).smsSandboxSecret).update(Buffer.from(signed, 'utf8')).digest('base64');
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature }, body: params.toString() });
  expect(response.status).toBe(200);
}
