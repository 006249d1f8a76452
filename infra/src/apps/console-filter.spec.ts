import { consoleLine, consoleMode, type ConsoleMode } from './console-filter.ts';

const quiet: ConsoleMode = { live: false, slowMs: 1_000, clientErrors: false };

/** A line as pino-http writes it for a finished request. */
const request = (status: number, ms: number, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    level: status >= 500 ? 50 : 30,
    time: 1765000000000,
    name: 'identity',
    req: { id: 'req-1', method: 'GET', url: '/.well-known/revoked-sessions' },
    res: { statusCode: status },
    responseTime: ms,
    msg: status >= 500 ? 'request errored' : 'request completed',
    ...extra,
  });

describe('consoleMode', () => {
  it('is the summary by default; --verbose, -v or PM_LOG=live stream the JSON', () => {
    expect(consoleMode([], {})).toEqual({ live: false, slowMs: 1_000, clientErrors: false });
    expect(consoleMode(['--verbose'], {}).live).toBe(true);
    expect(consoleMode(['-v'], {}).live).toBe(true);
    expect(consoleMode([], { PM_LOG: 'live' }).live).toBe(true);
  });

  it('takes the slow threshold from PM_LOG_SLOW_MS and shows 4xx at LOG_LEVEL debug or trace', () => {
    expect(consoleMode([], { PM_LOG_SLOW_MS: '250' }).slowMs).toBe(250);
    expect(consoleMode([], { LOG_LEVEL: 'debug' }).clientErrors).toBe(true);
    expect(consoleMode([], { LOG_LEVEL: 'trace' }).clientErrors).toBe(true);
    expect(consoleMode([], { LOG_LEVEL: 'warn' }).clientErrors).toBe(false);
  });

  it('refuses what it does not know instead of ignoring it', () => {
    expect(() => consoleMode(['--verbos'], {})).toThrow('npm start takes --verbose (stream the apps\' JSON logs live) and nothing else, not --verbos');
    expect(() => consoleMode([], { PM_LOG: 'all' })).toThrow('PM_LOG must be summary or live, not "all"');
    expect(() => consoleMode([], { PM_LOG_SLOW_MS: '1s' })).toThrow('PM_LOG_SLOW_MS must be a number of milliseconds, not "1s"');
  });
});

describe('consoleLine', () => {
  it('keeps successful fast requests and info lines off the console (they are in the log file)', () => {
    expect(consoleLine(request(200, 3), 'stdout', quiet)).toBeUndefined();
    expect(consoleLine(request(304, 999), 'stdout', quiet)).toBeUndefined();
    expect(consoleLine(JSON.stringify({ level: 30, context: 'RouterExplorer', msg: 'Mapped {/api/x, GET} route' }), 'stdout', quiet)).toBeUndefined();
    expect(consoleLine(JSON.stringify({ level: 'info', msg: 'worker starting', service: 'pm-workflows' }), 'stdout', quiet)).toBeUndefined();
    expect(consoleLine(JSON.stringify({ level: 20, msg: 'debugging' }), 'stdout', quiet)).toBeUndefined();
  });

  it('shows a slow request on one line, with its time and request id', () => {
    expect(consoleLine(request(200, 1_234.6), 'stdout', quiet)).toEqual({
      text: 'SLOW GET /.well-known/revoked-sessions → 200 in 1235 ms [request req-1]',
      stream: 'stdout',
    });
    expect(consoleLine(request(200, 300), 'stdout', { ...quiet, slowMs: 250 })?.text).toMatch(/^SLOW /);
  });

  it("shows a 5xx on stderr with the error's message, and not pino-http's stand-in for a missing one", () => {
    expect(consoleLine(request(500, 12, { err: { type: 'TypeError', message: 'x is undefined', stack: 'TypeError: x is undefined\n    at f (a.js:1)' } }), 'stdout', quiet)).toEqual({
      text: 'ERROR GET /.well-known/revoked-sessions → 500 in 12 ms: TypeError: x is undefined [request req-1]',
      stream: 'stderr',
    });
    expect(consoleLine(request(503, 4, { err: { type: 'Error', message: 'failed with status code 503' } }), 'stdout', quiet)?.text).toBe(
      'ERROR GET /.well-known/revoked-sessions → 503 in 4 ms [request req-1]',
    );
  });

  it('shows a 4xx only when asked for client errors (LOG_LEVEL=debug)', () => {
    expect(consoleLine(request(404, 2), 'stdout', quiet)).toBeUndefined();
    expect(consoleLine(request(404, 2), 'stdout', { ...quiet, clientErrors: true })).toEqual({
      text: 'FAILED GET /.well-known/revoked-sessions → 404 in 2 ms [request req-1]',
      stream: 'stdout',
    });
  });

  it('shows warnings and errors of either logger with their context and error message', () => {
    expect(consoleLine(JSON.stringify({ level: 40, context: 'OutboxRelay', msg: 'publish retried' }), 'stdout', quiet)).toEqual({
      text: 'WARN [OutboxRelay] publish retried',
      stream: 'stdout',
    });
    expect(consoleLine(JSON.stringify({ level: 50, msg: 'a raw route failed', err: { type: 'Error', message: 'boom\nmore' } }), 'stdout', quiet)).toEqual({
      text: 'ERROR a raw route failed: boom',
      stream: 'stderr',
    });
    expect(consoleLine(JSON.stringify({ level: 'error', msg: 'activity failed', error: { name: 'Error', message: 'timeout' } }), 'stdout', quiet)).toEqual({
      text: 'ERROR activity failed: timeout',
      stream: 'stderr',
    });
    expect(consoleLine(JSON.stringify({ level: 60, msg: 'cannot connect: ECONNREFUSED', err: { message: 'ECONNREFUSED' } }), 'stdout', quiet)?.text).toBe(
      'FATAL cannot connect: ECONNREFUSED',
    );
  });

  it('shows lines that are not JSON as they are (a crash before the logger exists, the Vite banner), and drops blank ones', () => {
    expect(consoleLine('TypeError: Cannot read properties of undefined', 'stderr', quiet)).toEqual({ text: 'TypeError: Cannot read properties of undefined', stream: 'stderr' });
    expect(consoleLine('  VITE v7.0.0  ready in 812 ms', 'stdout', quiet)).toEqual({ text: '  VITE v7.0.0  ready in 812 ms', stream: 'stdout' });
    expect(consoleLine('{ not json', 'stdout', quiet)).toEqual({ text: '{ not json', stream: 'stdout' });
    expect(consoleLine('   ', 'stdout', quiet)).toBeUndefined();
  });

  it('in live mode passes every line on unchanged', () => {
    const live = { ...quiet, live: true };
    expect(consoleLine(request(200, 3), 'stdout', live)).toEqual({ text: request(200, 3), stream: 'stdout' });
  });
});
