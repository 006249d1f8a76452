/**
 * Runs model work with a deadline: its result, or `timedOut()` thrown after `ms`. At the deadline the signal given to
 * the work is aborted too, so the model's part of it is cancelled (it leaves the local model's queue, or its
 * generation stops) instead of holding the model while the next request waits. Drafts and document readings use it.
 */
export async function withDeadline<T>(ms: number, work: (signal: AbortSignal) => Promise<T>, timedOut: () => Error): Promise<T> {
  const abandon = new AbortController();
  const running = work(abandon.signal);
  // The abandoned work rejects with the abort: that rejection is expected and has no one left to read it.
  running.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      reject(timedOut());
      abandon.abort(timedOut());
    }, ms);
  });
  try {
    return await Promise.race([running, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
