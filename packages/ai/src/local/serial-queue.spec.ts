import { describe, expect, it } from '@jest/globals';
import { SerialQueue } from './serial-queue.js';

const tick = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('SerialQueue', () => {
  it('runs tasks one at a time in arrival order, and a failure does not stop the ones behind it', async () => {
    const queue = new SerialQueue();
    let running = 0;
    let peak = 0;
    const order: string[] = [];
    const task = (name: string, fail = false) => async (): Promise<string> => {
      running += 1;
      peak = Math.max(peak, running);
      await tick(10);
      order.push(name);
      running -= 1;
      if (fail) throw new Error(name);
      return name;
    };
    const results = await Promise.allSettled([queue.run(task('a')), queue.run(task('b', true)), queue.run(task('c'))]);
    expect(peak).toBe(1);
    expect(order).toEqual(['a', 'b', 'c']);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(queue.size).toBe(0);
  });
});

describe('SerialQueue priorities', () => {
  it('runs waiting interactive tasks before waiting background ones, never two at once, each class in arrival order', async () => {
    const queue = new SerialQueue();
    const order: string[] = [];
    let running = 0;
    let peak = 0;
    const task = (name: string) => async (): Promise<void> => {
      running += 1;
      peak = Math.max(peak, running);
      await tick(5);
      order.push(name);
      running -= 1;
    };
    const all = [
      queue.run(task('doc-1'), 'background'),
      queue.run(task('doc-2'), 'background'),
      queue.run(task('doc-3'), 'background'),
      queue.run(task('draft-1')),
      queue.run(task('chat-1'), 'interactive'),
    ];
    await Promise.all(all);
    // doc-1 had started before anything else arrived; the interactive tasks then overtake the waiting documents.
    expect(order).toEqual(['doc-1', 'draft-1', 'chat-1', 'doc-2', 'doc-3']);
    expect(peak).toBe(1);
    expect(queue.size).toBe(0);
  });
});

describe('SerialQueue and a caller that gives up (abort)', () => {
  it('drops a waiting task whose caller aborted: it never runs, its caller gets the abort reason, the next one runs', async () => {
    const queue = new SerialQueue();
    const ran: string[] = [];
    const task = (name: string) => async (): Promise<string> => {
      await tick(5);
      ran.push(name);
      return name;
    };
    const abandoned = new AbortController();
    const first = queue.run(task('first'));
    const given = queue.run(task('given-up'), 'interactive', abandoned.signal);
    const last = queue.run(task('last'));
    expect(queue.size).toBe(3);
    abandoned.abort(new Error('draft timed out'));
    await expect(given).rejects.toThrow('draft timed out');
    expect(queue.size).toBe(2);
    await expect(Promise.all([first, last])).resolves.toEqual(['first', 'last']);
    expect(ran).toEqual(['first', 'last']);
    expect(queue.size).toBe(0);
  });

  it('refuses at once a task whose caller had already given up, and leaves a started task to stop itself', async () => {
    const queue = new SerialQueue();
    const before = new AbortController();
    before.abort();
    let ran = false;
    await expect(queue.run(async () => void (ran = true), 'background', before.signal)).rejects.toThrow(/abort/i);
    expect(ran).toBe(false);
    expect(queue.size).toBe(0);

    const during = new AbortController();
    const started = queue.run(async () => {
      await tick(5);
      return during.signal.aborted ? 'stopped by its own check' : 'finished';
    }, 'interactive', during.signal);
    await tick(1);
    during.abort();
    await expect(started).resolves.toBe('stopped by its own check');
    expect(queue.size).toBe(0);
  });
});
