/**
 * Runs tasks one at a time, in arrival order. The local model has one context sequence, and llama.cpp evaluates one
 * request on it at a time; queueing in process keeps requests from failing and keeps one request's tokens from
 * interleaving with another's.
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private waiting = 0;

  /** Tasks queued or running. */
  get size(): number {
    return this.waiting;
  }

  run<T>(task: () => Promise<T>): Promise<T> {
    this.waiting += 1;
    const result = this.tail.then(task, task);
    this.tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result.finally(() => {
      this.waiting -= 1;
    });
  }
}
