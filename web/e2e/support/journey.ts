import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchBrowser, newJourney } from '@pm/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';

/**
 * One browser for a journey file, a fresh profile (cookies, storage) per journey, and a screenshot of the page when a
 * journey fails, so a red CI run shows where it stopped.
 */
export function useBrowser(): { open: (options?: { guidedTour?: boolean }) => Promise<{ context: BrowserContext; page: Page }> } {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    const state = expect.getState();
    // Set by the journeys' test environment (packages/config/journey.environment.js) for a failed expect and for a
    // Playwright call that threw alike.
    const failed = (globalThis as { __journeyFailed?: boolean }).__journeyFailed === true;
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
    async open({ guidedTour = false }: { guidedTour?: boolean } = {}) {
      const context = await newJourney(browser);
      // The manager shell's guided tour sits over a browser's first dashboard (spec 000 §4.9): journeys start past it,
      // as a manager's every later visit does, unless they are about the tour.
      if (!guidedTour) await context.addInitScript(() => window.localStorage.setItem('pm.guided-tour-viewed', 'seen before the journey'));
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      return { context, page };
    },
  };
}

/**
 * How long a journey waits for the local model (a draft, a chat answer, a document's reading). On the journeys'
 * 2-core platform the model first works through the demo's backlog (its dozen drafts, then its documents) while
 * OCR and LibreOffice share the cores, so a request made right after start-up can wait minutes: generous, never the
 * norm (the AI's own latency is measured by `eval:ai`, not here).
 */
export const MODEL_TIMEOUT = 420_000;

/** A journey that waits on the local model: its waits, and the rest of the journey. */
export const MODEL_JOURNEY_TIMEOUT = MODEL_TIMEOUT + 180_000;

/** A unique address on the mail sink for one journey. */
export function uniqueEmail(prefix: string, domain = 'example.com'): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@${domain}`;
}
