/**
 * Web benchmark (`npm run bench:web`): starts the whole platform in its e2e profile (the production build of the web app
 * served by the BFF, as `npm start` does), then drives headless Chromium over loopback and prints, per route:
 *   - the JavaScript the route loads: its files, raw, gzipped (each file at gzip level 6) and as transferred (the bytes
 *     on the wire: the BFF sends the build's brotli copies to Chromium),
 *   - Largest Contentful Paint, median and worst of WEB_BENCH_RUNS cold loads (nothing from the HTTP cache: a fresh
 *     browser profile for signed-out routes; for signed-in routes the demo account's profile with its cache emptied).
 * The baseline, measured in the same run by the same browser: LCP of a static page (one heading and a paragraph) served
 * by a bare Node HTTP server on loopback, the floor any page stands on here. Then the four figures with targets: the
 * landing page's and the signed-in shell's (the dashboard of the demo account) JavaScript gzipped and LCP median.
 * Nothing is asserted: the figures go in docs/benchmarks.md.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { startE2ePlatform, stopE2ePlatform } from '@pm/infra';
import { launchBrowser } from '@pm/testing';

const RUNS = Number(process.env['WEB_BENCH_RUNS'] ?? 5);
/** Only the routes whose name contains this (all when unset): for a quick look at one route while working on it. */
const ONLY = process.env['WEB_BENCH_ONLY'];
const DEMO_EMAIL = 'demo@pm.local';

interface RouteTarget {
  name: string;
  path: string;
  signedIn: boolean;
  /** What must be on screen before the load counts as done (LCP is read after it, and after the network settles). */
  ready: (page: Page) => Promise<unknown>;
}

interface RouteFigures {
  jsFiles: number;
  jsRawKb: number;
  jsGzipKb: number;
  jsTransferredKb: number;
  lcpMs: number[];
}

/** The targets of the landing page (/) and of the signed-in shell (the dashboard), JavaScript gzipped and LCP median. */
const TARGETS = [
  { name: 'landing page', route: '/ (home)', jsGzipKb: 200, lcpMs: 1000 },
  { name: 'signed-in shell', route: '/property-manager/dashboard (demo account)', jsGzipKb: 450, lcpMs: 1500 },
] as const;

const targets: RouteTarget[] = [
  { name: '/ (home)', path: '/', signedIn: false, ready: (page) => page.locator('h1').first().waitFor() },
  { name: '/login', path: '/login', signedIn: false, ready: (page) => page.getByRole('button', { name: 'Log in', exact: true }).waitFor() },
  { name: '/pricing', path: '/pricing', signedIn: false, ready: (page) => page.locator('h1').first().waitFor() },
  {
    name: '/property-manager/dashboard (demo account)',
    path: '/property-manager/dashboard',
    signedIn: true,
    ready: (page) => page.locator('.ant-card', { hasText: 'Upcoming Lease Renewals' }).locator('.ant-table-row').first().waitFor(),
  },
  {
    name: '/property-manager/property-locations (demo account)',
    path: '/property-manager/property-locations',
    signedIn: true,
    ready: (page) => page.getByRole('link', { name: 'Harbor View Apartments' }).waitFor(),
  },
];

const baselineHtml = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Baseline</title></head>
<body><h1>Baseline page</h1><p>A static heading and paragraph from a bare Node HTTP server: the floor of LCP on this machine.</p></body></html>`;

const platform = await startE2ePlatform();
const baseline = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(baselineHtml);
});
await new Promise<void>((resolve) => baseline.listen(0, '127.0.0.1', resolve));
const browser = await launchBrowser();
try {
  const baselineUrl = `http://127.0.0.1:${(baseline.address() as AddressInfo).port}/`;
  const baselineLcp: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    baselineLcp.push((await coldLoad(browser, baselineUrl, (page) => page.locator('h1').waitFor())).lcpMs);
  }

  // Signed-in loads share one signed-in profile (the refresh cookie rotates on every use and sign-in is rate limited
  // per address, so neither a saved cookie nor a sign-in per load works); its HTTP cache is cleared before each load.
  const signedIn = await signedInContext(browser);
  const rows: Array<[string, RouteFigures]> = [];
  for (const target of targets.filter(({ name }) => ONLY === undefined || name.includes(ONLY))) {
    const figures: RouteFigures = { jsFiles: 0, jsRawKb: 0, jsGzipKb: 0, jsTransferredKb: 0, lcpMs: [] };
    for (let run = 0; run < RUNS; run++) {
      const url = platform.baseUrl + target.path;
      const load = target.signedIn ? await measureLoad(signedIn, url, target.ready) : await coldLoad(browser, url, target.ready);
      Object.assign(figures, { jsFiles: load.jsFiles, jsRawKb: load.jsRawKb, jsGzipKb: load.jsGzipKb, jsTransferredKb: load.jsTransferredKb });
      figures.lcpMs.push(load.lcpMs);
    }
    rows.push([target.name, figures]);
  }

  const baseMedian = median(baselineLcp);
  const table = [
    `| route | JS files | JS kB raw | JS kB gzipped | JS kB transferred | LCP median ms | LCP worst ms | × baseline LCP |`,
    `|---|--:|--:|--:|--:|--:|--:|--:|`,
    `| static page from a bare Node server (baseline) | 0 | 0 | 0 | 0 | ${baseMedian.toFixed(0)} | ${Math.max(...baselineLcp).toFixed(0)} | 1.0 |`,
    ...rows.map(
      ([name, f]) =>
        `| \`${name}\` | ${f.jsFiles} | ${f.jsRawKb.toFixed(1)} | ${f.jsGzipKb.toFixed(1)} | ${f.jsTransferredKb.toFixed(1)} | ${median(f.lcpMs).toFixed(0)} | ${Math.max(...f.lcpMs).toFixed(0)} | ${(median(f.lcpMs) / baseMedian).toFixed(1)} |`,
    ),
  ];
  const byName = new Map(rows);
  const targetTable = [
    `| figure | measured | target | |`,
    `|---|--:|--:|---|`,
    ...TARGETS.flatMap((target) => {
      const f = byName.get(target.route);
      if (!f) return [];
      const lcp = median(f.lcpMs);
      return [
        `| ${target.name}: JS kB gzipped | ${f.jsGzipKb.toFixed(1)} | ≤ ${target.jsGzipKb} | ${f.jsGzipKb <= target.jsGzipKb ? 'met' : 'not met'} |`,
        `| ${target.name}: LCP median ms | ${lcp.toFixed(0)} | ≤ ${target.lcpMs} | ${lcp <= target.lcpMs ? 'met' : 'not met'} |`,
      ];
    }),
  ];
  // One more load of the signed-in shell, traced: what its LCP waits for.
  const shell = targets.find(({ name }) => name === TARGETS[1].route)!;
  const traced = byName.has(shell.name) ? (await measureLoad(signedIn, platform.baseUrl + shell.path, shell.ready, true)).trace! : [];
  process.stdout.write(
    `\nweb figures: production build served by the BFF, headless Chromium on loopback, ${RUNS} cold loads per route\n\n${table.join('\n')}\n` +
      `\nthe landing page (/) and the signed-in shell (/property-manager/dashboard) against their targets\n\n${targetTable.join('\n')}\n` +
      (traced.length
        ? `\nthe signed-in shell, one more cold load traced (ms from navigation start: requests, LCP candidates, main-thread tasks over 50 ms)\n\n${traced.join('\n')}\n`
        : ''),
  );
} finally {
  await browser.close();
  baseline.close();
  await stopE2ePlatform(platform);
}

/** A browser profile signed in to the demo account through the login form, at the benchmark's viewport. */
async function signedInContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: platform.baseUrl, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(platform.demoPassword);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL(/\/property-manager\//, { timeout: 30_000 });
  await page.close();
  return context;
}

/** One load in a fresh profile (nothing cached, no session). */
async function coldLoad(browser: Browser, url: string, ready: (page: Page) => Promise<unknown>): Promise<LoadFigures> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    return await measureLoad(context, url, ready);
  } finally {
    await context.close();
  }
}

interface LoadFigures {
  jsFiles: number;
  jsRawKb: number;
  jsGzipKb: number;
  jsTransferredKb: number;
  lcpMs: number;
  /** With `trace`: the load's requests, LCP candidates and long tasks, in ms from navigation start. */
  trace?: string[];
}

/** One load in a new tab of the profile with its HTTP cache emptied: the JS it fetched and its LCP once ready and quiet. */
async function measureLoad(context: BrowserContext, url: string, ready: (page: Page) => Promise<unknown>, trace = false): Promise<LoadFigures> {
  const page = await context.newPage();
  try {
    const requests: Request[] = [];
    if (trace) {
      page.on('requestfinished', (request) => requests.push(request));
      // Main-thread tasks over 50 ms, from the first script on (the observer is not buffered for them).
      await page.addInitScript(() => {
        const tasks: Array<[number, number]> = [];
        (window as unknown as { __longTasks: typeof tasks }).__longTasks = tasks;
        new PerformanceObserver((list) => list.getEntries().forEach((entry) => tasks.push([entry.startTime, entry.duration]))).observe({ type: 'longtask' });
      });
    }
    page.setDefaultTimeout(30_000);
    const devtools = await context.newCDPSession(page);
    await devtools.send('Network.clearBrowserCache');
    // Each script's body (decoded) and the bytes of its body on the wire (encoded: what the BFF's compression saved).
    const scripts: Array<Promise<{ body: Buffer; transferred: number }>> = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      scripts.push(
        (async () => {
          const response = await request.response();
          const body = (await response?.body().catch(() => undefined)) ?? Buffer.alloc(0);
          const { responseBodySize } = await request.sizes();
          return { body, transferred: responseBodySize };
        })(),
      );
    });
    const quiet = networkQuiet(page);
    await page.goto(url);
    await ready(page).catch((error: unknown) => {
      throw new Error(`${url} was not ready (the page is at ${page.url()}): ${String(error)}`);
    });
    await quiet();
    const lcpMs = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            resolve(entries[entries.length - 1]!.startTime);
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          // A page with no LCP candidate (nothing painted) would never call back.
          setTimeout(() => resolve(Number.NaN), 2_000);
        }),
    );
    const loaded = await Promise.all(scripts);
    const traced = trace ? await traceOf(page, requests) : undefined;
    return {
      trace: traced,
      jsFiles: loaded.length,
      jsRawKb: loaded.reduce((sum, { body }) => sum + body.length, 0) / 1024,
      jsGzipKb: loaded.reduce((sum, { body }) => sum + gzipSync(body, { level: 6 }).length, 0) / 1024,
      jsTransferredKb: loaded.reduce((sum, { transferred }) => sum + transferred, 0) / 1024,
      lcpMs,
    };
  } finally {
    await page.close();
  }
}

/**
 * The load as a waterfall: each request (start and end in ms from navigation start, type, path), the LCP candidates
 * (time, element, size) and the main thread's long tasks, sorted by time.
 */
async function traceOf(page: Page, requests: Request[]): Promise<string[]> {
  const { origin, candidates, longTasks } = await page.evaluate(
    () =>
      new Promise<{ origin: number; candidates: Array<[number, string, number]>; longTasks: Array<[number, number]> }>((resolve) => {
        new PerformanceObserver((list) => {
          const describe = (element: Element | null) =>
            element ? `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(' ').join('.')}` : ''} "${(element.textContent ?? '').slice(0, 40)}"` : '(removed)';
          resolve({
            origin: performance.timeOrigin,
            candidates: (list.getEntries() as Array<PerformanceEntry & { element: Element | null; size: number }>).map((entry) => [entry.startTime, describe(entry.element), entry.size]),
            longTasks: (window as unknown as { __longTasks: Array<[number, number]> }).__longTasks,
          });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  const lines: Array<[number, string]> = [];
  for (const request of requests) {
    const timing = request.timing();
    const start = timing.startTime - origin;
    const end = start + timing.responseEnd;
    lines.push([start, `${start.toFixed(0).padStart(6)} → ${end.toFixed(0).padStart(6)} ms  ${request.resourceType().padEnd(10)} ${request.method()} ${new URL(request.url()).pathname}`]);
  }
  for (const [time, element, size] of candidates) lines.push([time, `${time.toFixed(0).padStart(6)}           LCP candidate ${element} (${size} px²)`]);
  for (const [time, duration] of longTasks) lines.push([time, `${time.toFixed(0).padStart(6)} → ${(time + duration).toFixed(0).padStart(6)} ms  long task`]);
  return lines.sort((a, b) => a[0] - b[0]).map(([, line]) => line);
}

/**
 * Resolves once no request of the page has been in flight for 500 ms (Playwright's `networkidle`), not counting event
 * streams: a signed-in page holds one open for as long as it is shown, and would never be idle.
 */
function networkQuiet(page: Page): () => Promise<void> {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  const settle = (request: Request) => {
    if (inFlight.delete(request)) lastChange = Date.now();
  };
  page.on('request', (request) => {
    inFlight.add(request);
    lastChange = Date.now();
  });
  page.on('response', (response) => {
    if (response.headers()['content-type']?.startsWith('text/event-stream')) settle(response.request());
  });
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  return async () => {
    const deadline = Date.now() + 30_000;
    while (inFlight.size > 0 || Date.now() - lastChange < 500) {
      if (Date.now() > deadline) throw new Error(`the page never went quiet: ${[...inFlight].map((request) => request.url()).join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
