import { demoAccount } from '@pm/testing';
import { expectNoHorizontalOverflowAtSupportedWidths, expectNoSeriousAxeViolations } from './support/page-checks.js';
import { logIn } from './support/steps.js';
import { MODEL_JOURNEY_TIMEOUT, MODEL_TIMEOUT, useBrowser } from './support/journey.js';

const browser = useBrowser();

/**
 * The manager's AI chat against the local model (issue 10 acceptance): the demo manager (locations, units, tenants,
 * Q&A and rules) opens the widget on the dashboard, asks about the portfolio, gets an answer with a source chip that
 * opens the record, then finds the session on the full page. Asserts structure and sources, never the model's
 * wording.
 */
describe("the manager's AI chat (issue 10 journey)", () => {
  it('answers a question in the widget with a source, and keeps the session for the full page', async () => {
    const { page } = await browser.open();
    const { email, password } = demoAccount();
    await logIn(page, email, password);
    await page.waitForURL(/\/property-manager\//);
    await page.goto('/property-manager/dashboard');

    await page.getByRole('button', { name: 'Open AI chat' }).click();
    const log = page.getByRole('log', { name: 'General chat messages' });
    await log.waitFor();
    await expectNoSeriousAxeViolations(page);

    const question = 'How many units are vacant?';
    const input = page.getByRole('textbox', { name: 'Message' });
    await input.fill(question);
    await input.press('Enter');
    await log.locator('[data-sender="user"]', { hasText: question }).waitFor();
    await page.getByRole('status', { name: 'The assistant is typing' }).waitFor();

    // The local model answers in 5-10 s on a 2-core machine, more while it loads.
    const reply = log.locator('[data-sender="system"]').first();
    await reply.waitFor({ timeout: MODEL_TIMEOUT });
    const chip = reply.getByRole('list', { name: 'Sources' }).getByRole('link').first();
    await chip.waitFor();
    const href = (await chip.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/property-manager\//);

    await page.getByRole('button', { name: /Full page/ }).click();
    await page.waitForURL(/\/property-manager\/chat-with-ai$/);
    await page.getByRole('heading', { level: 1, name: 'Chat with AI' }).waitFor();
    // The conversation is the same one, and listed among the manager's chats.
    await page.getByRole('log', { name: 'General chat messages' }).locator('[data-sender="user"]', { hasText: question }).waitFor();
    await page.locator('.ant-card', { hasText: 'Your chats' }).getByText(question).first().waitFor();
    await expectNoSeriousAxeViolations(page);
    await expectNoHorizontalOverflowAtSupportedWidths(page);

    await page.getByRole('tab', { name: 'Documents' }).click();
    await page.getByText(/Documents cannot be read in the chat yet/).first().waitFor();

    // The chip opens the record it names.
    await page.goto(href);
    await page.waitForURL((url) => url.pathname === href.split('?')[0]);
  }, MODEL_JOURNEY_TIMEOUT);
});
