import { createHmac, randomBytes } from 'node:crypto';
import { appPorts, cachePaths, loadSecrets } from '@pm/infra';
import { expectNoSeriousAxeViolations } from './support/page-checks.js';
import { harborView } from './support/messaging.js';
import { MODEL_JOURNEY_TIMEOUT, MODEL_TIMEOUT, useBrowser } from './support/journey.js';

const browser = useBrowser();

/** Messaging's webhook on the journeys' platform: its port is the BFF's shifted the way the e2e profile shifts every app. */
function smsWebhookUrl(): string {
  const bff = Number(new URL(process.env['E2E_BASE_URL'] ?? '').port);
  return `http://127.0.0.1:${appPorts.messaging + (bff - appPorts.bff)}/sms/inbound`;
}

/**
 * A tenant's text as the provider posts it: form-encoded and signed with the sandbox secret exactly as Twilio signs
 * (the URL, then every parameter name and value in order), so it goes the production path through the webhook.
 */
async function textTheLocation(from: string, to: string, body: string): Promise<void> {
  const url = smsWebhookUrl();
  const params = new URLSearchParams({ MessageSid: `SM${randomBytes(16).toString('hex')}`, AccountSid: `AC${'0'.repeat(32)}`, From: from, To: to, Body: body, NumMedia: '0' });
  const signed = [...params.keys()].sort().reduce((data, key) => data + key + params.get(key), url);
  const signature = createHmac('sha1', loadSecrets(cachePaths().secretsFile).smsSandboxSecret).update(Buffer.from(signed, 'utf8')).digest('base64');
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature }, body: params.toString() });
  expect(response.status).toBe(200);
}

/**
 * The inbox (issue 11): a tenant of the demo's Harbor View texts the location's number through the signed webhook;
 * the manager finds it on Inbound Messages as a draft card, edits the AI's draft (or writes one while it drafts),
 * sends it, is told "SMS sent successfully", and the card then shows Sent. Asserts structure, not the model's words.
 */
describe('the inbox (issue 11 journey)', () => {
  it('shows a tenant\'s text as a draft card, sends the edited reply, and marks the item Sent', async () => {
    const { page } = await browser.open();
    const { number } = await harborView(page);

    // Maria Gonzalez (A101) texts from her phone on file.
    const text = `My kitchen sink is leaking, water everywhere (${Date.now().toString(36)})`;
    await textTheLocation('+16195550101', number, text);

    await page.goto('/property-manager/inbound-messages');
    const card = page.getByRole('article', { name: 'SMS from Maria Gonzalez' }).filter({ hasText: text });
    await card.waitFor({ timeout: 30_000 });
    await card.getByText(/Unit A101/).waitFor();
    await expectNoSeriousAxeViolations(page);

    const reply = `We are sending a plumber now. Please turn off the valve under the sink. (${Date.now().toString(36)})`;
    // While the AI drafts, the box is disabled; once it is ready (or failed), the manager's text replaces whatever it wrote.
    await card.locator('textarea:not([disabled])').waitFor({ timeout: MODEL_TIMEOUT });
    await card.getByRole('textbox', { name: 'AI Response' }).fill(reply);
    await card.getByRole('button', { name: 'Send' }).click();
    await page.getByText('SMS sent successfully').waitFor();
    await card.getByText('Sent', { exact: true }).waitFor({ timeout: 30_000 });

    // The reply is in the thread, on the team's side, and on the Sent SMS list.
    await page.goto('/property-manager/sent-sms');
    await page.getByText(reply).first().waitFor({ timeout: 30_000 });
  }, MODEL_JOURNEY_TIMEOUT);
});
