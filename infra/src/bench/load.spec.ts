import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LoopbackClient, formatResults, measure, measureAlternating, percentile } from './load.ts';

describe('the benchmark load loop', () => {
  it('takes percentiles by nearest rank', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 0.5)).toBe(50);
    expect(percentile(sorted, 0.95)).toBe(95);
    expect(percentile([7], 0.95)).toBe(7);
    expect(percentile([], 0.5)).toBeNaN();
  });

  it('sends exactly the requested number of measured requests after the warm-up, and counts failures apart', async () => {
    const seen: number[] = [];
    const result = await measure('t', async (i) => {
      seen.push(i);
      return i % 10 !== 0;
    }, { concurrency: 4, requests: 50, warmup: 5 });
    expect(seen).toHaveLength(55);
    expect(result.requests).toBe(50);
    expect(result.failures).toBe(5);
    expect(result.perSecond).toBeGreaterThan(0);
    expect(formatResults([result]).split('\n')).toHaveLength(3);
  });

  it('measures targets in turns, round after round, each with its requests numbered on from its warm-up', async () => {
    const calls: string[] = [];
    const rounds: string[] = [];
    const target = (name: string) => ({
      name,
      send: async (i: number) => (calls.push(`${name}${i}`), true),
      around: async (round: () => Promise<void>) => {
        rounds.push(name);
        await round();
      },
    });
    const [a, b] = await measureAlternating([target('a'), target('b')], { concurrency: 2, requests: 10, warmup: 2, rounds: 3 });
    expect(rounds).toEqual(['a', 'b', 'a', 'b', 'a', 'b']);
    expect([a!.requests, b!.requests]).toEqual([10, 10]);
    // Warm-ups first (a0 a1, b0 b1), then rounds of 4, 4 and 2 requests of each.
    expect(calls.slice(0, 4)).toEqual(['a0', 'a1', 'b0', 'b1']);
    expect(calls.slice(4, 8).every((call) => call.startsWith('a'))).toBe(true);
    expect(calls.slice(8, 12).every((call) => call.startsWith('b'))).toBe(true);
    expect(new Set(calls.filter((call) => call.startsWith('a')))).toEqual(new Set(Array.from({ length: 12 }, (_, i) => `a${i}`)));
    expect(calls).toHaveLength(24);
  });

  it('gets and posts forms over at most its number of kept-alive connections, answering each status', async () => {
    const connections = new Set<unknown>();
    const received: string[] = [];
    const server = createServer((req, res) => {
      connections.add(req.socket);
      let body = '';
      req.setEncoding('utf8').on('data', (chunk: string) => (body += chunk)).on('end', () => {
        received.push(`${req.method} ${req.headers['content-type'] ?? 'no type'} ${req.headers['x-signature']} ${body}`);
        res.writeHead(body.includes('refuse') ? 403 : 200).end('x'.repeat(64 * 1024));
      });
    });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    const url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/form`);
    const client = new LoopbackClient(2);
    try {
      const statuses = await Promise.all(Array.from({ length: 20 }, (_, i) => client.postForm(url, `n=${i}${i === 7 ? '&refuse=1' : ''}`, { 'x-signature': `s${i}` })));
      expect(statuses.filter((status) => status === 200)).toHaveLength(19);
      expect(statuses[7]).toBe(403);
      expect(received).toContain('POST application/x-www-form-urlencoded s3 n=3');
      expect(await client.get(url, { 'x-signature': 'g' })).toBe(200);
      expect(received).toContain('GET no type g ');
      expect(connections.size).toBeLessThanOrEqual(2);
    } finally {
      client.close();
      server.close();
    }
  });
});
