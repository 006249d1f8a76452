import { performance } from 'node:perf_hooks';

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
  let next = 0;
  const worker = async (count: number, record: number[] | null, failures: { n: number }) => {
    while (next < count) {
      const i = next++;
      const started = performance.now();
      const ok = await send(i).catch(() => false);
      if (!ok) failures.n++;
      else record?.push(performance.now() - started);
    }
  };
  const warmFailures = { n: 0 };
  await Promise.all(Array.from({ length: options.concurrency }, () => worker(options.warmup, null, warmFailures)));
  next = 0;
  const latencies: number[] = [];
  const failures = { n: 0 };
  const started = performance.now();
  await Promise.all(Array.from({ length: options.concurrency }, () => worker(options.requests, latencies, failures)));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    name,
    requests: options.requests,
    failures: failures.n,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    perSecond: options.requests / seconds,
  };
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
