import { jest } from '@jest/globals';
import { MalformedSseEventError } from './malformed-sse-event-error.js';
import { readSse } from './read-sse.js';
import type { SseMessage } from './sse-message.js';

interface Progress {
  status: string;
  progress: number;
}

function parseProgress(value: unknown): Progress {
  const candidate = value as Partial<Progress> | null;
  if (typeof candidate?.status !== 'string' || typeof candidate.progress !== 'number') throw new TypeError('not a progress event');
  return { status: candidate.status, progress: candidate.progress };
}

/**
 * The text as UTF-8, delivered in pieces cut at the given byte offsets. Like a live server, the body stays open
 * after the last piece unless `close` is set, so a reader only gets away by cancelling it, which is recorded.
 */
function streamedResponse(text: string, cuts: number[], { close = false } = {}) {
  const bytes = new TextEncoder().encode(text);
  const bounds = [0, ...cuts, bytes.length];
  const queue = bounds.slice(1).map((end, index) => bytes.slice(bounds[index], end));
  const state = { cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = queue.shift();
      if (next) {
        controller.enqueue(next);
      } else if (close) {
        controller.close();
      } else {
        return new Promise<void>(() => undefined);
      }
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { response: new Response(body, { headers: { 'content-type': 'text/event-stream' } }), state };
}

/** Cancellation travels back through pipeThrough a few tasks later than the reader's cancel() resolves. */
const settlePipes = () => new Promise((resolve) => setTimeout(resolve, 0));

async function collect<T>(iterable: AsyncIterable<SseMessage<T>>) {
  const messages: SseMessage<T>[] = [];
  for await (const message of iterable) messages.push(message);
  return messages;
}

describe('readSse', () => {
  it('reassembles events split mid-line, skips malformed ones and stops at [DONE]', async () => {
    const text = [
      'event: progress\nid: 1\ndata: {"status":"uploading","progress":10}\n\n',
      'data: {"status": not json}\n\n',
      'bogus-field: x\n',
      'data: {"status":"uploading"}\n\n',
      'id: 2\ndata: {"status":"café","progress":50}\n\n',
      'data: [DONE]\n\n',
      'data: {"status":"never","progress":99}\n\n',
    ].join('');
    const beforeAccent = new TextEncoder().encode(text.slice(0, text.indexOf('é'))).length;
    const cuts = [
      text.indexOf('data:') + 2, // inside a field name
      text.indexOf('"progress":10') + 5, // inside the JSON
      beforeAccent + 1, // between the two bytes of "é"
      beforeAccent + 2 + ',"progress":50}\n\ndata: [DO'.length, // inside the done marker
    ];
    const { response, state } = streamedResponse(text, cuts);
    const onError = jest.fn<(error: MalformedSseEventError) => void>();

    const messages = await collect(readSse(response, { parse: parseProgress, onError }));

    expect(messages).toEqual([
      { event: 'progress', id: '1', data: { status: 'uploading', progress: 10 } },
      { event: undefined, id: '2', data: { status: 'café', progress: 50 } },
    ]);
    // Syntax errors are reported as the parser meets them, which may be ahead of the consumer; so no order here.
    const reported = onError.mock.calls.map(([error]) => error);
    expect(reported.map((error) => error.raw).sort()).toEqual(['bogus-field: x', '{"status":"uploading"}', '{"status": not json}'].sort());
    expect(reported.every((error) => error instanceof MalformedSseEventError)).toBe(true);
    expect(reported.find((error) => error.raw === '{"status": not json}')!.cause).toBeInstanceOf(SyntaxError);
    expect(reported.find((error) => error.raw === '{"status":"uploading"}')!.cause).toEqual(new TypeError('not a progress event'));
    // The server left the body open after [DONE]; the reader released it instead of waiting for the end.
    await settlePipes();
    expect(state.cancelled).toBe(true);
  });

  it('ends at the end of the body when no done marker comes, and can treat [DONE] as data when asked', async () => {
    const text = 'data: {"status":"done","progress":100}\n\n';
    const { response } = streamedResponse(text, [7], { close: true });
    const messages = await collect(readSse(response, { parse: (value) => value, doneMarker: null }));
    expect(messages).toEqual([{ event: undefined, id: undefined, data: { status: 'done', progress: 100 } }]);
  });

  it('rejects with the abort reason and releases the body when the signal aborts mid-stream', async () => {
    const text = 'data: {"status":"a","progress":1}\n\ndata: {"status":"b","progress":2}\n\n';
    const { response, state } = streamedResponse(text, [text.indexOf('data:', 5)]);
    const controller = new AbortController();
    const received: string[] = [];

    const reading = (async () => {
      for await (const message of readSse(response, { parse: parseProgress, signal: controller.signal })) {
        received.push(message.data.status);
        controller.abort(new Error('user left the page'));
      }
    })();

    await expect(reading).rejects.toThrow('user left the page');
    expect(received).toEqual(['a']);
    await settlePipes();
    expect(state.cancelled).toBe(true);
  });

  it('refuses a response without a body', async () => {
    const events = readSse(new Response(null), { parse: parseProgress });
    await expect(events.next()).rejects.toThrow('no body');
  });
});
