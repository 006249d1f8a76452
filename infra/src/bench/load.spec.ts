import { formatResults, measure, percentile } from './load.ts';

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
});
