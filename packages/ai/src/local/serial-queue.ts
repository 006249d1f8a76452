/**
 * How urgent a model request is, most urgent first: `interactive` (a tenant's draft, a caller on the phone: a tenant
 * waits for the answer, and a manager's chat must never hold it up), `conversation` (a chat answer a person watches
 * arrive word by word: the manager's AI chat, Terri), `attended` (reading a document a person uploaded and watches
 * being processed), `background` (reading a document that came in on its own: an import, an e-mail attachment).
 */
export const QUEUE_PRIORITIES = ['interactive', 'conversation', 'attended', 'background'] as const;
export type QueuePriority = (typeof QUEUE_PRIORITIES)[number];
const rank = (priority: QueuePriority): number => QUEUE_PRIORITIES.indexOf(priority);

/** Why a task's signal fired when a more urgent one arrived: it is put back, not failed. */
export class PreemptedError extends Error {
  constructor() {
    super('A more urgent request took the model; this request runs again after it.');
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
 * another's. The more urgent tasks go first (`QUEUE_PRIORITIES`), each class in arrival order.
 *
 * A running task is also preempted by a more urgent one (an interactive task is never preempted): when one arrives,
 * the queue fires the signal it gave the running task (a `PreemptedError`), and when the task stops on it, the task
 * goes back to the head of its line and runs again, from the start, once nothing more urgent waits. A tenant's draft
 * therefore never waits for a chat answer or a document being read, only for the model to stop between two tokens;
 * the local model keeps what it had evaluated for the preempted request on that priority's own sequence, so running
 * it again costs little (a chat answer run again with greedy sampling repeats the words it had shown, and goes on).
 */
export class SerialQueue {
  private readonly pending = Object.fromEntries(QUEUE_PRIORITIES.map((priority) => [priority, [] as Pending[]])) as Record<QueuePriority, Pending[]>;
  private running: { priority: QueuePriority; preemption: AbortController | undefined } | undefined;
  private waiting = 0;
  private preemptedCount = 0;

  /** Tasks queued or running. */
  get size(): number {
    return this.waiting;
  }

  /** How many times a running task was stopped for a more urgent one (and queued again). */
  get preemptions(): number {
    return this.preemptedCount;
  }

  /**
   * `signal`: the caller gave up (its draft timed out, its reader left). A task still waiting leaves the queue at once
   * and never runs, so the model does not spend seconds on an answer nobody will read; a running task is the task's
   * own to stop: it gets a signal (the caller's, and unless it is interactive the queue's preemption too) to pass on.
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
          const preemption = priority === 'interactive' ? undefined : new AbortController();
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
                // Stopped for a more urgent task (and not given up by its caller): first in its line again.
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
    if (this.running && rank(entry.priority) < rank(this.running.priority)) this.running.preemption?.abort(new PreemptedError());
  }

  private next(): void {
    if (this.running) return;
    const line = QUEUE_PRIORITIES.find((priority) => this.pending[priority].length > 0);
    if (line) this.pending[line].shift()!.start();
  }
}

function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException('The request was aborted', 'AbortError');
}
