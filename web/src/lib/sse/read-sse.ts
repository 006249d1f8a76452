import { EventSourceParserStream, ParseError } from 'eventsource-parser/stream';
import { MalformedSseEventError } from './malformed-sse-event-error.js';
import type { SseMessage } from './sse-message.js';

export interface ReadSseOptions<T> {
  /** Turns the JSON-decoded `data` into the caller's type, throwing when it does not fit. */
  parse: (data: unknown) => T;
  /** Told about every event that was skipped; the stream continues either way. */
  onError?: (error: MalformedSseEventError) => void;
  signal?: AbortSignal;
  /** A `data:` value that ends the stream rather than being an event (the upload streams end with `[DONE]`). */
  doneMarker?: string | null;
  /** Told about every comment line (the BFF's heartbeats), which carry no event but prove the stream is alive. */
  onComment?: (comment: string) => void;
}

/**
 * Yields the events of a `text/event-stream` response in order. One bad event must not end a long upload or chat
 * stream, so malformed events are reported and skipped. Ends at the done marker or the end of the body; an aborted
 * signal cancels the body and rejects with the signal's reason, as fetch does.
 */
export async function* readSse<T>(
  response: Response,
  { parse, onError, signal, doneMarker = '[DONE]', onComment }: ReadSseOptions<T>,
): AsyncGenerator<SseMessage<T>, void, undefined> {
  if (!response.body) throw new TypeError('The event stream response has no body');
  signal?.throwIfAborted();

  const events = response.body.pipeThrough(new TextDecoderStream()).pipeThrough(
    new EventSourceParserStream({
      onComment,
      onError: (error) => {
        const line = error instanceof ParseError ? (error.line ?? '') : '';
        onError?.(new MalformedSseEventError(error.message, line, undefined, { cause: error }));
      },
    }),
  );
  const reader = events.getReader();
  const abort = () => {
    reader.cancel(signal?.reason).catch(() => undefined);
  };
  signal?.addEventListener('abort', abort, { once: true });

  try {
    for (;;) {
      const next = await reader.read();
      signal?.throwIfAborted();
      if (next.done) return;
      const { event, data, id } = next.value;
      if (doneMarker !== null && data === doneMarker) return;

      let parsed: T;
      try {
        parsed = parse(JSON.parse(data));
      } catch (cause) {
        onError?.(new MalformedSseEventError(`Skipped an unreadable ${event ?? 'message'} event`, data, event, { cause }));
        continue;
      }
      yield { event, data: parsed, id };
    }
  } finally {
    signal?.removeEventListener('abort', abort);
    // Stopping early (done marker, consumer break) must release the connection, not leave it streaming.
    await reader.cancel().catch(() => undefined);
  }
}
