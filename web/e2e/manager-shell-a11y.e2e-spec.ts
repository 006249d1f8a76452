import { demoAccount } from '@pm/testing';
import type { Page } from 'playwright-core';
import { Navigate, type RouteObject } from 'react-router';
import { propertyManagerAccountRoutes } from '../src/features/account/routes.js';
import { accountTabs } from '../src/features/account/AccountSettingsPage.js';
import { propertyManagerRoute } from '../src/app/pm-shell/routes.js';
import { expectAccessiblePage, expectNoHorizontalOverflowAtSupportedWidths, expectNoSeriousAxeViolations, settledAfter } from './support/page-checks.js';
import { logIn } from './support/steps.js';
import { useBrowser } from './support/journey.js';

const browser = useBrowser();

/**
 * Every page of the manager shell, read from the route table the app runs (the manager routes and the account
 * routes mounted beside them), so a page added later is checked without editing this journey. Redirect-only routes
 * are left out: they show the page they lead to.
 */
function managerRoutePatterns(): string[] {
  const patterns: string[] = [];
  const walk = (routes: readonly RouteObject[], prefix: string) => {
    for (const route of routes) {
      const path = route.index ? prefix : route.path ? `${prefix}/${route.path}` : prefix;
      const redirects = route.element != null && typeof route.element === 'object' && 'type' in route.element && route.element.type === Navigate;
      if (!redirects && (route.Component || route.element || route.lazy)) patterns.push(path);
      if (route.children) walk(route.children, path);
    }
  };
  walk([{ ...propertyManagerRoute, lazy: undefined }], '');
  walk(propertyManagerAccountRoutes, '/property-manager');
  return [...new Set(patterns)];
}

/** The demo portfolio's records a parameterised route is shown with: the 40-unit complex and what is in it. */
interface DemoRecords {
  locationId: string;
  buildingId: string;
  unitId: string;
  tenantId: string;
  /** A message session of the location (the inbox's thread, inbox/{id}). */
  sessionId: string;
  /** A contact of the location (contacts/{id}): the demo's owners association or appliance repair. */
  contactId: string;
  /** A conversation of the location (conversations/{id}): the demo's vendor or group conversation. */
  conversationId: string;
  /** A vault folder of the location (operations-hub/vault/folder/{id}) and a document in it (documents/{id}). */
  folderId: string;
  documentId: string;
}

/** The concrete pages of one route pattern; a parameter this journey does not know fails it, so none is skipped. */
function pagesOf(pattern: string, records: DemoRecords): string[] {
  const byCollection: Record<string, string> = {
    'property-locations': records.locationId,
    buildings: records.buildingId,
    units: records.unitId,
    tenants: records.tenantId,
    inbox: records.sessionId,
    // spec 000 §2.1's messages/{messageId} shows the inbox's thread.
    messages: records.sessionId,
    contacts: records.contactId,
    conversations: records.conversationId,
    folder: records.folderId,
    documents: records.documentId,
  };
  const segments = pattern.split('/');
  let pages = [''];
  segments.slice(1).forEach((segment, index) => {
    if (segment === ':tab' && segments[index] === 'account') {
      pages = pages.flatMap((page) => accountTabs.map((tab) => `${page}/${tab.key}`));
    } else if (segment.startsWith(':')) {
      const value = byCollection[segments[index] ?? ''];
      if (!value) throw new Error(`the journey does not know which record to show for ${segment} in ${pattern}`);
      pages = pages.map((page) => `${page}/${encodeURIComponent(value)}`);
    } else {
      pages = pages.map((page) => `${page}/${segment}`);
    }
  });
  return pages;
}

/**
 * Opens a page inside the running app, as its own links do (history push + popstate, which the router follows), and
 * waits until its data is in (no request in flight but event streams, no spinner). A reload per page would evaluate
 * the whole app and restore the session again each time: most of this journey's time, for nothing it checks.
 */
async function openPage(page: Page, path: string): Promise<void> {
  await settledAfter(page, () =>
    page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    }, path),
  );
  await page.locator('main').waitFor();
  await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached' }).catch(() => undefined);
  await settledAfter(page);
}

/** The id in the first link of the page that leads to `collection/{id}`. */
async function firstLinkedId(page: Page, collection: string): Promise<string> {
  const link = page.locator(`main a[href*="/property-manager/${collection}/"]`).first();
  await link.waitFor();
  const href = (await link.getAttribute('href')) ?? '';
  const id = new RegExp(`/property-manager/${collection}/([^/?#]+)`).exec(href)?.[1];
  if (!id) throw new Error(`no ${collection} link on ${page.url()}`);
  return decodeURIComponent(id);
}

/** Finds the demo records through the app itself, as a manager would click to them. */
async function demoRecords(page: Page): Promise<DemoRecords> {
  await openPage(page, '/property-manager/property-locations');
  await page.getByRole('link', { name: 'Harbor View Apartments' }).click();
  await page.waitForURL(/\/property-locations\/[^/]+$/);
  const locationId = decodeURIComponent(/\/property-locations\/([^/?#]+)/.exec(page.url())?.[1] ?? '');
  await openPage(page, `/property-manager/property-locations/${locationId}/buildings`);
  const buildingId = await firstLinkedId(page, 'buildings');
  await openPage(page, `/property-manager/buildings/${buildingId}/units`);
  const unitId = await firstLinkedId(page, 'units');
  await openPage(page, `/property-manager/property-locations/${locationId}/tenants`);
  const tenantId = await firstLinkedId(page, 'tenants');
  // The inbox lists the location's conversations (the demo's, and any a journey before this one made).
  await openPage(page, '/property-manager/inbox');
  const sessionId = await firstLinkedId(page, 'inbox');
  // The demo's contacts at Harbor View (the page also links to contacts/create).
  await openPage(page, '/property-manager/contacts');
  const contactLink = page.locator('main a[href*="/property-manager/contacts/"]:not([href$="/create"])').first();
  await contactLink.waitFor();
  const contactId = decodeURIComponent(/\/property-manager\/contacts\/([^/?#]+)/.exec((await contactLink.getAttribute('href')) ?? '')?.[1] ?? '');
  // The demo's vendor and group conversations at Harbor View.
  await openPage(page, '/property-manager/conversations');
  const conversationId = await firstLinkedId(page, 'conversations');
  // The demo's vault folders ("Leases", "Inspections") and a document filed in one (rows are keyed by document id).
  await openPage(page, '/property-manager/operations-hub/vault');
  const folderId = await firstLinkedId(page, 'operations-hub/vault/folder');
  await openPage(page, `/property-manager/operations-hub/vault/folder/${folderId}`);
  const row = page.getByRole('table', { name: 'Vault documents' }).locator('tr[data-row-key]').first();
  await row.waitFor();
  const documentId = (await row.getAttribute('data-row-key')) ?? '';
  return { locationId, buildingId, unitId, tenantId, sessionId, contactId, conversationId, folderId, documentId };
}

/**
 * Runs a check and keeps its failure, so one run reports every page's findings rather than the first page's only;
 * the journey fails at the end with all of them.
 */
async function collect(failures: string[], check: () => Promise<void>): Promise<void> {
  try {
    await check();
  } catch (error) {
    failures.push(error instanceof Error ? error.message : String(error));
  }
}

/** The page's own buttons that open a dialog: adding, inviting, editing what the page shows (a table row's are left out). */
const dialogButton = /^(Add|Invite)\b|^Edit( Tenant)?$/;

describe('the manager shell is accessible and fits every supported width (issue 9 journey)', () => {
  it('has no critical or serious axe-core violation, one h1 and headings in order, and no horizontal overflow on any page or main dialog', async () => {
    const { page } = await browser.open();
    const { email, password } = demoAccount();
    await page.setViewportSize({ width: 1440, height: 900 });
    await logIn(page, email, password);
    await page.waitForURL(/\/property-manager\//);

    const patterns = managerRoutePatterns();
    // The route table is what is walked: guard against it silently shrinking to nothing.
    expect(patterns).toEqual(expect.arrayContaining(['/property-manager/dashboard', '/property-manager/property-locations/:id/tenants', '/property-manager/account/:tab']));

    const records = await demoRecords(page);
    const pages = patterns.flatMap((pattern) => pagesOf(pattern, records));
    const failures: string[] = [];
    for (const path of pages) {
      await openPage(page, path);
      await collect(failures, () => expectAccessiblePage(page, path));
      await collect(failures, () => expectNoHorizontalOverflowAtSupportedWidths(page, path));

      // A page that opens its dialog on arrival (invite-member opens Add Property Partner) was checked with it open
      // above; it is closed so that the page's own buttons can be reached.
      const onArrival = page.getByRole('dialog').last();
      if (await onArrival.isVisible()) {
        await page.keyboard.press('Escape');
        await onArrival.waitFor({ state: 'hidden' });
      }

      const openers = await page.locator('main button.ant-btn:not(.ant-table button)').filter({ hasText: dialogButton }).all();
      for (const opener of openers) {
        if (!(await opener.isVisible())) continue;
        const name = (await opener.textContent())?.trim() ?? '';
        // A form's own "Add email" / "Add phone" adds a row to the form in place: no dialog, no other page.
        const inForm = await opener.evaluate((element) => element.closest('form') !== null);
        await settledAfter(page, () => opener.click());
        const dialog = page.getByRole('dialog').last();
        const opened = await dialog.waitFor({ timeout: 5_000 }).then(() => true, () => false);
        if (!opened && inForm && new URL(page.url()).pathname === path) continue;
        if (!opened) {
          // A button that leads to another page (the checklist's steps): that page is checked on its own.
          expect({ button: name, on: path, navigated: new URL(page.url()).pathname !== path }).toEqual({ button: name, on: path, navigated: true });
          await openPage(page, path);
          continue;
        }
        // antd animates the dialog in; axe measures the colours of what is on screen.
        await page.waitForTimeout(400);
        await collect(failures, () => expectNoSeriousAxeViolations(page, `${path} (dialog opened by "${name}")`));
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });
      }
    }

    expect(failures).toEqual([]);

    // A 768 px tablet: the sidebar starts as the 60 px strip, and the inbox's list and thread leave no empty column
    // (side by side they fill the row; stacked, each spans it).
    await page.setViewportSize({ width: 768, height: 1024 });
    await openPage(page, `/property-manager/inbox/${records.sessionId}`);
    expect(Math.round((await page.locator('.ant-layout-sider').boundingBox())!.width)).toBe(60);
    const list = (await page.getByRole('navigation', { name: 'Conversations' }).boundingBox())!;
    const thread = (await page.getByRole('region', { name: 'Thread' }).boundingBox())!;
    const row = (await page.getByRole('navigation', { name: 'Conversations' }).locator('..').boundingBox())!;
    const sideBySide = Math.abs(list.y - thread.y) < 1;
    expect({ sideBySide, filled: Math.round(sideBySide ? list.width + thread.width : list.width) }).toEqual({ sideBySide, filled: Math.round(row.width) });

    // The sidebar on a phone: it opens as a menu that leads to the pages, rather than an empty strip.
    await page.setViewportSize({ width: 390, height: 844 });
    await openPage(page, '/property-manager/dashboard');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Property manager' }).getByRole('link', { name: 'Tenants' }).click();
    await page.waitForURL(/\/property-manager\/tenants$/);
    await page.getByRole('link', { name: 'Maria Gonzalez', exact: true }).waitFor();
    // The table is wider than a phone: it scrolls inside its card, and its rows' links keep that region reachable by keyboard.
    await expectNoSeriousAxeViolations(page, 'tenants, reached from the phone menu');
    await expectNoHorizontalOverflowAtSupportedWidths(page, 'tenants, reached from the phone menu');
    // About thirty pages, each measured at four widths, and their dialogs.
  }, 600_000);
});
