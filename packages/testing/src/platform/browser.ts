import { chromium, type Browser, type BrowserContext } from 'playwright-core';

/** Debian's Chromium: Playwright cannot download its own browsers on these machines. */
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    // Without the background-networking flags Chromium keeps dialling Google's hosts, which this network refuses.
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/** A fresh browser profile (cookies, storage) per journey, with the platform's URL as base. */
export function newJourney(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ baseURL: e2eBaseUrl(), viewport: { width: 1280, height: 900 } });
}

export function e2eBaseUrl(): string {
  const url = process.env['E2E_BASE_URL'];
  if (!url) throw new Error('E2E_BASE_URL is not set: run browser journeys through the e2e jest project');
  return url;
}
