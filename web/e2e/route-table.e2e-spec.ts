import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { demoAccount, e2eBaseUrl } from '@pm/testing';
import type { Page } from 'playwright-core';
import { useBrowser } from './support/journey.js';
import { logIn } from './support/steps.js';

/**
 * The route-table walk (spec 000 §2.1): every route of `route-table.json` opened signed out, as the demo manager, as
 * the demo resident and on the special host, failing on any that falls through to the home page (the catch-all sends
 * unknown paths there). A route marked `pending` belongs to an issue not done yet: it must still fall through, so the
 * walk fails the day its page arrives until that issue removes the mark.
 *
 * One browser; each audience signs in once and moves from route to route inside the app (history push + popstate, as
 * the router's own back/forward does), so a session is reused and no page is reloaded.
 */
const browser = useBrowser();

interface RouteEntry {
  route: string;
  path: string;
  audience: 'public' | 'signed-in' | 'home-owner' | 'onboarding' | 'manager' | 'resident';
  specialHost?: boolean;
  pending?: string;
}
const table = (JSON.parse(readFileSync(join(import.meta.dirname, 'route-table.json'), 'utf8')) as { routes: RouteEntry[] }).routes;

/** The main landing page: its h1 and the property-type chips nothing else shows. */
const MARKETING_HOME = { heading: 'PM Platform', marker: 'ul[aria-label="Property types"]' };
/** The special host's home, the PDF welcome page. */
const SPECIAL_HOME_HEADING = "Understand your association's documents in minutes";
/** Spec 000 §6: signed-in users are sent from login and sign-up to the index page, which is the home page. */
const SIGNED_IN_GO_HOME = new Set(['/login', '/signup']);
/** The prefix the web is built with (VITE_SPECIAL_HOST_PREFIX, default `docs.`): *.localhost is the loopback in Chromium. */
const SPECIAL_HOST_PREFIX = process.env['E2E_SPECIAL_HOST_PREFIX'] ?? 'docs.';
const WALK_TIMEOUT = 15 * 60_000;

interface Landing {
  pathname: string;
  heading: string | null;
  marketing: boolean;
  errorPage: boolean;
  /**
   * Content of a page without an h1: its state for a record that is not there (a result, an alert, an empty state)
   * or a form (the onboarding steps, which hide the shell).
   */
  content: boolean;
}

/** Opens `path` inside the running app and waits until a page with an h1 has settled (same path and h1 twice in a row). */
async function visit(page: Page, path: string): Promise<Landing> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
  let last = '';
  const deadline = Date.now() + 20_000;
  for (;;) {
    await page.waitForTimeout(150);
    const landing = await page.evaluate((marker) => {
      const h1 = [...document.querySelectorAll('h1')].find((element) => (element as HTMLElement).offsetParent !== null);
      return {
        pathname: window.location.pathname,
        heading: h1?.textContent?.trim() ?? null,
        marketing: document.querySelector(marker) !== null,
        errorPage: document.body.innerText.includes('Something went wrong'),
        content: document.querySelector('.ant-result, .ant-alert, .ant-empty, form') !== null,
        loading: document.querySelector('.ant-spin-spinning') !== null && !h1,
      };
    }, MARKETING_HOME.marker);
    const key = `${landing.pathname}|${landing.heading}|${landing.marketing}`;
    if ((landing.heading !== null || landing.errorPage || landing.content) && !landing.loading && key === last) return landing;
    if (Date.now() > deadline) return landing;
    last = key;
  }
}

/** The ids the example paths name, read from the BFF with the person's own session. */
async function idsOf(email: string, password: string): Promise<Record<string, string>> {
  const api = `${e2eBaseUrl()}/api`;
  const signIn = await fetch(`${api}/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (!signIn.ok) throw new Error(`signing in as ${email}: ${signIn.status}`);
  const { access_token: token } = (await signIn.json()) as { access_token: string };
  const get = async (path: string): Promise<unknown> => {
    const response = await fetch(`${api}/${path}`, { headers: { authorization: `Bearer ${token}` } });
    return response.ok ? response.json() : null;
  };
  const first = (body: unknown, pick: (item: Record<string, unknown>) => unknown = (item) => item['id']): string | undefined => {
    const list = Array.isArray(body) ? body : ((body as { items?: unknown[] } | null)?.items ?? []);
    const item = list[0] as Record<string, unknown> | undefined;
    return item ? String(pick(item)) : undefined;
  };
  const locations = ((await get('property-location/all')) ?? []) as { id: string; name: string }[];
  const location = locations.find((candidate) => candidate.name === 'Harbor View Apartments') ?? locations[0];
  const at = encodeURIComponent(location?.id ?? 'none');
  const root = (await get(`document-folders/root/contents?property_location_id=${at}`)) as { folders?: { id: string }[]; documents?: { items?: { id: string }[] } } | null;
  // A path whose record does not exist still has to render its page (with its not-found state), never fall through.
  const missing = 'walk-missing-id';
  return {
    locationId: location?.id ?? missing,
    buildingId: first(await get(`building/all?location_id=${at}`)) ?? missing,
    unitId: first(await get(`property-location/${at}/units`)) ?? missing,
    tenantId: first(await get(`tenant/location/${at}`)) ?? missing,
    documentId: root?.documents?.items?.[0]?.id ?? first(await get(`vault/documents?property_location_id=${at}&limit=1`)) ?? missing,
    folderId: root?.folders?.[0]?.id ?? missing,
    contactId: first(await get(`contacts?location_id=${at}`)) ?? missing,
    sessionId: first(await get(`message-session/all?location_id=${at}&limit=1`), (item) => item['session_id']) ?? missing,
    conversationId: first(await get(`conversation/all?location_id=${at}&limit=1`), (item) => item['sid'] ?? item['id']) ?? missing,
    email: encodeURIComponent(email),
    shortCode: 'walk1234',
    communityId: missing,
    negotiationId: missing,
  };
}

const fill = (path: string, ids: Record<string, string>) => path.replace(/\{(\w+)\}/g, (_all, name: string) => ids[name] ?? 'walk-missing-id');

type Outcome = { kind: 'page' } | { kind: 'at'; pathname: string } | { kind: 'home' } | { kind: 'falls-through' };

/** What a route must show; `problem` says what it showed instead, or null. */
function problem(entry: RouteEntry, outcome: Outcome, landing: Landing, home: 'marketing' | 'special'): string | null {
  const atHome = landing.pathname === '/' && (home === 'marketing' ? landing.marketing : landing.heading === SPECIAL_HOME_HEADING);
  const seen = `${landing.pathname} (h1 ${JSON.stringify(landing.heading)}${landing.errorPage ? ', error page' : ''})`;
  switch (outcome.kind) {
    case 'falls-through':
      return atHome ? null : `is pending (${entry.pending}) but renders a page: ${seen}; remove its pending mark from route-table.json`;
    case 'home':
      return atHome ? null : `should show the home page, showed ${seen}`;
    case 'at':
      return landing.pathname === outcome.pathname && (landing.heading || landing.content) && !landing.errorPage ? null : `should lead to ${outcome.pathname}, showed ${seen}`;
    case 'page':
      if (atHome) return `falls through to the home page`;
      return (landing.heading || landing.content) && !landing.errorPage ? null : `renders no page: ${seen}`;
  }
}

async function walk(page: Page, entries: RouteEntry[], ids: Record<string, string>, expected: (entry: RouteEntry) => Outcome, home: 'marketing' | 'special' = 'marketing') {
  const failures: string[] = [];
  for (const entry of entries) {
    const landing = await visit(page, fill(entry.path, ids));
    const found = problem(entry, expected(entry), landing, home);
    if (found) failures.push(`${entry.route}: ${found}`);
  }
  return failures;
}

const isPublic = (entry: RouteEntry) => entry.audience === 'public';

describe('the route table of spec 000 §2.1, walked in the browser (issue 28 item 7)', () => {
  it(
    'signed out: public routes render, the others ask to log in, pending ones fall through',
    async () => {
      const { page } = await browser.open();
      await page.goto('/');
      await page.getByRole('heading', { level: 1, name: MARKETING_HOME.heading }).waitFor();
      const ids = { email: encodeURIComponent('walker@example.com'), shortCode: 'walk1234' };
      const failures = await walk(page, table, ids, (entry) => {
        if (entry.pending) return { kind: 'falls-through' };
        if (entry.route === '/') return { kind: 'home' };
        if (entry.route === '/reset-password' || entry.route === '/logout') return { kind: 'at', pathname: '/login' };
        return isPublic(entry) ? { kind: 'page' } : { kind: 'at', pathname: '/login' };
      });
      expect(failures).toEqual([]);
    },
    WALK_TIMEOUT,
  );

  it(
    'as the demo manager: every route renders a page (or goes where the spec sends a signed-in user), pending ones fall through',
    async () => {
      const { page } = await browser.open();
      const { email, password } = demoAccount();
      const ids = await idsOf(email, password);
      await logIn(page, email, password);
      await page.waitForURL(/\/property-manager\//);
      const failures = await walk(
        page,
        table.filter((entry) => entry.route !== '/logout'),
        ids,
        (entry) => {
          if (entry.pending) return { kind: 'falls-through' };
          if (entry.route === '/' || SIGNED_IN_GO_HOME.has(entry.route)) return { kind: 'home' };
          // The resident portal is the residents' (spec 000 §2.2: elsewhere, the property dashboard).
          if (entry.audience === 'resident') return { kind: 'at', pathname: '/property-manager/dashboard' };
          return { kind: 'page' };
        },
      );
      // Logging out last: it ends the session the walk reused.
      failures.push(...(await walk(page, table.filter((entry) => entry.route === '/logout'), ids, () => ({ kind: 'at', pathname: '/login' }))));
      expect(failures).toEqual([]);
    },
    WALK_TIMEOUT,
  );

  it(
    'as the demo resident: every route renders a page, the resident portal included, pending ones fall through',
    async () => {
      const { page } = await browser.open();
      const email = 'jasmine.howard@example.com';
      const { password } = demoAccount();
      const ids = await idsOf(email, password);
      await logIn(page, email, password);
      await page.waitForURL((url) => url.pathname !== '/login');
      const failures = await walk(
        page,
        table.filter((entry) => entry.route !== '/logout'),
        ids,
        (entry) => {
          if (entry.pending) return { kind: 'falls-through' };
          if (entry.route === '/' || SIGNED_IN_GO_HOME.has(entry.route)) return { kind: 'home' };
          return { kind: 'page' };
        },
      );
      expect(failures).toEqual([]);
    },
    WALK_TIMEOUT,
  );

  it(
    'on the special host: its own home, its reduced public routes (the others go home), login for the rest; signed in, the document list is the dashboard',
    async () => {
      const { page } = await browser.open();
      const base = new URL(e2eBaseUrl());
      const special = `${base.protocol}//${SPECIAL_HOST_PREFIX}localhost:${base.port}`;
      await page.goto(`${special}/`);
      await page.getByRole('heading', { level: 1, name: SPECIAL_HOME_HEADING }).waitFor();
      // Its header leads nowhere the host does not serve.
      expect(await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link').count()).toBe(0);
      const failures = await walk(
        page,
        table,
        { email: encodeURIComponent('walker@example.com'), shortCode: 'walk1234' },
        (entry) => {
          if (entry.pending) return { kind: 'falls-through' };
          if (entry.route === '/') return { kind: 'home' };
          if (isPublic(entry) && !entry.specialHost) return { kind: 'home' };
          if (entry.route === '/reset-password' || entry.route === '/logout') return { kind: 'at', pathname: '/login' };
          return isPublic(entry) ? { kind: 'page' } : { kind: 'at', pathname: '/login' };
        },
        'special',
      );
      expect(failures).toEqual([]);

      // Signed in there, a path not allowed goes to the document list, and Property Overview leads to it.
      const { email, password } = demoAccount();
      await page.goto(`${special}/login`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await page.waitForURL((url) => url.pathname !== '/login');
      const resident = await visit(page, '/resident/dashboard');
      expect([resident.pathname, resident.heading]).toEqual(['/documents', 'Documents']);
      const overview = await visit(page, '/about-us');
      expect(overview.pathname).toBe('/');
      expect(await page.getByRole('link', { name: 'Property Overview' }).first().getAttribute('href')).toBe('/documents');
    },
    WALK_TIMEOUT,
  );
});
