import type { MalformedSseEventError } from './malformed-sse-event-error.js';
import type { SseMessage } from './sse-message.js';
import { streamSse } from './stream-sse.js';

export interface FollowSseOptions<T> {
  /** Turns the JSON-decoded `data` into the caller's type, throwing when it does not fit (the event is skipped). */
  parse: (data: unknown) => T;
  /** Asked on every (re)connect, so a token refreshed meanwhile is the one sent. */
  accessToken: () => string | null | undefined;
  /** Ends the stream for good: the generator returns. */
  signal: AbortSignal;
  /** Told about skipped events and about each broken connection before the reconnect. */
  onError?: (error: MalformedSseEventError | Error) => void;
  /** The spec's idle close: no event and no heartbeat for this long closes the connection. */
  idleTimeoutMs?: number;
  /** The spec's reconnect delay after the stream closed or failed. */
  reconnectDelayMs?: number;
  /**
   * Backoff: after each connection that brought nothing (refused, failed, or closed before any event or heartbeat)
   * the delay doubles, up to this; a connection that brought anything starts again from `reconnectDelayMs`. Unset,
   * the delay never grows.
   */
  maxReconnectDelayMs?: number;
}

/** Why a connection was closed by the client: it stayed silent for longer than the idle timeout. */
export class SseIdleTimeoutError extends Error {
  override readonly name = 'SseIdleTimeoutError';
}

/**
 * Follows a long-lived BFF stream (msg/notify-stream, document/status-stream) until `signal` aborts: yields its
 * events, closes a connection silent for 60 s, reconnects 5 s after any close or failure (backing off while
 * connections keep bringing nothing, when `maxReconnectDelayMs` allows) and resumes with `Last-Event-ID`, so the
 * server replays what was missed in between.
 */
export async function* followSse<T>(url: string, options: FollowSseOptions<T>): AsyncGenerator<SseMessage<T>, void, undefined> {
  const { parse, accessToken, signal, onError, idleTimeoutMs = 60_000, reconnectDelayMs = 5_000 } = options;
  const maxReconnectDelayMs = Math.max(reconnectDelayMs, options.maxReconnectDelayMs ?? reconnectDelayMs);
  let lastEventId: string | undefined;
  let nextDelayMs = reconnectDelayMs;

  while (!signal.aborted) {
    const connection = new AbortController();
    const stop = () => connection.abort(signal.reason);
    signal.addEventListener('abort', stop, { once: true });
    let idle: ReturnType<typeof setTimeout> | undefined;
    let heard = false;
    const stillAlive = () => {
      clearTimeout(idle);
      idle = setTimeout(() => connection.abort(new SseIdleTimeoutError(`No event or heartbeat for ${idleTimeoutMs} ms`)), idleTimeoutMs);
    };

    try {
      stillAlive();
      const events = streamSse(url, {
        accessToken: accessToken(),
        headers: lastEventId === undefined ? {} : { 'Last-Event-ID': lastEventId },
        parse,
        onError,
        onComment: () => {
          heard = true;
          stillAlive();
        },
        signal: connection.signal,
        doneMarker: null,
      });
      for await (const message of events) {
        heard = true;
        stillAlive();
        if (message.id !== undefined) lastEventId = message.id;
        yield message;
      }
    } catch (error) {
      if (signal.aborted) return;
      onError?.(error instanceof Error ? error : new Error(String(error)));
    } finally {
      clearTimeout(idle);
      signal.removeEventListener('abort', stop);
      connection.abort();
    }
    nextDelayMs = heard ? reconnectDelayMs : nextDelayMs;
    await delay(nextDelayMs, signal);
    nextDelayMs = Math.min(maxReconnectDelayMs, nextDelayMs * 2);
  }
}

/** Resolves after `ms`, or at once when the signal aborts. */
function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
