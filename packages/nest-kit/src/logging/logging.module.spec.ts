import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import express from 'express';
import { pinoHttp } from 'pino-http';
import { httpLogOptions, redactUrlToken } from './logging.module.js';

describe('redactUrlToken', () => {
  it('hides a token wherever it sits in the query, and keeps everything else', () => {
    expect(redactUrlToken('/api/document/doc/7?token=eyJ.abc.def')).toBe('/api/document/doc/7?token=[redacted]');
    expect(redactUrlToken('/api/x?a=1&token=secret&b=2')).toBe('/api/x?a=1&token=[redacted]&b=2');
    expect(redactUrlToken('/api/x?TOKEN=secret#frag')).toBe('/api/x?TOKEN=[redacted]#frag');
    expect(redactUrlToken('/api/x?mytoken=keep&a=token=keep')).toBe('/api/x?mytoken=keep&a=token=keep');
  });
});

describe('the HTTP request log', () => {
  it('never writes the query token or the Authorization header, while the route still reads the token', async () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    let seenByRoute: unknown;
    const app = express();
    app.use(pinoHttp(httpLogOptions({ service: 'log-test', level: 'info' }), destination));
    app.get('/api/document/doc/:id', (req, res) => {
      seenByRoute = req.query['token'];
      res.json({ ok: true });
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((ready) => server.once('listening', ready));
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/api/document/doc/7?token=query-secret-123&page=2`, {
        headers: { authorization: 'Bearer header-secret-456' },
      });
      expect(response.status).toBe(200);
      await new Promise((flushed) => setImmediate(flushed));
    } finally {
      await new Promise((closed) => server.close(closed));
    }
    expect(seenByRoute).toBe('query-secret-123');
    const log = lines.join('');
    expect(log).toContain('"url":"/api/document/doc/7?token=[redacted]&page=2"');
    expect(log).not.toContain('query-secret-123');
    expect(log).not.toContain('header-secret-456');
  });
});

describe('the request line level', () => {
  it('is error for a 5xx (kept at LOG_LEVEL=warn) and info for a 2xx or 4xx (dropped at warn)', async () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const app = express();
    app.use(pinoHttp(httpLogOptions({ service: 'log-test', level: 'warn' }), destination));
    app.get('/status/:code', (req, res) => {
      res.status(Number(req.params['code'])).json({});
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((ready) => server.once('listening', ready));
    try {
      const { port } = server.address() as AddressInfo;
      for (const code of [200, 404, 503]) expect((await fetch(`http://127.0.0.1:${port}/status/${code}`)).status).toBe(code);
      await new Promise((flushed) => setImmediate(flushed));
    } finally {
      await new Promise((closed) => server.close(closed));
    }
    const entries = lines.map((line) => JSON.parse(line) as { level: number; res: { statusCode: number } });
    expect(entries.map((entry) => [entry.level, entry.res.statusCode])).toEqual([[50, 503]]);
  });
});
