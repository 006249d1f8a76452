import { useCallback, useState } from 'react';

/**
 * Where a paged list is: the cursor of the page on screen (undefined for the first) and the ones before it, so Previous
 * goes back without the server having to page backwards. `reset` returns to the first page (e.g. when the filter changes).
 */
export function useCursorPages() {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const cursor = cursors[cursors.length - 1];
  const next = useCallback((nextCursor: string) => setCursors((stack) => [...stack, nextCursor]), []);
  const previous = useCallback(() => setCursors((stack) => (stack.length > 1 ? stack.slice(0, -1) : stack)), []);
  const reset = useCallback(() => setCursors([undefined]), []);
  return { cursor, pageNumber: cursors.length, next, previous, reset };
}

export type CursorPages = ReturnType<typeof useCursorPages>;
