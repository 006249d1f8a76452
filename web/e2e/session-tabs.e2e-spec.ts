import { demoAccount } from '@pm/testing';
import type { Page, Request } from 'playwright-core';
import { useBrowser } from './support/journey.js';
import { logIn } from './support/steps.js';

const browser = useBrowser();

const isRefresh = (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/auth/refresh';
const sidOf = (accessToken: string) => (JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;

/** The manager shell is on screen (a signed-out page would be on /login). */
async function signedIn(page: Page) {
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/property-manager/dashboard');
}

describe('one manager, several tabs (issue 28 journey)', () => {
  it('keeps every tab signed in when they all renew their session at once, with one refresh and the family intact', async () => {
    const { context, page: first } = await browser.open();
    // The pages' clocks, so the session keepers' timers (a minute before the access token expires) come due together.
    await context.clock.install();
    const { email, password } = demoAccount();
    await logIn(first, email, password);
    await first.waitForURL(/\/property-manager\//);
    await first.goto('/property-manager/dashboard');
    await signedIn(first);

    // Three more tabs, opened at once: each restores its session from the one refresh cookie as it loads.
    const others = await Promise.all([1, 2, 3].map(() => context.newPage()));
    await Promise.all(others.map((page) => page.goto('/property-manager/dashboard')));
    const pages = [first, ...others];
    for (const page of pages) await signedIn(page);

    // Fourteen and a half minutes on, in every tab at once: each one's access token is a minute from expiring.
    const refreshes: Request[] = [];
    context.on('request', (request) => {
      if (isRefresh(request)) refreshes.push(request);
    });
    const renewed = context.waitForEvent('response', { predicate: (response) => isRefresh(response.request()) && response.ok() });
    await context.clock.fastForward('14:30');
    const session = (await (await renewed).json()) as { access_token: string };

    // Every tab took the one renewed session: the next call each makes carries its token.
    for (const page of pages) {
      const call = page.waitForRequest((request) => new URL(request.url()).pathname.startsWith('/api/') && request.headers()['authorization'] === `Bearer ${session.access_token}`);
      await page.getByRole('link', { name: 'Tickets', exact: true }).first().click();
      await call;
      await page.getByRole('heading', { name: 'Tickets', level: 1 }).waitFor();
    }
    expect(refreshes).toHaveLength(1);

    // Requests sent with the one cookie at the same instant (what tabs without the coordination do) all succeed,
    // with tokens of the same session.
    const concurrent = await first.evaluate(async () =>
      Promise.all(
        Array.from({ length: 5 }, async () => {
          const response = await fetch('/api/auth/refresh', { method: 'POST' });
          return { status: response.status, body: (await response.json()) as { access_token?: string } };
        }),
      ),
    );
    expect(concurrent.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(concurrent.map((answer) => sidOf(answer.body.access_token!)))).toEqual(new Set([sidOf(session.access_token)]));

    // The family lives on: a tab opened now restores it from the cookie, and the open ones carry on.
    const later = await context.newPage();
    await later.goto('/property-manager/dashboard');
    await signedIn(later);
    for (const page of pages) {
      await page.getByRole('link', { name: 'Dashboard', exact: true }).first().click();
      await signedIn(page);
    }
  });
});
