import { e2eBaseUrl, launchBrowser, newJourney } from '@pm/testing';
import type { Browser } from 'playwright-core';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('the started platform in a browser', () => {
  it('serves the web app from the BFF and shows the live platform status', async () => {
    const context = await newJourney(browser);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('link', { name: /status/i }).first().click();
    await page.waitForURL(`${e2eBaseUrl()}/status`);
    // The status page lists each dependency the BFF checked with its state, from the live /api/platform/status.
    await page.getByText('Messaging', { exact: true }).waitFor({ timeout: 10_000 });
    await page.getByText('Up', { exact: true }).first().waitFor({ timeout: 10_000 });
    await page.getByText('All systems operational').waitFor({ timeout: 10_000 });
    await context.close();
  });

  it('sends unknown paths home', async () => {
    const context = await newJourney(browser);
    const page = await context.newPage();
    await page.goto('/no/such/page');
    await page.waitForURL(`${e2eBaseUrl()}/`);
    await context.close();
  });
});
