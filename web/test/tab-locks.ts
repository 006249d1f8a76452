/**
 * The Web Locks API's exclusive mode, for tests of several "tabs" in one jsdom (which has no navigator.locks): one
 * holder per name at a time, the others granted in the order they asked, as a browser does for its tabs; with
 * `ifAvailable`, the callback gets null at once when the lock is held or asked for.
 */
export class TabLocks {
  private readonly tails = new Map<string, Promise<unknown>>();
  private readonly pending = new Map<string, number>();
  readonly granted: string[] = [];

  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
  request<T>(name: string, options: { ifAvailable: true }, callback: (lock: unknown) => Promise<T> | T): Promise<T>;
  request<T>(name: string, ...args: [() => Promise<T>] | [{ ifAvailable: true }, (lock: unknown) => Promise<T> | T]): Promise<T> {
    const callback = (args.length === 1 ? args[0] : args[1]) as (lock: unknown) => Promise<T> | T;
    if (args.length === 2 && (this.pending.get(name) ?? 0) > 0) return Promise.resolve().then(() => callback(null));
    this.pending.set(name, (this.pending.get(name) ?? 0) + 1);
    const before = this.tails.get(name) ?? Promise.resolve();
    const held = before
      .then(() => {
        this.granted.push(name);
        return callback({ name });
      })
      .finally(() => this.pending.set(name, this.pending.get(name)! - 1));
    this.tails.set(name, held.catch(() => undefined));
    return held;
  }
}
