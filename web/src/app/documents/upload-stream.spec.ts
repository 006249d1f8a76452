import { documentFixture } from '@pm/contracts';
import { retryDelayMs, UploadStreamReader, uploadTexts, uploadWithRetries, type UploadError, type UploadProgress, type UploadXhr } from './upload-stream.js';

/** A scripted XMLHttpRequest: the test plays the server (status, growing response text, network failure). */
class FakeXhr implements UploadXhr {
  status = 0;
  responseText = '';
  readonly headers = new Map<string, string>();
  readonly upload: UploadXhr['upload'] = { onprogress: null };
  onprogress: UploadXhr['onprogress'] = null;
  onload: UploadXhr['onload'] = null;
  onerror: UploadXhr['onerror'] = null;
  onabort: UploadXhr['onabort'] = null;
  url = '';
  sent: FormData | null = null;
  aborted = false;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers.set(name, value);
  }
  send(body: FormData) {
    this.sent = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  sendProgress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  stream(...lines: string[]) {
    this.status = 200;
    this.responseText += lines.map((line) => `data: ${line}\n\n`).join('');
    this.onprogress?.({} as ProgressEvent);
  }
  end(status = 200, text?: string) {
    this.status = status;
    if (text !== undefined) this.responseText = text;
    this.onload?.();
  }
}

/** The BFF's last event of a filed upload (UploadStreamEventSchema): one document per location. */
const completed = { status: 'completed' as const, message: 'Document uploaded successfully', documents: [{ document: { ...documentFixture, id: 'd1' }, duplicate: false }] };

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(overrides: { inactivityMs?: number; signal?: AbortSignal; token?: string | null } = {}) {
  const xhrs: FakeXhr[] = [];
  const waits: number[] = [];
  const progress: UploadProgress[] = [];
  const result = uploadWithRetries({
    form: () => {
      const form = new FormData();
      form.append('file', new Blob(['%PDF-1.7']), 'lease.pdf');
      return form;
    },
    idempotencyKey: 'key-1',
    accessToken: () => (overrides.token === undefined ? 'token-1' : overrides.token),
    onProgress: (event) => progress.push(event),
    createXhr: () => {
      const xhr = new FakeXhr();
      xhrs.push(xhr);
      return xhr;
    },
    wait: async (ms) => {
      waits.push(ms);
    },
    signal: overrides.signal,
    inactivityMs: overrides.inactivityMs,
  });
  // Observed by the tests through `outcome`; never left unhandled.
  const outcome = result.then(
    (event) => ({ ok: true as const, event }),
    (error: unknown) => ({ ok: false as const, error: error as UploadError }),
  );
  return { xhrs, waits, progress, outcome };
}

describe('upload stream reader', () => {
  it('parses data lines as the text grows, skips bad ones and sees [DONE]', () => {
    const reader = new UploadStreamReader();
    let text = 'data: {"status":"starting","message":"Starting upload"}\n\ndata: {"status":"proc';
    expect(reader.feed(text)).toEqual({ events: [{ status: 'starting', message: 'Starting upload' }], sawLine: true, done: false });
    text += 'essing","message":"Filing the document"}\n\ndata: not json\n\ndata: {"status":"completed"}\n\n';
    expect(reader.feed(text).events).toEqual([{ status: 'processing', message: 'Filing the document' }]);
    text += ': heartbeat\n\n';
    expect(reader.feed(text)).toEqual({ events: [], sawLine: true, done: false });
    expect(reader.feed(text).sawLine).toBe(false);
    text += `data: ${JSON.stringify(completed)}\n\ndata: [DONE]\n\n`;
    expect(reader.feed(text)).toEqual({ events: [completed], sawLine: true, done: true });
  });
});

describe('upload with retries', () => {
  it('waits 1 s doubling, capped at 10 s', () => {
    expect([1, 2, 3, 4, 5].map(retryDelayMs)).toEqual([1_000, 2_000, 4_000, 8_000, 10_000]);
  });

  it('posts the form with the token and Idempotency-Key, reports progress and resolves at completed', async () => {
    const { xhrs, progress, outcome } = start();
    await settle();
    const [xhr] = xhrs;
    expect(xhr!.url).toBe('/api/document/v2/upload-stream');
    expect(xhr!.headers.get('Authorization')).toBe('Bearer token-1');
    expect(xhr!.headers.get('Idempotency-Key')).toBe('key-1');
    expect((xhr!.sent!.get('file') as File).name).toBe('lease.pdf');
    xhr!.sendProgress(50, 100);
    xhr!.stream('{"status":"validating","message":"Validating file","file_name":"lease.pdf","size":8}', '{"status":"heartbeat"}', JSON.stringify(completed));
    await expect(outcome).resolves.toEqual({ ok: true, event: completed });
    expect(progress).toEqual([
      { phase: 'sending', percent: 50, message: null, attempt: 1 },
      { phase: 'processing', percent: 100, message: 'Validating file', attempt: 1 },
    ]);
  });

  it('retries 502, 503, 504 and network errors with the same key, then gives up after 4 attempts', async () => {
    const { xhrs, waits, progress, outcome } = start();
    for (const fail of [(x: FakeXhr) => x.end(502, 'Bad Gateway'), (x: FakeXhr) => x.onerror?.(), (x: FakeXhr) => x.end(503, ''), (x: FakeXhr) => x.end(504, '')]) {
      await settle();
      fail(xhrs.at(-1)!);
    }
    const result = await outcome;
    expect(result).toMatchObject({ ok: false, error: { message: uploadTexts.timedOut, kind: 'timed-out' } });
    expect(xhrs).toHaveLength(4);
    expect(new Set(xhrs.map((x) => x.headers.get('Idempotency-Key')))).toEqual(new Set(['key-1']));
    expect(waits).toEqual([1_000, 2_000, 4_000]);
    expect(progress.map((event) => event.message)).toEqual([
      'Connection issue, retrying in 1s... (attempt 2/4)',
      'Connection lost, retrying...',
      'Connection issue, retrying in 2s... (attempt 3/4)',
      'Connection lost, retrying...',
      'Connection issue, retrying in 4s... (attempt 4/4)',
      'Connection lost, retrying...',
    ]);
  });

  it('succeeds on a retry after a gateway error', async () => {
    const { xhrs, outcome } = start();
    await settle();
    xhrs[0]!.end(503, '');
    await settle();
    xhrs[1]!.stream(JSON.stringify(completed));
    await expect(outcome).resolves.toMatchObject({ ok: true });
    expect(xhrs).toHaveLength(2);
  });

  it('retries when no line arrives for the inactivity time', async () => {
    const { xhrs, outcome } = start({ inactivityMs: 30 });
    await settle();
    xhrs[0]!.stream('{"status":"starting","message":"Starting upload"}');
    // Until the retry's request exists (a fixed sleep was flaky under load: the retry timed out too). Each turn's
    // timer is due before the retry's inactivity timer, so the retry is answered before it can go idle.
    while (xhrs.length < 2) await settle();
    expect(xhrs[0]!.aborted).toBe(true);
    expect(xhrs).toHaveLength(2);
    xhrs[1]!.stream(JSON.stringify(completed));
    await expect(outcome).resolves.toMatchObject({ ok: true });
  });

  it('does not retry other HTTP errors: "HTTP error! status, message"', async () => {
    const { xhrs, outcome } = start();
    await settle();
    xhrs[0]!.end(413, '{"statusCode":413,"message":"File is too large"}');
    await expect(outcome).resolves.toMatchObject({ ok: false, error: { message: 'HTTP error! status: 413, message: File is too large', kind: 'http' } });
    expect(xhrs).toHaveLength(1);
  });

  it('reports an error event\'s message without retrying', async () => {
    const { xhrs, outcome } = start();
    await settle();
    xhrs[0]!.stream('{"status":"error","message":"This file type is not accepted","code":415}');
    await expect(outcome).resolves.toMatchObject({ ok: false, error: { message: 'This file type is not accepted', kind: 'stream-error' } });
    expect(xhrs).toHaveLength(1);
  });

  it('cancels: "Upload cancelled", the request aborted', async () => {
    const controller = new AbortController();
    const { xhrs, outcome } = start({ signal: controller.signal });
    await settle();
    controller.abort();
    await expect(outcome).resolves.toMatchObject({ ok: false, error: { message: 'Upload cancelled', kind: 'cancelled' } });
    expect(xhrs[0]!.aborted).toBe(true);
  });

  it('needs a session: "Authentication required"', async () => {
    const { xhrs, outcome } = start({ token: null });
    await expect(outcome).resolves.toMatchObject({ ok: false, error: { message: 'Authentication required' } });
    expect(xhrs).toHaveLength(0);
  });
});
