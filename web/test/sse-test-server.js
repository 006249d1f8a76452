// A real HTTP server on a loopback port for the SSE helpers' tests, so they exercise fetch, streams and sockets as
// the browser would, instead of a mocked fetch. Each connection is handed to the test's script with its index.
import { createServer } from 'node:http';

/** @param {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, index: number) => void} script */
export async function startSseTestServer(script) {
  const requests = [];
  const sockets = new Set();
  const server = createServer((req, res) => {
    const record = { headers: req.headers, at: Date.now(), closed: false };
    requests.push(record);
    res.on('close', () => {
      record.closed = true;
    });
    script(req, res, requests.length - 1);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/api/test/stream`,
    requests,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Starts an event-stream answer. */
export function openEventStream(res) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.flushHeaders();
}
