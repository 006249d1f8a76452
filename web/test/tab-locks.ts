/**
 * The Web Locks API's exclusive mode, for tests of several "tabs" in one jsdom (which has no navigator.locks): one
 * holder per name at a time, the others granted in the order they asked, as a browser does for its tabs.
 */
export class TabLocks {
  private readonly tails = new Map<string, Promise<unknown>>();
  readonly granted: string[] = [];

  request<T>(name: string, callback: () => Promise<T>): Promise<T> {
    const before = this.tails.get(name) ?? Promise.resolve();
    const held = before.then(() => {
      this.granted.push(name);
      return callback();
    });
    this.tails.set(name, held.catch(() => undefined));
    return held;
  }
}
