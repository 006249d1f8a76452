/**
 * How urgent a model request is: `interactive` (a tenant's draft, a chat answer, a caller on the phone: a person is
 * waiting) or `background` (reading a vault document: nobody watches it happen).
 */
export type QueuePriority = 'interactive' | 'background';

interface Pending {
  start: () => void;
}

/**
 * Runs tasks one at a time: the local model has one context sequence, and llama.cpp evaluates one request on it at
 * a time; queueing in process keeps requests from failing and keeps one request's tokens from interleaving with
 * another's. Interactive tasks go first, each class in arrival order: a batch of documents being read never makes a
 * tenant's draft wait for more than the one background task already running.
 */
export class SerialQueue {
  private readonly pending: Record<QueuePriority, Pending[]> = { interactive: [], background: [] };
  private busy = false;
  private waiting = 0;

  /** Tasks queued or running. */
  get size(): number {
    return this.waiting;
  }

  /**
   * `signal`: the caller gave up (its draft timed out, its reader left). A task still waiting leaves the queue at once
   * and never runs, so the model does not spend seconds on an answer nobody will read; a running task is the task's
   * own to stop (the local model passes the same signal to the generation).
   */
  run<T>(task: () => Promise<T>, priority: QueuePriority = 'interactive', signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    this.waiting += 1;
    return new Promise<T>((resolve, reject) => {
      const entry: Pending = {
        start: () => {
          signal?.removeEventListener('abort', leave);
          // A task that throws synchronously settles like one that rejects, and never stops the queue.
          Promise.resolve()
            .then(task)
            .then(resolve, reject)
            .finally(() => {
              this.waiting -= 1;
              this.busy = false;
              this.next();
            });
        },
      };
      const leave = (): void => {
        const line = this.pending[priority];
        const at = line.indexOf(entry);
        if (at === -1) return;
        line.splice(at, 1);
        this.waiting -= 1;
        reject(abortReason(signal!));
      };
      signal?.addEventListener('abort', leave, { once: true });
      this.pending[priority].push(entry);
      this.next();
    });
  }

  private next(): void {
    if (this.busy) return;
    const task = this.pending.interactive.shift() ?? this.pending.background.shift();
    if (!task) return;
    this.busy = true;
    task.start();
  }
}

function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException('The request was aborted', 'AbortError');
}
