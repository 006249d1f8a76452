import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A `?name=true` flag that opens a dialog on arrival (spec 001 section 2). Clearing it (when the dialog closes)
 * removes it from the address without a new history entry, so Back and a reload do not reopen the dialog.
 */
export function useQueryFlag(name: string): [boolean, () => void] {
  const [params, setParams] = useSearchParams();
  const on = params.get(name) === 'true';
  const clear = useCallback(() => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(name);
        return next;
      },
      { replace: true },
    );
  }, [name, setParams]);
  return [on, clear];
}
