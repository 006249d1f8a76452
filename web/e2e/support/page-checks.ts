import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page, Request } from 'playwright-core';

/**
 * Checks every journey can run on whatever page it has reached: accessibility (axe-core, injected from the installed
 * package, never fetched) and layout (no horizontal overflow at the widths the product supports).
 */

/** The widths the layout must hold at: a phone, the spec's 768/1024/1440 breakpoints. */
export const supportedWidths = [390, 768, 1024, 1440] as const;

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/**
 * The document outline's rules: no h1, or a heading that skips a level below the one before it. axe files both under
 * best practice (impact moderate), so the WCAG tags leave them out; every impact counts for them, because a screen
 * reader user moves through a page by its headings.
 */
const outlineRules = ['page-has-heading-one', 'heading-order'];

/** A modal dialog: antd's Modal marks its panel so, as any dialog that traps the user should. */
const openModalSelector = '[aria-modal="true"]';

export interface PageAxeFindings {
  /** The critical and serious violations of the WCAG 2.1 A and AA rules. */
  serious: AxeFinding[];
  /** The outline rules' violations, whatever their impact. */
  outline: AxeFinding[];
}

/**
 * Both kinds of finding from one axe run (the WCAG tags, plus the outline rules enabled beside them): on an antd page
 * a run takes seconds on a loaded machine, and the journeys check every page.
 */
export async function pageAxeFindings(page: Page): Promise<PageAxeFindings> {
  const rules = Object.fromEntries(outlineRules.map((rule) => [rule, { enabled: true }]));
  const violations = await axeViolations(page, { runOnly: { type: 'tag', values: wcagTags }, rules, resultTypes: ['violations'] });
  return {
    serious: violations.filter((violation) => !outlineRules.includes(violation.id) && (violation.impact === 'critical' || violation.impact === 'serious')),
    outline: violations.filter((violation) => outlineRules.includes(violation.id)),
  };
}

/**
 * The critical and serious axe-core violations of the page as it is now (WCAG 2.1 A and AA rules). While a modal dialog
 * is open, its dialog is what is checked: the page behind it sits under the mask, out of reach of keyboard and pointer,
 * and axe would measure that page's text against the darkened mask and report contrast no one reads.
 */
export async function seriousAxeViolations(page: Page): Promise<AxeFinding[]> {
  const violations = await axeViolations(page, { runOnly: { type: 'tag', values: wcagTags }, resultTypes: ['violations'] }, openModalSelector);
  return violations.filter((violation) => violation.impact === 'critical' || violation.impact === 'serious');
}

/**
 * Runs axe-core on the page once its finite animations have ended (a drawer sliding in or a fade: axe measures colours
 * mid-motion, half transparent, and reports contrast the user never sees), with `options` (axe.run's), each violation
 * with its first elements. Endless ones (spinners, typing dots) are not waited for.
 */
async function axeViolations(page: Page, options: object, scope?: string): Promise<AxeFinding[]> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity),
  );
  const loaded = await page.evaluate(() => 'axe' in window);
  // Evaluated through the DevTools protocol rather than added as an inline <script>: the app's Content-Security-Policy
  // (script-src 'self') refuses inline scripts, as it should.
  if (!loaded) await page.evaluate(axeSource);
  return page.evaluate(async ({ runOptions, scope }) => {
    const axe = (window as unknown as { axe: { run: (context: Document | Element[], options: object) => Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }> }> } }).axe;
    // The scope's visible elements (a closed antd modal stays in the DOM, hidden); none visible, the whole document.
    const scoped = scope ? Array.from(document.querySelectorAll(scope)).filter((element) => element.getClientRects().length > 0) : [];
    const result = await axe.run(scoped.length > 0 ? scoped : document, runOptions);
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.map(String).join(' ')),
    }));
  }, { runOptions: options, scope });
}

/**
 * Fails with the page's serious WCAG findings and its outline's findings (as expectNoSeriousAxeViolations does), the
 * outline's with the headings the page has, which tell what to change faster than the rule's name does.
 */
export async function expectAccessiblePage(page: Page, where = page.url()): Promise<void> {
  const { serious, outline: findings } = await pageAxeFindings(page);
  const outline = findings.length === 0 ? [] : await page.evaluate(() => Array.from(document.querySelectorAll('h1, h2, h3, h4, h5, h6, [role="heading"]')).map((heading) => `${heading.getAttribute('aria-level') ?? heading.tagName.slice(1)} ${heading.textContent?.trim().slice(0, 60) ?? ''}`));
  expect({ where, findings: serious, outline: { findings, outline } }).toEqual({ where, findings: [], outline: { findings: [], outline: [] } });
}

/** Fails with the list of findings (rule, impact, the first elements) so a red run says what to fix. */
export async function expectNoSeriousAxeViolations(page: Page, where = page.url()): Promise<void> {
  const findings = await seriousAxeViolations(page);
  expect({ where, findings }).toEqual({ where, findings: [] });
}

/** Elements wider than the viewport, or a document that scrolls sideways, at the page's current width. */
export async function horizontalOverflow(page: Page): Promise<{ documentWidth: number; viewportWidth: number; offenders: string[] }> {
  return page.evaluate(() => {
    const viewportWidth = document.documentElement.clientWidth;
    const documentWidth = document.documentElement.scrollWidth;
    const offenders: string[] = [];
    if (documentWidth > viewportWidth) {
      for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.right <= viewportWidth + 1) continue;
        // Report the outermost offender only: its children overflow because it does.
        if (element.parentElement && element.parentElement.getBoundingClientRect().right > viewportWidth + 1) continue;
        const name = element.tagName.toLowerCase() + (element.id ? `#${element.id}` : '') + (element.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).slice(0, 3).join('.')}` : '');
        offenders.push(`${name} (right edge ${Math.round(box.right)} px)`);
        if (offenders.length >= 5) break;
      }
    }
    return { documentWidth, viewportWidth, offenders };
  });
}

/** Checks the page at each supported width (it is resized in place; content that loads lazily has had its chance). */
export async function expectNoHorizontalOverflowAtSupportedWidths(page: Page, where = page.url()): Promise<void> {
  const original = page.viewportSize();
  const failures: Array<{ width: number; documentWidth: number; offenders: string[] }> = [];
  for (const width of supportedWidths) {
    await page.setViewportSize({ width, height: 900 });
    // Let layout and resize observers settle before measuring. A horizontal menu folds its sections into "more" only
    // after its resize observer has fired and it has rendered again, which two frames do not always cover on a loaded
    // machine: an overflow counts when it is still there after RESIZE_SETTLE_MS.
    const settleUntil = Date.now() + RESIZE_SETTLE_MS;
    let found = await measuredAfterFrames(page);
    while (found.documentWidth > found.viewportWidth && Date.now() < settleUntil) found = await measuredAfterFrames(page);
    if (found.documentWidth > found.viewportWidth) failures.push({ width, documentWidth: found.documentWidth, offenders: found.offenders });
  }
  if (original) await page.setViewportSize(original);
  expect({ where, failures }).toEqual({ where, failures: [] });
}

/** How long a page may take to fit a new width (see expectNoHorizontalOverflowAtSupportedWidths). */
const RESIZE_SETTLE_MS = 2_000;

async function measuredAfterFrames(page: Page): ReturnType<typeof horizontalOverflow> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return horizontalOverflow(page);
}

const QUIET_MS = 500;

/**
 * Runs `action` (a navigation, a click) and waits until the data it asked for is in: no request in flight for
 * `QUIET_MS`, event streams aside. Playwright's `networkidle` counts an open server-sent event stream (the chats',
 * the inbox's) as a request that never ends, so a page that follows a stream would never be idle. Requests are watched
 * from before the action, so none it starts is missed.
 */
export async function settledAfter(page: Page, action: () => Promise<unknown> = async () => undefined, timeoutMs = 15_000): Promise<void> {
  const pending = new Set<Request>();
  const isStream = (request: Request) => (request.headers()['accept'] ?? '').includes('text/event-stream');
  const started = (request: Request) => {
    if (!isStream(request)) pending.add(request);
  };
  const ended = (request: Request) => pending.delete(request);
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    await action();
    const deadline = Date.now() + timeoutMs;
    let quietSince = Date.now();
    while (Date.now() - quietSince < QUIET_MS) {
      if (Date.now() > deadline) throw new Error(`Requests still in flight after ${timeoutMs} ms: ${[...pending].map((request) => request.url()).join(', ')}`);
      await page.waitForTimeout(50);
      if (pending.size > 0) quietSince = Date.now();
    }
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}
