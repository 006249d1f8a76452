/**
 * What of an app's output reaches the terminal of `npm start`. Every line goes to the app's log file
 * (`<data>/logs/<app>.log`); the console gets one short human line for what matters: warnings and errors, slow
 * requests and failed ones (5xx; 4xx too with LOG_LEVEL=debug or trace), and any line that is not JSON (a stack trace
 * printed by Node before the logger exists, the Vite dev server's banner). Successful fast requests and the apps'
 * info lines (Nest's route table, the pollers' requests) stay in the files. `live` streams every line as written.
 */

export interface ConsoleMode {
  /** Every line as the app wrote it (JSON), as before: `npm start -- --verbose` or PM_LOG=live. */
  live: boolean;
  /** A request that took this long or longer is shown, whatever its status (PM_LOG_SLOW_MS, default 1000). */
  slowMs: number;
  /** 4xx answers are shown too (LOG_LEVEL debug or trace: the developer is chasing a request). */
  clientErrors: boolean;
}

export const defaultSlowMs = 1_000;

export function consoleMode(argv: readonly string[], env: NodeJS.ProcessEnv): ConsoleMode {
  const unknown = argv.filter((arg) => arg !== '--verbose' && arg !== '-v');
  if (unknown.length > 0) throw new Error(`npm start takes --verbose (stream the apps' JSON logs live) and nothing else, not ${unknown.join(' ')}`);
  const log = env['PM_LOG'] ?? 'summary';
  if (log !== 'summary' && log !== 'live') throw new Error(`PM_LOG must be summary or live, not "${log}"`);
  const slow = env['PM_LOG_SLOW_MS'] ?? String(defaultSlowMs);
  if (!/^\d+$/.test(slow)) throw new Error(`PM_LOG_SLOW_MS must be a number of milliseconds, not "${slow}"`);
  const level = (env['LOG_LEVEL'] ?? 'info').toLowerCase();
  return { live: log === 'live' || argv.some((arg) => arg === '--verbose' || arg === '-v'), slowMs: Number(slow), clientErrors: level === 'debug' || level === 'trace' };
}

export interface ConsoleLine {
  text: string;
  /** Errors go to stderr, everything else to stdout. */
  stream: 'stdout' | 'stderr';
}

/** pino's numeric levels and the workflow worker's names (workflows/src/logging/json-logger.ts) on one scale. */
const levels: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 };
const levelNames = Object.fromEntries(Object.entries(levels).map(([name, value]) => [value, name]));

type Entry = Record<string, unknown>;

/** The console's version of one line an app wrote, or undefined when it belongs in the log file only. */
export function consoleLine(line: string, stream: 'stdout' | 'stderr', mode: ConsoleMode): ConsoleLine | undefined {
  if (mode.live) return { text: line, stream };
  const entry = parseEntry(line);
  if (entry === undefined) return line.trim() === '' ? undefined : { text: line, stream };
  const level = levelOf(entry);
  const request = requestOf(entry);
  if (request !== undefined) {
    const failed = request.status >= 500 || (mode.clientErrors && request.status >= 400);
    const slow = request.ms !== undefined && request.ms >= mode.slowMs;
    if (!failed && !slow && level < levels['error']!) return undefined;
    const label = request.status >= 500 ? 'ERROR' : request.status >= 400 ? 'FAILED' : 'SLOW';
    const took = request.ms === undefined ? '' : ` in ${Math.round(request.ms)} ms`;
    const why = errorText(entry);
    const id = request.id === undefined ? '' : ` [request ${request.id}]`;
    return { text: `${label} ${request.method} ${request.url} → ${request.status}${took}${why ? `: ${why}` : ''}${id}`, stream: request.status >= 500 ? 'stderr' : 'stdout' };
  }
  if (level < levels['warn']!) return undefined;
  const name = (levelNames[level] ?? 'error').toUpperCase();
  const context = typeof entry['context'] === 'string' ? `[${entry['context']}] ` : '';
  const message = typeof entry['msg'] === 'string' ? entry['msg'] : '';
  const why = errorText(entry);
  const text = [message, why].filter((part) => part !== '' && !(part === why && message.includes(why))).join(': ');
  return { text: `${name} ${context}${text || line}`, stream: level >= levels['error']! ? 'stderr' : 'stdout' };
}

function parseEntry(line: string): Entry | undefined {
  if (!line.startsWith('{')) return undefined;
  try {
    const parsed: unknown = JSON.parse(line);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Entry) : undefined;
  } catch {
    return undefined;
  }
}

function levelOf(entry: Entry): number {
  const level = entry['level'];
  if (typeof level === 'number') return level;
  if (typeof level === 'string') return levels[level.toLowerCase()] ?? levels['info']!;
  return levels['info']!;
}

/** pino-http's request line: `req` (id, method, url), `res.statusCode`, `responseTime` in ms. */
function requestOf(entry: Entry): { method: string; url: string; status: number; ms: number | undefined; id: string | undefined } | undefined {
  const req = entry['req'] as Entry | undefined;
  const res = entry['res'] as Entry | undefined;
  if (typeof req !== 'object' || req === null || typeof res !== 'object' || res === null || typeof res['statusCode'] !== 'number') return undefined;
  return {
    method: typeof req['method'] === 'string' ? req['method'] : '?',
    url: typeof req['url'] === 'string' ? req['url'] : '?',
    status: res['statusCode'],
    ms: typeof entry['responseTime'] === 'number' ? entry['responseTime'] : undefined,
    id: typeof req['id'] === 'string' || typeof req['id'] === 'number' ? String(req['id']) : undefined,
  };
}

/** The error's own message (pino's `err`, the worker's `error`), on one line. */
function errorText(entry: Entry): string {
  const error = (entry['err'] ?? entry['error']) as Entry | string | undefined;
  if (typeof error === 'string') return firstLine(error);
  if (typeof error !== 'object' || error === null) return '';
  const message = typeof error['message'] === 'string' ? error['message'] : '';
  // pino-http's stand-in for a 5xx without an error says nothing the status does not.
  if (/^failed with status code \d+$/.test(message)) return '';
  const type = typeof error['type'] === 'string' ? error['type'] : typeof error['name'] === 'string' ? error['name'] : '';
  return firstLine(type && type !== 'Error' && message ? `${type}: ${message}` : message);
}

function firstLine(text: string): string {
  return text.split('\n', 1)[0]!.trim();
}
