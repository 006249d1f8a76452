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

describe('SerialQueue preempting background work', () => {
  /** A task that works `ms` unless its signal fires first (then it rejects with the signal's reason, as the model does). */
  const stoppable = (name: string, ms: number, log: string[]) => (signal: AbortSignal | undefined) =>
    new Promise<string>((resolve, reject) => {
      log.push(`start ${name}`);
      const timer = setTimeout(() => {
        log.push(`end ${name}`);
        resolve(name);
      }, ms);
      signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        log.push(`stopped ${name}`);
        reject(signal.reason);
      }, { once: true });
    });

  it('stops a running background task for an interactive one, then runs it again from the start; its caller sees one answer', async () => {
    const queue = new SerialQueue();
    const log: string[] = [];
    const reading = queue.run(stoppable('reading', 200, log), 'background');
    const later = queue.run(stoppable('later-reading', 5, log), 'background');
    await tick(20);
    const draft = queue.run(stoppable('draft', 10, log), 'interactive');
    await expect(draft).resolves.toBe('draft');
    await expect(reading).resolves.toBe('reading');
    await expect(later).resolves.toBe('later-reading');
    // The preempted reading keeps its place ahead of the reading queued after it.
    expect(log).toEqual(['start reading', 'stopped reading', 'start draft', 'end draft', 'start reading', 'end reading', 'start later-reading', 'end later-reading']);
    expect(queue.preemptions).toBe(1);
    expect(queue.size).toBe(0);
  });

  it('ranks an attended reading (a person\'s upload) between the two: it preempts a background reading and yields to a draft', async () => {
    const queue = new SerialQueue();
    const log: string[] = [];
    const imported = queue.run(stoppable('import', 100, log), 'background');
    await tick(10);
    const uploaded = queue.run(stoppable('upload', 100, log), 'attended');
    await tick(10);
    const draft = queue.run(stoppable('draft', 10, log), 'interactive');
    await expect(Promise.all([draft, uploaded, imported])).resolves.toEqual(['draft', 'upload', 'import']);
    expect(log).toEqual(['start import', 'stopped import', 'start upload', 'stopped upload', 'start draft', 'end draft', 'start upload', 'end upload', 'start import', 'end import']);
    expect(queue.preemptions).toBe(2);
  });

  it('never lets a chat answer hold up a draft: a waiting draft goes first, a running answer stops for it and runs again; an answer goes before a reading', async () => {
    const queue = new SerialQueue();
    const log: string[] = [];
    const reading = queue.run(stoppable('reading', 100, log), 'attended');
    await tick(10);
    const answer = queue.run(stoppable('answer', 60, log), 'conversation');
    const secondAnswer = queue.run(stoppable('second-answer', 5, log), 'conversation');
    await tick(10);
    const draft = queue.run(stoppable('draft', 10, log), 'interactive');
    const secondDraft = queue.run(stoppable('second-draft', 10, log), 'interactive');
    await expect(Promise.all([draft, secondDraft, answer, secondAnswer, reading])).resolves.toEqual(['draft', 'second-draft', 'answer', 'second-answer', 'reading']);
    expect(log).toEqual([
      'start reading',
      'stopped reading',
      'start answer',
      'stopped answer',
      'start draft',
      'end draft',
      'start second-draft',
      'end second-draft',
      'start answer',
      'end answer',
      'start second-answer',
      'end second-answer',
      'start reading',
      'end reading',
    ]);
    expect(queue.preemptions).toBe(2);
  });

  it('never preempts an interactive task, and a background task that finishes despite the signal keeps its answer', async () => {
    const queue = new SerialQueue();
    const log: string[] = [];
    const chat = queue.run(stoppable('chat', 30, log), 'interactive');
    await tick(5);
    const draft = queue.run(stoppable('draft', 5, log), 'interactive');
    await expect(Promise.all([chat, draft])).resolves.toEqual(['chat', 'draft']);
    expect(log).toEqual(['start chat', 'end chat', 'start draft', 'end draft']);

    // A task that ignores its signal is not run twice.
    let runs = 0;
    const stubborn = queue.run(async () => {
      runs += 1;
      await tick(20);
      return 'read';
    }, 'background');
    await tick(5);
    await queue.run(async () => 'answered', 'interactive');
    await expect(stubborn).resolves.toBe('read');
    expect(runs).toBe(1);
    expect(queue.preemptions).toBe(0);
  });

  it('a preempted task whose caller gave up while it waited to run again is refused with the caller\'s reason', async () => {
    const queue = new SerialQueue();
    const log: string[] = [];
    const caller = new AbortController();
    const reading = queue.run(stoppable('reading', 200, log), 'background', caller.signal);
    await tick(10);
    const draft = queue.run(stoppable('draft', 40, log), 'interactive');
    await tick(10);
    caller.abort(new Error('reading timed out'));
    await expect(reading).rejects.toThrow('reading timed out');
    await expect(draft).resolves.toBe('draft');
    expect(log).toEqual(['start reading', 'stopped reading', 'start draft', 'end draft']);
    expect(queue.size).toBe(0);
  });
});
