import { jest } from '@jest/globals';
import { openEventStream, startSseTestServer, type SseTestServer } from '../../../test/sse-test-server.js';
import { followSse, SseIdleTimeoutError } from './follow-sse.js';
import { MalformedSseEventError } from './malformed-sse-event-error.js';
import { SseHttpError } from './sse-http-error.js';

let server: SseTestServer | undefined;
let stop: AbortController;

beforeEach(() => {
  stop = new AbortController();
});

afterEach(async () => {
  stop.abort();
  await server?.close();
  server = undefined;
});

const parseN = (value: unknown) => {
  if (typeof value !== 'object' || value === null || !('n' in value) || typeof value.n !== 'number') throw new TypeError('no n');
  return value.n;
};

async function take<T>(events: AsyncGenerator<{ data: T }>, count: number): Promise<T[]> {
  const taken: T[] = [];
  for await (const event of events) {
    taken.push(event.data);
    if (taken.length === count) break;
  }
  return taken;
}

describe('followSse (against a real local HTTP server)', () => {
  it('sends the current token, skips a malformed event and resumes with Last-Event-ID 5 s (here 150 ms) after the server closed', async () => {
    server = await startSseTestServer((_req, res, index) => {
      openEventStream(res);
      if (index === 0) res.end('id: 1\nevent: change\ndata: {"n":1}\n\ndata: {not json\n\nid: 2\ndata: {"n":2}\n\n');
      else res.write('id: 3\ndata: {"n":3}\n\n');
    });
    const errors: Error[] = [];
    let token = 0;

    const received = await take(
      followSse(server.url, {
        parse: parseN,
        accessToken: () => `token-${++token}`,
        signal: stop.signal,
        onError: (error) => errors.push(error),
        reconnectDelayMs: 150,
      }),
      3,
    );

    expect(received).toEqual([1, 2, 3]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(MalformedSseEventError);
    const [first, second] = server.requests;
    expect(first!.headers.authorization).toBe('Bearer token-1');
    expect(first!.headers['last-event-id']).toBeUndefined();
    expect(second!.headers.authorization).toBe('Bearer token-2');
    expect(second!.headers['last-event-id']).toBe('2');
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(150);
  });

  it('keeps a stream alive on heartbeats, closes it after the idle time without any, and reconnects', async () => {
    const heartbeatsFor = 600;
    let lastHeartbeatAt = 0;
    server = await startSseTestServer((_req, res, index) => {
      openEventStream(res);
      if (index > 0) {
        res.write('id: 9\ndata: {"n":9}\n\n');
        return;
      }
      res.write('id: 8\ndata: {"n":8}\n\n');
      const beat = setInterval(() => {
        res.write(': heartbeat\n\n');
        lastHeartbeatAt = Date.now();
      }, 100);
      setTimeout(() => clearInterval(beat), heartbeatsFor);
    });
    const errors: Error[] = [];

    const received = await take(
      followSse(server.url, { parse: parseN, accessToken: () => 't', signal: stop.signal, onError: (e) => errors.push(e), idleTimeoutMs: 300, reconnectDelayMs: 50 }),
      2,
    );

    expect(received).toEqual([8, 9]);
    const [first, second] = server.requests;
    // Open well past the idle time while heartbeats came, closed an idle time after the last one.
    expect(lastHeartbeatAt - first!.at).toBeGreaterThanOrEqual(heartbeatsFor - 150);
    expect(second!.at - lastHeartbeatAt).toBeGreaterThanOrEqual(300);
    expect(first!.closed).toBe(true);
    expect(errors.map((e) => e.constructor)).toEqual([SseIdleTimeoutError]);
    expect(second!.headers['last-event-id']).toBe('8');
  });

  it('reports a refused connection and tries again after the delay', async () => {
    server = await startSseTestServer((_req, res, index) => {
      if (index === 0) {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end('{"message":"Your session has expired. Please sign in again."}');
        return;
      }
      openEventStream(res);
      res.write('data: {"n":1}\n\n');
    });
    const errors: Error[] = [];

    expect(await take(followSse(server.url, { parse: parseN, accessToken: () => 't', signal: stop.signal, onError: (e) => errors.push(e), reconnectDelayMs: 50 }), 1)).toEqual([1]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(SseHttpError);
    expect((errors[0] as SseHttpError).status).toBe(401);
  });

  it('backs off while connections keep failing (doubling up to the maximum), and starts again from the delay once one brings anything', async () => {
    // 0-3 refused; 4 streams an event and closes; 5 refused; 6 streams.
    server = await startSseTestServer((_req, res, index) => {
      if (index <= 3 || index === 5) {
        res.writeHead(503, { 'content-type': 'application/json' });
        res.end('{"message":"Service unavailable"}');
        return;
      }
      openEventStream(res);
      if (index === 4) res.end('id: 4\ndata: {"n":4}\n\n');
      else res.write('id: 6\ndata: {"n":6}\n\n');
    });

    // The delays asked of the clock (the stream's idle timer and fetch's own ticks ask for other lengths): the wall
    // clock only bounds them from below, as a loaded machine runs a timer late but never early.
    const timeout = jest.spyOn(globalThis, 'setTimeout');
    const steps = [100, 200, 400];

    const received = await take(
      followSse(server.url, { parse: parseN, accessToken: () => 't', signal: stop.signal, reconnectDelayMs: 100, maxReconnectDelayMs: 400 }),
      2,
    );
    const delays = timeout.mock.calls.map(([, ms]) => ms).filter((ms) => typeof ms === 'number' && steps.includes(ms));
    timeout.mockRestore();

    expect(received).toEqual([4, 6]);
    const expected = [100, 200, 400, 400, 100, 200];
    expect(delays).toEqual(expected);
    const gaps = server.requests.slice(1).map((request, i) => request.at - server!.requests[i]!.at);
    expect(gaps).toHaveLength(expected.length);
    gaps.forEach((gap, i) => expect(gap).toBeGreaterThanOrEqual(expected[i]! - 5));
  });

  it('ends without an error when aborted, closes the connection and does not reconnect', async () => {
    server = await startSseTestServer((_req, res) => {
      openEventStream(res);
      res.write('id: 1\ndata: {"n":1}\n\n');
    });
    const received: number[] = [];
    const errors: Error[] = [];

    for await (const event of followSse(server.url, { parse: parseN, accessToken: () => 't', signal: stop.signal, onError: (e) => errors.push(e), reconnectDelayMs: 50 })) {
      received.push(event.data);
      stop.abort();
    }

    expect(received).toEqual([1]);
    expect(errors).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.closed).toBe(true);
  });
});
