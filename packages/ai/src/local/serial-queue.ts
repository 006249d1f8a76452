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

  run<T>(task: () => Promise<T>, priority: QueuePriority = 'interactive'): Promise<T> {
    this.waiting += 1;
    return new Promise<T>((resolve, reject) => {
      this.pending[priority].push({
        start: () => {
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
      });
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
