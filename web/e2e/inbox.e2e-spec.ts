import { expectNoSeriousAxeViolations } from './support/page-checks.js';
import { harborView, textTheLocation } from './support/messaging.js';
import { MODEL_JOURNEY_TIMEOUT, MODEL_TIMEOUT, useBrowser } from './support/journey.js';

const browser = useBrowser();

/**
 * The inbox (issue 11): a tenant of the demo's Harbor View texts the location's number through the signed webhook;
 * the manager finds it on Inbound Messages as a draft card, edits the AI's draft (or writes one while it drafts),
 * sends it, is told "SMS sent successfully", and the card then shows Sent; the inbox thread's reply box offers the same
 * draft before that. Asserts structure, not the model's words.
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

    // The same draft waits in the inbox thread's reply box, ready to edit and send (a failed draft leaves nothing to offer).
    const drafted = await card.getByRole('textbox', { name: 'AI Response' }).inputValue();
    if (drafted.trim()) {
      await page.goto('/property-manager/inbox');
      await page.getByRole('navigation', { name: 'Conversations' }).getByText('Maria Gonzalez').first().click();
      await page.getByRole('log', { name: 'Messages' }).getByText(text).waitFor({ timeout: 30_000 });
      const box = page.getByRole('textbox', { name: 'Reply by SMS' });
      await page.waitForFunction((expected) => (document.querySelector('textarea#response') as HTMLTextAreaElement | null)?.value === expected, drafted, { timeout: 30_000 });
      await page.getByText("The AI's draft of a reply: edit it, or send it as written.").waitFor();
      expect(await box.inputValue()).toBe(drafted);
      await page.goto('/property-manager/inbound-messages');
      await card.locator('textarea:not([disabled])').waitFor({ timeout: 30_000 });
    }
    await card.getByRole('textbox', { name: 'AI Response' }).fill(reply);
    await card.getByRole('button', { name: 'Send' }).click();
    await page.getByText('SMS sent successfully').waitFor();
    await card.getByText('Sent', { exact: true }).waitFor({ timeout: 30_000 });

    // The reply is in the thread, on the team's side, and on the Sent SMS list.
    await page.goto('/property-manager/sent-sms');
    await page.getByText(reply).first().waitFor({ timeout: 30_000 });
  }, MODEL_JOURNEY_TIMEOUT);
});
