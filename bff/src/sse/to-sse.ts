import type { MessageEvent } from '@nestjs/common';
import { Observable } from 'rxjs';

export interface SseOptions {
  /** Sends a comment line this often so proxies keep an idle stream open. */
  heartbeatMs?: number;
}

/**
 * Adapts an async iterable (a NATS subscription, a service stream) to what a Nest `@Sse()` handler returns. The
 * iterator is closed when the browser goes away, so upstream subscriptions never leak.
 */
export function toSse<T>(source: AsyncIterable<T>, map: (item: T) => MessageEvent, options: SseOptions = {}): Observable<MessageEvent> {
  return new Observable<MessageEvent>((subscriber) => {
    const iterator = source[Symbol.asyncIterator]();
    let closed = false;
    const heartbeat = options.heartbeatMs
      ? setInterval(() => subscriber.next({ type: 'heartbeat', data: '' }), options.heartbeatMs)
      : undefined;
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await iterator.next();
          if (done || closed) break;
          subscriber.next(map(value));
        }
        subscriber.complete();
      } catch (error) {
        subscriber.error(error);
      }
    })();
    return () => {
      closed = true;
      if (heartbeat) clearInterval(heartbeat);
      void iterator.return?.();
    };
  });
}
