import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

/** What one measured target gave: latencies in milliseconds and throughput. */
export interface LoadResult {
  name: string;
  requests: number;
  failures: number;
  p50: number;
  p95: number;
  p99: number;
  perSecond: number;
}

export interface LoadOptions {
  /** Requests in flight at once (closed loop: each worker sends its next request when the previous one answered). */
  concurrency: number;
  /** Requests measured in all; bounded so the run stops by itself. */
  requests: number;
  /** Requests sent first and not measured (connection set-up, JIT, caches). */
  warmup: number;
}

/**
 * Runs `send` `requests` times with `concurrency` workers and reports p50/p95 latency and requests per second.
 * `send` resolves to false (or throws) for a failed request; failures are counted, not timed.
 */
export async function measure(name: string, send: (i: number) => Promise<boolean>, options: LoadOptions): Promise<LoadResult> {
  const [result] = await measureAlternating([{ name, send }], { ...options, rounds: 1 });
  return result;
}

/** One target of `measureAlternating`. */
export interface LoadTarget {
  name: string;
  /** Sends request `i` (numbered from 0 across the warm-up and every round, so each is distinct). */
  send: (i: number) => Promise<boolean>;
  /** Wraps each of the target's measured rounds, e.g. to read CPU counters before and after. */
  around?: (round: () => Promise<void>) => Promise<void>;
}

/**
 * Measures several targets under the same load in turns: each is warmed up, then `rounds` rounds run target after
 * target, each round `requests / rounds` requests of one target. So a change in what else the machine does during the
 * run (other processes, a background flush) falls on all targets alike instead of on whichever ran then, and their
 * ratio is steadier than that of two runs one after the other. Each target's figures pool its rounds.
 */
export async function measureAlternating<const Targets extends readonly LoadTarget[]>(
  targets: Targets,
  options: LoadOptions & {
    rounds: number;
    /**
     * A pause after each round, untimed but inside `around`: the work a target's requests started in the background
     * (an outbox relay, consumers) finishes there, counted in that target's CPU and not in the next target's round.
     */
    settleMs?: number;
  },
): Promise<{ [K in keyof Targets]: LoadResult }> {
  const perRound = Math.ceil(options.requests / options.rounds);
  const tallies = targets.map(() => ({ latencies: [] as number[], failures: 0, seconds: 0, requests: 0 }));
  for (const target of targets) await runRound(target.send, options.warmup, options.concurrency, 0);
  for (let round = 0; round < options.rounds; round++) {
    for (const [t, target] of targets.entries()) {
      const tally = tallies[t]!;
      const count = Math.min(perRound, options.requests - tally.requests);
      if (count <= 0) continue;
      const run = async () => {
        // Numbered on after the warm-up and the earlier rounds.
        const result = await runRound(target.send, count, options.concurrency, options.warmup + tally.requests);
        tally.latencies.push(...result.latencies);
        tally.failures += result.failures;
        tally.seconds += result.seconds;
        tally.requests += count;
        if (options.settleMs) await sleep(options.settleMs);
      };
      await (target.around ? target.around(run) : run());
    }
  }
  // One result per target, in their order: the mapped tuple type says so to the caller.
  return targets.map((target, t) => {
    const { latencies, failures, seconds, requests } = tallies[t]!;
    latencies.sort((a, b) => a - b);
    return {
      name: target.name,
      requests,
      failures,
      p50: percentile(latencies, 0.5),
      p95: percentile(latencies, 0.95),
      p99: percentile(latencies, 0.99),
      perSecond: requests / seconds,
    };
  }) as { [K in keyof Targets]: LoadResult };
}

/** `count` requests from `concurrency` closed-loop workers, numbered from `offset`; the successful ones timed. */
async function runRound(send: (i: number) => Promise<boolean>, count: number, concurrency: number, offset: number) {
  let next = 0;
  const latencies: number[] = [];
  let failures = 0;
  const worker = async () => {
    while (next < count) {
      const i = offset + next++;
      const started = performance.now();
      const ok = await send(i).catch(() => false);
      if (ok) latencies.push(performance.now() - started);
      else failures++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { latencies, failures, seconds: (performance.now() - started) / 1000 };
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1));
  return sorted[index]!;
}

/** A fixed-width table of results, the baseline first. */
export function formatResults(results: readonly LoadResult[]): string {
  return formatTable(
    ['target', 'requests', 'failed', 'p50 ms', 'p95 ms', 'p99 ms', 'req/s'],
    results.map((r) => [r.name, String(r.requests), String(r.failures), r.p50.toFixed(2), r.p95.toFixed(2), r.p99.toFixed(2), r.perSecond.toFixed(0)]),
  );
}

/** Fixed-width columns: the first left-aligned, the others (figures) right-aligned. */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((row) => row[c]!.length)));
  const line = (cells: readonly string[]) => cells.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/**
 * The load generator's HTTP client for loopback servers: `node:http` over kept-alive connections, at most
 * `connections` of them. Not `fetch`: its streams, Headers and Response objects are garbage the load generator
 * collects on the same two cores, and its scavenges (7–24 ms in a profiled messaging bench run) fell on every request
 * in flight and set the p99 of the floor and of the target alike.
 */
export class LoopbackClient {
  private readonly agent: Agent;

  constructor(connections: number) {
    this.agent = new Agent({ keepAlive: true, maxSockets: connections });
  }

  /** GETs `url` and resolves to the answer's status once its body has been read to the end. */
  get(url: URL, headers: Readonly<Record<string, string>> = {}): Promise<number> {
    return this.send(url, 'GET', headers);
  }

  /** Posts `form` (form-encoded) and resolves to the answer's status once its body has been read to the end. */
  postForm(url: URL, form: string, headers: Readonly<Record<string, string>> = {}): Promise<number> {
    return this.send(url, 'POST', { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(Buffer.byteLength(form)), ...headers }, form);
  }

  close(): void {
    this.agent.destroy();
  }

  private send(url: URL, method: string, headers: Readonly<Record<string, string>>, body?: string): Promise<number> {
    return new Promise((resolve, reject) => {
      const outgoing = request(url, { method, agent: this.agent, headers }, (answer) => {
        answer.once('error', reject).once('end', () => resolve(answer.statusCode ?? 0));
        answer.resume();
      });
      outgoing.once('error', reject);
      outgoing.end(body);
    });
  }
}
