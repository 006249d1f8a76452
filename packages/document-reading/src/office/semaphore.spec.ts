import { describe, expect, it } from '@jest/globals';
import { Semaphore } from './semaphore.js';

describe('Semaphore', () => {
  it('runs at most `limit` tasks at once, in arrival order, and frees the slot when a task fails', async () => {
    const semaphore = new Semaphore(2);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const task = (id: number, fail = false) => async () => {
      running += 1;
      peak = Math.max(peak, running);
      order.push(id);
      await new Promise((resolve) => setTimeout(resolve, 10));
      running -= 1;
      if (fail) throw new Error(`task ${id} failed`);
      return id;
    };
    const results = await Promise.allSettled([1, 2, 3, 4, 5].map((id) => semaphore.use(task(id, id === 1))));
    expect(peak).toBe(2);
    expect(order).toEqual([1, 2, 3, 4, 5]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
  });

  it('refuses a limit below 1', () => {
    expect(() => new Semaphore(0)).toThrow(RangeError);
  });
});
