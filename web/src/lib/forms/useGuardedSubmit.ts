import { useState } from 'react';
import { DIALOG_REPEAT_WINDOW_MS, ignoreRepeatsWithin } from './repeat-guard.js';

/**
 * A form's submit handler that ignores a repeat within 100 ms (spec 001 section 5). The guard lives as long as the
 * component; the handler it runs is this render's, so it never acts on stale props.
 */
export function useGuardedSubmit<Args extends unknown[]>(handler: (...args: Args) => unknown): (...args: Args) => void {
  const [guard] = useState(() => ignoreRepeatsWithin(DIALOG_REPEAT_WINDOW_MS, (run: () => void) => run()));
  return (...args) => guard(() => void handler(...args));
}
