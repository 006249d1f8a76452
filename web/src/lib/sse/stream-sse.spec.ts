import { jest } from '@jest/globals';
import { SseHttpError } from './sse-http-error.js';
import { streamSse } from './stream-sse.js';

let fetchMock: jest.SpiedFunction<typeof fetch>;

beforeEach(() => {
  fetchMock = jest.spyOn(globalThis, 'fetch');
});

afterEach(() => {
  fetchMock.mockRestore();
});

const parseStatus = (value: unknown) => {
  if (typeof value !== 'object' || value === null || !('status' in value) || typeof value.status !== 'string') throw new TypeError('no status');
  return value.status;
};

describe('streamSse', () => {
  it('opens the stream with the bearer token and yields its events', async () => {
    fetchMock.mockResolvedValue(
      new Response('event: status\ndata: {"status":"processing"}\n\ndata: [DONE]\n\n', { headers: { 'content-type': 'text/event-stream' } }),
    );
    const accessToken = crypto.randomUUID();

    const statuses: string[] = [];
    for await (const message of streamSse('/api/document/v2/upload-stream', { method: 'POST', body: '{}', accessToken, parse: parseStatus })) {
      statuses.push(`${message.event}:${message.data}`);
    }

    expect(statuses).toEqual(['status:processing']);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/document/v2/upload-stream');
    expect(init?.method).toBe('POST');
    const headers = new Headers(init?.headers);
    expect(headers.get('authorization')).toBe(`Bearer ${accessToken}`);
    expect(headers.get('accept')).toBe('text/event-stream');
    expect(headers.get('x-request-id')).toBeTruthy();
  });

  it('rejects with the status and body when the stream cannot be opened', async () => {
    fetchMock.mockResolvedValue(new Response('{"message":"Authentication required"}', { status: 401 }));

    const events = streamSse('/api/msg/notify-stream', { parse: parseStatus });
    const failure = events.next();

    await expect(failure).rejects.toBeInstanceOf(SseHttpError);
    await expect(failure).rejects.toMatchObject({ status: 401, body: '{"message":"Authentication required"}' });
  });
});
