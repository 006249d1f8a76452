import { createRequestId } from '../http/create-request-id.js';
import { readSse, type ReadSseOptions } from './read-sse.js';
import { SseHttpError } from './sse-http-error.js';
import type { SseMessage } from './sse-message.js';

export type StreamSseInit<T> = Omit<RequestInit, 'signal'> &
  ReadSseOptions<T> & {
    /** The session's bearer token; streams sit behind the same authentication as every other BFF call. */
    accessToken?: string | null;
  };

/**
 * Opens an event stream with fetch (EventSource cannot send an Authorization header or a POST body, and the
 * upload streams need both) and yields its events through {@link readSse}. A non-2xx answer rejects with
 * {@link SseHttpError} before anything is yielded.
 */
export async function* streamSse<T>(url: string, init: StreamSseInit<T>): AsyncGenerator<SseMessage<T>, void, undefined> {
  const { accessToken, parse, onError, signal, doneMarker, onComment, headers: extraHeaders, ...requestInit } = init;
  const headers = new Headers(extraHeaders);
  headers.set('Accept', 'text/event-stream');
  if (!headers.has('x-request-id')) headers.set('x-request-id', createRequestId());
  if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`);

  const response = await fetch(url, { ...requestInit, headers, signal });
  if (!response.ok) throw new SseHttpError(response.status, await response.text().catch(() => ''));

  yield* readSse(response, { parse, onError, signal, doneMarker, onComment });
}
