/**
 * Wraps a submit handler so a repeat within `windowMs` of the last accepted call is ignored (spec section 5:
 * dialog forms ignore a repeat submission within 100 ms — a double click or Enter plus click submits once).
 */
export function ignoreRepeatsWithin<Args extends unknown[]>(
  windowMs: number,
  handler: (...args: Args) => void,
  now: () => number = () => performance.now(),
): (...args: Args) => void {
  let last = Number.NEGATIVE_INFINITY;
  return (...args) => {
    const at = now();
    if (at - last < windowMs) return;
    last = at;
    handler(...args);
  };
}

export const DIALOG_REPEAT_WINDOW_MS = 100;
