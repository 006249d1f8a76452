const NOTHING_YET = Symbol('nothing yet');

/**
 * Groups an async iterable's items into batches of those already at hand: each batch starts with the next item
 * (waiting for it if need be) and takes the items that follow without waiting, up to `max`. A pull consumer's
 * iterator holds the whole pulled batch at once, so under load a batch is what the server delivered together, and
 * when idle it is one item, handled as soon as it arrives. With `max` 1 it is the items one by one.
 *
 * The race with a macrotask is what "already at hand" means: an item the source has buffered resolves in
 * microtasks, before the timer; a `next()` that loses the race is not dropped but starts the following batch.
 */
export async function* availableBatches<T>(source: AsyncIterable<T>, max: number): AsyncGenerator<T[]> {
  const iterator = source[Symbol.asyncIterator]();
  let carried: Promise<IteratorResult<T>> | undefined;
  for (;;) {
    const first = await (carried ?? iterator.next());
    carried = undefined;
    if (first.done) return;
    const batch = [first.value];
    let ended = false;
    while (batch.length < max) {
      const next = iterator.next();
      const settled = await Promise.race([next, new Promise<typeof NOTHING_YET>((resolve) => setImmediate(resolve, NOTHING_YET))]);
      if (settled === NOTHING_YET) {
        carried = next;
        break;
      }
      if (settled.done) {
        ended = true;
        break;
      }
      batch.push(settled.value);
    }
    yield batch;
    if (ended) return;
  }
}
