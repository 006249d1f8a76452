import { setTimeout as sleep } from 'node:timers/promises';

export interface WaitForOptions {
  /** Milliseconds before giving up. */
  timeout: number;
  /** Milliseconds between attempts; 50 by default. */
  interval?: number;
  /** Names the awaited condition in the timeout error. */
  description?: string;
}

/**
 * Polls until the predicate returns a truthy value (returned) for eventually consistent effects: an event consumed,
 * an e-mail delivered. A throwing predicate counts as "not yet"; its last error is reported on timeout.
 */
export async function waitFor<T>(predicate: () => T | Promise<T>, options: WaitForOptions): Promise<NonNullable<T>> {
  const deadline = Date.now() + options.timeout;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await predicate();
      if (value) return value as NonNullable<T>;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() >= deadline) {
      const what = options.description ?? 'condition';
      const reason = lastError === undefined ? '' : ` (last error: ${lastError instanceof Error ? lastError.message : String(lastError)})`;
      throw new Error(`${what} not met within ${options.timeout}ms${reason}`, { cause: lastError });
    }
    await sleep(options.interval ?? 50);
  }
}
