import { useEffect, useState } from 'react';
import { useGetLocationTenantsQuery } from '../api.js';
import type { Tenant } from '../tenant.js';

/** Largest page the API gives (packages/contracts/src/page.ts). */
const PAGE = 200;

/**
 * Every active tenant of the location, for the invite dialog's picker: the pages are read one after another (200 at a
 * time) and joined, so a location of any size can be invited from one list. Data once the last page has arrived.
 */
export function useInvitableTenants(locationId: string) {
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const [earlierPages, setEarlierPages] = useState<Tenant[]>([]);
  const page = useGetLocationTenantsQuery({ locationId, cursor, limit: PAGE }, { refetchOnMountOrArgChange: true });
  const items = page.isFetching ? undefined : page.data?.items;
  const nextCursor = page.data?.next_cursor ?? null;
  useEffect(() => {
    if (!items || !nextCursor) return;
    setEarlierPages((before) => [...before, ...items]);
    setCursor(nextCursor);
  }, [items, nextCursor]);
  if (items && !nextCursor && page.isSuccess) return { data: [...earlierPages, ...items], isLoading: false, isSuccess: true as const, isError: false };
  return { data: undefined, isLoading: !page.isError, isSuccess: false as const, isError: page.isError };
}
