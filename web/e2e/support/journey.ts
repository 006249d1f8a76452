import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchBrowser, newJourney } from '@pm/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';

/**
 * One browser for a journey file, a fresh profile (cookies, storage) per journey, and a screenshot of the page when a
 * journey fails, so a red CI run shows where it stopped.
 */
export function useBrowser(): { open: () => Promise<{ context: BrowserContext; page: Page }> } {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    const state = expect.getState();
    const failed = (state as { assertionCalls: number; numPassingAsserts: number }).numPassingAsserts < state.assertionCalls;
    for (const context of contexts.splice(0)) {
      if (failed) {
        const dir = join(tmpdir(), 'pm-e2e-screenshots');
        mkdirSync(dir, { recursive: true });
        for (const [index, page] of context.pages().entries()) {
          const file = join(dir, `${state.currentTestName?.replace(/\W+/g, '-') ?? 'journey'}-${index}.png`);
          await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
          console.warn(`journey screenshot: ${file} (at ${page.url()})`);
        }
      }
      await context.close();
    }
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    async open() {
      const context = await newJourney(browser);
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      return { context, page };
    },
  };
}

/** A unique address on the mail sink for one journey. */
export function uniqueEmail(prefix: string, domain = 'example.com'): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@${domain}`;
}
