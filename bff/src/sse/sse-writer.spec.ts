import type { AddressInfo } from 'node:net';
import express from 'express';
import { sendSse } from './sse-writer.js';

/** A real HTTP server whose one route streams frames of 64 KB for as long as the producer is allowed to. */
async function startProducer() {
  const state = { produced: 0, clientGone: false, finished: false };
  const app = express();
  app.get('/stream', (_req, res) => {
    const chunk = 'x'.repeat(64 * 1024);
    void sendSse(
      res,
      async function* (clientGone) {
        clientGone.addEventListener('abort', () => {
          state.clientGone = true;
        });
        while (!clientGone.aborted) {
          state.produced++;
          // A turn of the event loop per frame, so a writer that ignored backpressure fails the test instead of hanging it.
          await new Promise((resolve) => setImmediate(resolve));
          yield { id: String(state.produced), data: chunk };
        }
      },
      { onError: () => undefined },
    ).then(() => {
      state.finished = true;
    });
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/stream`, state, close: () => server.close() };
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('sendSse', () => {
  it('stops pulling from the producer while the client does not read, and releases it when the client leaves', async () => {
    const producer = await startProducer();
    const abort = new AbortController();
    try {
      const response = await fetch(producer.url, { signal: abort.signal });
      expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      await settle(500);
      const whileStalled = producer.state.produced;
      await settle(300);
      // Socket buffers hold some frames; after that the producer waits instead of filling the BFF's memory.
      expect(producer.state.produced).toBe(whileStalled);
      expect(whileStalled).toBeLessThan(1_000);

      const reader = response.body!.getReader();
      let bytes = 0;
      while (bytes < (whileStalled + 20) * 64 * 1024) bytes += (await reader.read()).value!.length;
      expect(producer.state.produced).toBeGreaterThan(whileStalled);

      abort.abort();
      await settle(200);
      expect(producer.state.clientGone).toBe(true);
      expect(producer.state.finished).toBe(true);
    } finally {
      abort.abort();
      producer.close();
    }
    // Megabytes through a real socket and fetch's stream, beside every other unit file on two cores: jest's 5 s
    // default was passed in CI while the platform started next to the unit pass.
  }, 30_000);
});
