import { setTimeout as sleep } from 'node:timers/promises';
import { availableBatches } from './available-batches.js';

/**
 * A source like a pull consumer's iterator: items are pushed into its buffer as they arrive, whether or not anyone
 * is reading. `bursts` are pushed at once, `gapMs` apart; the source ends after the last one.
 */
function pushedInBursts(sizes: number[], gapMs: number): AsyncIterable<number> {
  const buffered: number[] = [];
  let ended = false;
  let wake: (() => void) | undefined;
  void (async () => {
    let next = 0;
    for (const [index, size] of sizes.entries()) {
      if (index > 0) await sleep(gapMs);
      for (let i = 0; i < size; i++) buffered.push(next++);
      wake?.();
    }
    ended = true;
    wake?.();
  })();
  return {
    async *[Symbol.asyncIterator]() {
      for (;;) {
        if (buffered.length) yield buffered.shift()!;
        else if (ended) return;
        else await new Promise<void>((resolve) => (wake = resolve));
      }
    },
  };
}

async function collect<T>(source: AsyncIterable<T[]>, handlingMs = 0): Promise<T[][]> {
  const batches: T[][] = [];
  for await (const batch of source) {
    batches.push(batch);
    if (handlingMs) await sleep(handlingMs);
  }
  return batches;
}

describe('availableBatches', () => {
  it('groups what arrives together and does not wait for more', async () => {
    expect(await collect(availableBatches(pushedInBursts([3, 1, 2], 20), 10))).toEqual([[0, 1, 2], [3], [4, 5]]);
  });

  it('splits a burst larger than the limit, keeping the order', async () => {
    expect(await collect(availableBatches(pushedInBursts([5], 0), 2))).toEqual([[0, 1], [2, 3], [4]]);
  });

  it('with a limit of 1 yields the items one by one', async () => {
    expect(await collect(availableBatches(pushedInBursts([3, 2], 5), 1))).toEqual([[0], [1], [2], [3], [4]]);
  });

  it('ends with an empty source, and after the last item of a partial batch', async () => {
    expect(await collect(availableBatches(pushedInBursts([], 0), 4))).toEqual([]);
    expect(await collect(availableBatches(pushedInBursts([2], 0), 4))).toEqual([[0, 1]]);
  });

  it('takes together what arrived while the previous batch was being handled', async () => {
    // Handling takes 40 ms; the bursts after the first come 10 ms apart, so three of them wait for it together.
    const batches = await collect(availableBatches(pushedInBursts([2, 1, 1, 1], 10), 10), 40);
    expect(batches).toEqual([[0, 1], [2, 3, 4]]);
  });
});
