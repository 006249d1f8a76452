import { UPLOAD_STREAM_DONE, UPLOAD_STREAM_PATH, UploadStreamEventSchema, type UploadStreamEvent } from '@pm/contracts';
import { createParser, type EventSourceParser } from 'eventsource-parser';

/**
 * The vault's upload (spec 001 §7 `POST document/v2/upload-stream`): the multipart form goes up with XMLHttpRequest,
 * because only XHR reports upload progress; the answer is `data:` lines of JSON (status, message, progress) ending
 * with `[DONE]` (`UploadStreamEventSchema`), read from the response text as it grows. Spec 001 §8/§9 retries: on 502/503/504, a network error or
 * 2 minutes without any line it tries again, 4 attempts in all, waiting 1 s doubling up to 10 s. Every attempt sends
 * the same Idempotency-Key, so a retry after a lost answer files the document once.
 */
export const UPLOAD_MAX_ATTEMPTS = 4;
export const UPLOAD_RETRY_BASE_MS = 1_000;
export const UPLOAD_RETRY_MAX_MS = 10_000;
export const UPLOAD_INACTIVITY_MS = 2 * 60 * 1000;
const RETRYABLE_STATUSES = new Set([502, 503, 504]);

export const uploadTexts = {
  retrying: (delayMs: number, attempt: number) => `Connection issue, retrying in ${Math.round(delayMs / 1000)}s... (attempt ${attempt}/${UPLOAD_MAX_ATTEMPTS})`,
  connectionLost: 'Connection lost, retrying...',
  timedOut:
    'Upload timed out after multiple retries. The document is being processed and will appear when complete. Please refresh the page in a few minutes.',
  httpError: (status: number, message: string) => `HTTP error! status: ${status}, message: ${message}`,
  cancelled: 'Upload cancelled',
  authenticationRequired: 'Authentication required',
  failed: 'Failed to upload file',
  streamTimedOut: 'Stream timed out',
} as const;

/** The wait before retry number `retry` (1-based): 1 s, 2 s, 4 s… never more than 10 s. */
export function retryDelayMs(retry: number): number {
  return Math.min(UPLOAD_RETRY_BASE_MS * 2 ** (retry - 1), UPLOAD_RETRY_MAX_MS);
}

/**
 * Reads `data:` lines from a response text that grows (XHR `responseText`): feed it the whole text each time, it
 * parses only what is new. Unreadable lines are skipped (one bad line must not end a long upload); every line, even a
 * skipped one or a comment, counts as a sign of life.
 */
export class UploadStreamReader {
  private consumed = 0;
  private done = false;
  private readonly parser: EventSourceParser;
  private pending: UploadStreamEvent[] = [];
  private alive = false;

  constructor() {
    this.parser = createParser({
      onEvent: ({ data }) => {
        this.alive = true;
        if (data === UPLOAD_STREAM_DONE) {
          this.done = true;
          return;
        }
        try {
          this.pending.push(UploadStreamEventSchema.parse(JSON.parse(data)));
        } catch {
          // Skipped: see the class comment.
        }
      },
      onComment: () => {
        this.alive = true;
      },
      onError: () => {
        this.alive = true;
      },
    });
  }

  /** The events completed since the last call, and whether any line arrived at all. */
  feed(text: string): { events: UploadStreamEvent[]; sawLine: boolean; done: boolean } {
    if (text.length > this.consumed) {
      this.parser.feed(text.slice(this.consumed));
      this.consumed = text.length;
    }
    const events = this.pending;
    const sawLine = this.alive;
    this.pending = [];
    this.alive = false;
    return { events, sawLine, done: this.done };
  }
}

/** The stream's last event of a successful upload: the documents filed. */
export type CompletedUploadEvent = Extract<UploadStreamEvent, { status: 'completed' }>;

/** Why an upload ended without a document; `message` is what the queue shows. */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly kind: 'cancelled' | 'timed-out' | 'http' | 'stream-error' | 'authentication',
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

/** The part of XMLHttpRequest the upload uses, so tests can drive it without a network. */
export interface UploadXhr {
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  send(body: FormData): void;
  abort(): void;
  readonly status: number;
  readonly responseText: string;
  readonly upload: { onprogress: ((event: ProgressEvent) => void) | null };
  onprogress: ((event: ProgressEvent) => void) | null;
  onload: (() => void) | null;
  onerror: (() => void) | null;
  onabort: (() => void) | null;
}

export interface UploadProgress {
  /** 'sending' while the bytes go up (percent of the file), 'processing' while the server answers. */
  phase: 'sending' | 'processing' | 'retrying';
  percent: number;
  message: string | null;
  attempt: number;
}

export interface UploadOptions {
  /** The multipart form (file, data_type, location_ids, folder_id, tags); a new one per attempt. */
  form: () => FormData;
  idempotencyKey: string;
  accessToken: () => string | null;
  onProgress: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  url?: string;
  createXhr?: () => UploadXhr;
  /** Waits between attempts; tests pass one that does not sleep. */
  wait?: (ms: number, signal?: AbortSignal) => Promise<void>;
  inactivityMs?: number;
}

type AttemptOutcome =
  | { kind: 'completed'; event: CompletedUploadEvent }
  | { kind: 'error'; message: string }
  | { kind: 'http'; status: number; message: string }
  | { kind: 'lost' }
  | { kind: 'cancelled' };

const defaultWait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });

/** The message a failed HTTP answer carries: the BFF's `{ message }` JSON, or its text. */
function responseMessage(text: string): string {
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === 'object' && 'message' in body) {
      const { message } = body as { message: unknown };
      return Array.isArray(message) ? message.join(', ') : String(message);
    }
  } catch {
    // Not JSON: the text itself.
  }
  return text.trim().slice(0, 300) || 'Unknown error';
}

function attempt(options: UploadOptions, number: number): Promise<AttemptOutcome> {
  const { form, idempotencyKey, accessToken, onProgress, signal, url = `/api/${UPLOAD_STREAM_PATH}`, createXhr = () => new XMLHttpRequest(), inactivityMs = UPLOAD_INACTIVITY_MS } = options;
  return new Promise((resolve) => {
    const xhr = createXhr();
    const reader = new UploadStreamReader();
    let settled = false;
    let idle: ReturnType<typeof setTimeout> | undefined;
    const finish = (outcome: AttemptOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(idle);
      signal?.removeEventListener('abort', cancel);
      resolve(outcome);
    };
    // Two minutes without any line (or upload progress) is a lost connection, whatever the socket says.
    const stillAlive = () => {
      clearTimeout(idle);
      idle = setTimeout(() => {
        finish({ kind: 'lost' });
        xhr.abort();
      }, inactivityMs);
    };
    const cancel = () => {
      finish({ kind: 'cancelled' });
      xhr.abort();
    };
    const readLines = () => {
      if (xhr.status !== 200) return;
      const { events, sawLine } = reader.feed(xhr.responseText);
      if (sawLine) stillAlive();
      for (const event of events) {
        if (event.status === 'completed') return finish({ kind: 'completed', event });
        if (event.status === 'error') return finish({ kind: 'error', message: event.message || uploadTexts.failed });
        if (event.status === 'heartbeat' || event.status === 'padding') continue;
        // The bytes are all up; the server's steps (validating, processing) carry a message but no percentage.
        onProgress({ phase: 'processing', percent: 100, message: event.message, attempt: number });
      }
    };

    xhr.open('POST', url);
    const token = accessToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Idempotency-Key', idempotencyKey);
    xhr.setRequestHeader('Accept', 'text/event-stream');
    xhr.upload.onprogress = (event) => {
      stillAlive();
      if (event.lengthComputable) onProgress({ phase: 'sending', percent: Math.round((event.loaded / event.total) * 100), message: null, attempt: number });
    };
    xhr.onprogress = readLines;
    xhr.onload = () => {
      if (xhr.status !== 200) {
        if (RETRYABLE_STATUSES.has(xhr.status)) return finish({ kind: 'lost' });
        return finish({ kind: 'http', status: xhr.status, message: responseMessage(xhr.responseText) });
      }
      readLines();
      // The answer ended without completed or error: the connection broke mid-stream.
      finish({ kind: 'lost' });
    };
    xhr.onerror = () => finish({ kind: 'lost' });
    xhr.onabort = () => finish({ kind: 'cancelled' });
    signal?.addEventListener('abort', cancel, { once: true });
    stillAlive();
    xhr.send(form());
  });
}

/**
 * Uploads one file through the stream, retrying as the spec says. Resolves with the `completed` event; rejects with an
 * UploadError whose message is the text to show (the stream's own error message, the HTTP error, "Upload cancelled",
 * or the timed-out text after the last attempt).
 */
export async function uploadWithRetries(options: UploadOptions): Promise<CompletedUploadEvent> {
  const { signal, onProgress, wait = defaultWait } = options;
  if (!options.accessToken()) throw new UploadError(uploadTexts.authenticationRequired, 'authentication');
  for (let number = 1; ; number += 1) {
    if (signal?.aborted) throw new UploadError(uploadTexts.cancelled, 'cancelled');
    const outcome = await attempt(options, number);
    switch (outcome.kind) {
      case 'completed':
        return outcome.event;
      case 'error':
        throw new UploadError(outcome.message, 'stream-error');
      case 'http':
        if (outcome.status === 401) throw new UploadError(uploadTexts.authenticationRequired, 'authentication');
        throw new UploadError(uploadTexts.httpError(outcome.status, outcome.message), 'http');
      case 'cancelled':
        throw new UploadError(uploadTexts.cancelled, 'cancelled');
      case 'lost': {
        if (number >= UPLOAD_MAX_ATTEMPTS) throw new UploadError(uploadTexts.timedOut, 'timed-out');
        const delay = retryDelayMs(number);
        onProgress({ phase: 'retrying', percent: 0, message: uploadTexts.retrying(delay, number + 1), attempt: number });
        await wait(delay, signal);
        if (signal?.aborted) throw new UploadError(uploadTexts.cancelled, 'cancelled');
        onProgress({ phase: 'retrying', percent: 0, message: uploadTexts.connectionLost, attempt: number + 1 });
      }
    }
  }
}
