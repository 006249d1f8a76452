/**
 * How urgent a model request is: `interactive` (a tenant's draft, a chat answer, a caller on the phone: a person is
 * waiting) or `background` (reading a vault document: nobody watches it happen).
 */
export type QueuePriority = 'interactive' | 'background';

/**
 * A queued task. It receives a signal that aborts when its caller gives up or, for background work, when an
 * interactive task arrives and takes the model from it: the task must stop then (the local model passes the signal to
 * the generation) and is run again, from the start, once no interactive work waits.
 */
export type QueueTask<T> = (signal: AbortSignal) => Promise<T>;

interface Pending {
  priority: QueuePriority;
  start: () => void;
}

interface Running {
  priority: QueuePriority;
  yieldToInteractive: AbortController;
}

/**
 * Runs tasks one at a time: the local model has one context sequence, and llama.cpp evaluates one request on it at
 * a time; queueing in process keeps requests from failing and keeps one request's tokens from interleaving with
 * another's. Interactive tasks go first, each class in arrival order, and an interactive task arriving while
 * background work runs stops that work and goes next: a tenant's draft never waits for a document being read (a
 * minute or more on two cores). The stopped work starts again later; its prompt's prefix is usually still in the
 * model's context, so little is lost.
 */
export class SerialQueue {
  private readonly pending: Record<QueuePriority, Pending[]> = { interactive: [], background: [] };
  private running: Running | undefined;
  private waiting = 0;

  /** Tasks queued or running. */
  get size(): number {
    return this.waiting;
  }

  /**
   * `signal`: the caller gave up (its draft timed out, its reader left). A task still waiting leaves the queue at once
   * and never runs, so the model does not spend seconds on an answer nobody will read; a running task sees the abort
   * on the signal it was given and stops.
   */
  run<T>(task: QueueTask<T>, priority: QueuePriority = 'interactive', signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    this.waiting += 1;
    return new Promise<T>((resolve, reject) => {
      const settle = (): void => {
        signal?.removeEventListener('abort', leave);
        this.waiting -= 1;
      };
      const entry: Pending = {
        priority,
        start: () => {
          const yieldToInteractive = new AbortController();
          const running: Running = { priority, yieldToInteractive };
          this.running = running;
          const taskSignal = signal ? AbortSignal.any([signal, yieldToInteractive.signal]) : yieldToInteractive.signal;
          // A task that throws synchronously settles like one that rejects, and never stops the queue.
          Promise.resolve(taskSignal)
            .then(task)
            .then(
              (value) => {
                settle();
                resolve(value);
              },
              (error: unknown) => {
                if (yieldToInteractive.signal.aborted && !signal?.aborted) {
                  // Stopped for an interactive task: first in line of its class again, run once the interactive are done.
                  this.pending[priority].unshift(entry);
                  return;
                }
                settle();
                reject(error);
              },
            )
            .finally(() => {
              if (this.running === running) this.running = undefined;
              this.next();
            });
        },
      };
      const leave = (): void => {
        const line = this.pending[priority];
        const at = line.indexOf(entry);
        if (at === -1) return;
        line.splice(at, 1);
        settle();
        reject(abortReason(signal!));
      };
      signal?.addEventListener('abort', leave, { once: true });
      this.pending[priority].push(entry);
      if (priority === 'interactive' && this.running?.priority === 'background') this.running.yieldToInteractive.abort();
      this.next();
    });
  }

  private next(): void {
    if (this.running) return;
    const task = this.pending.interactive.shift() ?? this.pending.background.shift();
    task?.start();
  }
}

function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException('The request was aborted', 'AbortError');
}
