import { demoAccount } from '@pm/testing';
import { expectNoHorizontalOverflowAtSupportedWidths, expectNoSeriousAxeViolations } from './support/page-checks.js';
import { logIn } from './support/steps.js';
import { MODEL_JOURNEY_TIMEOUT, MODEL_TIMEOUT, useBrowser } from './support/journey.js';

const browser = useBrowser();

/**
 * The manager's AI chat against the local model (issue 10 acceptance): the demo manager (locations, units, tenants,
 * Q&A and rules) opens the widget on the dashboard, asks about the portfolio and watches the answer arrive as the
 * model writes it (GET simulation/communicate/stream): its words show before it is complete, then the complete
 * answer with a source chip that opens the record replaces them; the session is on the full page. Asserts structure,
 * sources and the order of what shows, never the model's wording.
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

    // A question whose answer takes a sentence or two, so there are words to see before it is complete.
    const question = 'Which units are vacant, and in which building is each one?';
    const input = page.getByRole('textbox', { name: 'Message' });
    await input.fill(question);
    await input.press('Enter');
    await log.locator('[data-sender="user"]', { hasText: question }).waitFor();
    await page.getByRole('status', { name: 'The assistant is typing' }).waitFor();

    // The answer's words, while the model writes them: shown before the answer is complete (no sources yet, the
    // log busy). The model may wait for the demo's drafts first (they go before chat answers), more while it loads.
    const streaming = log.locator('[data-sender="system"][data-streaming="true"]');
    await streaming.waitFor({ timeout: MODEL_TIMEOUT });
    const firstWords = (await streaming.innerText()).replace(/^Assistant\s*/, '').trim();
    expect(firstWords.length).toBeGreaterThan(0);
    expect(await log.getAttribute('aria-busy')).toBe('true');
    expect(await log.locator('[data-sender="system"]:not([data-streaming])').count()).toBe(0);

    // Then the complete answer, as stored, with what it rests on; the words in progress are gone.
    const reply = log.locator('[data-sender="system"]:not([data-streaming])').first();
    await reply.waitFor({ timeout: MODEL_TIMEOUT });
    await streaming.waitFor({ state: 'detached' });
    expect(await log.getAttribute('aria-busy')).toBe('false');
    expect((await reply.innerText()).length).toBeGreaterThan(firstWords.length);
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
