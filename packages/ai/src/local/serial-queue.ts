/**
 * How urgent a model request is: `interactive` (a tenant's draft, a chat answer, a caller on the phone: a person is
 * waiting) or `background` (reading a vault document: nobody watches it happen).
 */
export type QueuePriority = 'interactive' | 'background';

/** Why a background task's signal fired when an interactive one arrived: it is put back, not failed. */
export class PreemptedError extends Error {
  constructor() {
    super('A waiting interactive request took the model; this background request runs again after it.');
    this.name = 'PreemptedError';
  }
}

interface Pending {
  priority: QueuePriority;
  /** The caller's own signal (it gave up), if any. */
  signal: AbortSignal | undefined;
  start: () => void;
  /** Takes the entry out of its line when its caller gives up while it waits. */
  leave: () => void;
}

/**
 * Runs tasks one at a time: the local model has one context, and evaluating two requests at once on two cores makes
 * both slow; queueing in process keeps requests from failing and keeps one request's tokens from interleaving with
 * another's. Interactive tasks go first, each class in arrival order.
 *
 * A background task is also preempted: when an interactive task arrives while one runs, the queue fires the signal
 * it gave that task (a `PreemptedError`), and when the task stops on it, the task goes back to the head of the
 * background line and runs again, from the start, once no interactive task waits. A tenant's draft therefore never
 * waits for a document being read, only for the model to stop between two tokens; the local model keeps what it had
 * evaluated for the preempted request on its own sequence, so running it again costs little.
 */
export class SerialQueue {
  private readonly pending: Record<QueuePriority, Pending[]> = { interactive: [], background: [] };
  private running: { priority: QueuePriority; preemption: AbortController | undefined } | undefined;
  private waiting = 0;
  private preemptedCount = 0;

  /** Tasks queued or running. */
  get size(): number {
    return this.waiting;
  }

  /** How many times a running background task was stopped for an interactive one (and queued again). */
  get preemptions(): number {
    return this.preemptedCount;
  }

  /**
   * `signal`: the caller gave up (its draft timed out, its reader left). A task still waiting leaves the queue at once
   * and never runs, so the model does not spend seconds on an answer nobody will read; a running task is the task's
   * own to stop: it gets a signal (the caller's, and for a background task the queue's preemption too) to pass on.
   */
  run<T>(task: (signal: AbortSignal | undefined) => Promise<T>, priority: QueuePriority = 'interactive', signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    this.waiting += 1;
    return new Promise<T>((resolve, reject) => {
      const entry: Pending = {
        priority,
        signal,
        leave: () => {
          const line = this.pending[priority];
          const at = line.indexOf(entry);
          if (at === -1) return;
          line.splice(at, 1);
          this.waiting -= 1;
          reject(abortReason(signal!));
        },
        start: () => {
          signal?.removeEventListener('abort', entry.leave);
          const preemption = priority === 'background' ? new AbortController() : undefined;
          this.running = { priority, preemption };
          const taskSignal = preemption === undefined ? signal : signal === undefined ? preemption.signal : AbortSignal.any([signal, preemption.signal]);
          // A task that throws synchronously settles like one that rejects, and never stops the queue.
          Promise.resolve()
            .then(() => task(taskSignal))
            .then(
              (value) => {
                this.waiting -= 1;
                resolve(value);
              },
              (error: unknown) => {
                // Stopped for an interactive task (and not given up by its caller): first in the background line again.
                if (preemption?.signal.aborted && !signal?.aborted) {
                  this.preemptedCount += 1;
                  this.enqueue(entry, 'front');
                  return;
                }
                this.waiting -= 1;
                reject(error);
              },
            )
            .finally(() => {
              this.running = undefined;
              this.next();
            });
        },
      };
      this.enqueue(entry, 'back');
      this.next();
    });
  }

  private enqueue(entry: Pending, end: 'front' | 'back'): void {
    entry.signal?.addEventListener('abort', entry.leave, { once: true });
    if (end === 'front') this.pending[entry.priority].unshift(entry);
    else this.pending[entry.priority].push(entry);
    if (entry.priority === 'interactive' && this.running?.priority === 'background') this.running.preemption?.abort(new PreemptedError());
  }

  private next(): void {
    if (this.running) return;
    const task = this.pending.interactive.shift() ?? this.pending.background.shift();
    if (!task) return;
    task.start();
  }
}

function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException('The request was aborted', 'AbortError');
}
