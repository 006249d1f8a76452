import { expectNoSeriousAxeViolations } from './support/page-checks.js';
import { harborView, textTheLocation } from './support/messaging.js';
import { MODEL_JOURNEY_TIMEOUT, MODEL_TIMEOUT, useBrowser } from './support/journey.js';

const browser = useBrowser();

/** Maria Gonzalez (A101), a tenant of the demo's Harbor View, texts from her phone on file. */
const MARIA = '+16195550101';

/**
 * Why a draft says what it says, and mending a deferral, with the real local model: a tenant asks what Harbor View's
 * knowledge does not answer; the card shows the holding reply with the items found near the question and "Add as Q&A
 * item"; the manager adds the message as a Q&A item with an answer; the card drafts again and the new draft rests on
 * the new item. Asserts structure and the answer's own value (a time written here), never the model's words.
 */
describe('a deferred draft, mended from the card', () => {
  it('adds the tenant\'s question as a Q&A item and regenerates a draft that answers from it', async () => {
    const { page } = await browser.open();
    const { number } = await harborView(page);

    const tag = Date.now().toString(36);
    const text = `Hi, is the rooftop pool open this evening, and until what time? (${tag})`;
    await textTheLocation(MARIA, number, text);

    await page.goto('/property-manager/inbound-messages');
    const card = page.getByRole('article', { name: 'SMS from Maria Gonzalez' }).filter({ hasText: text });
    await card.waitFor({ timeout: 30_000 });

    // The deferral: the holding reply, what the knowledge base has near the question, and the way to add it.
    const add = card.getByRole('button', { name: 'Add as Q&A item' });
    await add.waitFor({ timeout: MODEL_TIMEOUT });
    await card.getByText('The knowledge base does not answer this message yet.').waitFor();
    await card.getByRole('group', { name: 'Related items' }).getByText(/^(Q&A|Rule): /).first().waitFor();
    expect(await card.getByRole('group', { name: 'Sources of the AI response' }).count()).toBe(0);
    await expectNoSeriousAxeViolations(page);

    // The form starts from the tenant's words; the answer is the manager's.
    await add.click();
    const dialog = page.getByRole('dialog', { name: 'Add Q&A Item' });
    await expect(dialog.getByLabel('Question').inputValue()).resolves.toBe(text);
    await expect(dialog.getByLabel('Answer').inputValue()).resolves.toBe('');
    await dialog.getByLabel('Answer').fill('The rooftop pool is open every day from 6:45 AM to 9:15 PM. Bring your key fob; lifeguards are not on duty.');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await page.getByText('Question & answer created successfully').waitFor();
    await page.getByText('AI response regenerated successfully').waitFor();

    // The new draft rests on the new item (its question names it: the tenant's words with this journey's tag) and
    // gives its value. With a citation the reply is the model's grounded words or the item's answer word for word.
    await card.getByRole('group', { name: 'Sources of the AI response' }).getByText(`Q&A: ${text}`).waitFor({ timeout: MODEL_TIMEOUT });
    const reply = card.getByRole('textbox', { name: 'AI Response' });
    await expect(reply.isDisabled()).resolves.toBe(false);
    expect(await reply.inputValue()).toMatch(/6:45/);
    expect(await card.getByRole('button', { name: 'Add as Q&A item' }).count()).toBe(0);
  }, MODEL_JOURNEY_TIMEOUT);

  it('marks a Spanish report of sparks and a burning smell URGENT, and its draft leads with the safety step', async () => {
    const { page } = await browser.open();
    const { number } = await harborView(page);

    const text = `Hay chispas y olor a quemado en el enchufe de la cocina (${Date.now().toString(36)})`;
    await textTheLocation(MARIA, number, text);

    await page.goto('/property-manager/inbound-messages');
    const card = page.getByRole('article', { name: 'SMS from Maria Gonzalez' }).filter({ hasText: text });
    await card.waitFor({ timeout: 30_000 });
    // Intake's triage marks it as it arrives, before any draft (the notify stream refreshes the card).
    await card.getByText('URGENT', { exact: true }).waitFor({ timeout: 30_000 });

    await card.locator('textarea:not([disabled])').waitFor({ timeout: MODEL_TIMEOUT });
    const reply = await card.getByRole('textbox', { name: 'AI Response' }).inputValue();
    // In Spanish, and first what keeps the tenant safe (fire leads electrical when the words name both), never the model's.
    expect(reply).toMatch(/^(Aléjese del enchufe|Si hay humo o fuego)/);
    expect(reply).toMatch(/911/);
  }, MODEL_JOURNEY_TIMEOUT);
});
