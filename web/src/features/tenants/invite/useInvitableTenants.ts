import { useEffect, useState } from 'react';
import { portfolioApi } from '../../../app/generated/portfolio-api.js';
import type { Tenant } from '../tenant.js';

/** Largest page the API gives (packages/contracts/src/page.ts). */
const PAGE = 200;

type Loaded = { locationId: string; tenants: Tenant[] } | { locationId: string; failed: true };

/**
 * Every active tenant of the location, for the invite dialog's picker: the pages are read one after another (200 at a
 * time, fresh from the server each time the dialog opens) and joined, so a location of any size can be invited from
 * one list. Data once the last page has arrived.
 */
export function useInvitableTenants(locationId: string) {
  const [readPage] = portfolioApi.endpoints.listLocationTenants.useLazyQuery();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    let current = true;
    const readAll = async () => {
      const tenants: Tenant[] = [];
      let cursor: string | undefined;
      do {
        const page = await readPage({ locationId, cursor, limit: PAGE }).unwrap();
        tenants.push(...page.items);
        cursor = page.next_cursor ?? undefined;
      } while (cursor);
      return tenants;
    };
    readAll().then(
      (tenants) => current && setLoaded({ locationId, tenants }),
      () => current && setLoaded({ locationId, failed: true }),
    );
    return () => {
      current = false;
    };
  }, [locationId, readPage]);
  const mine = loaded?.locationId === locationId ? loaded : null;
  if (mine && 'tenants' in mine) return { data: mine.tenants, isLoading: false, isSuccess: true as const, isError: false };
  return { data: undefined, isLoading: !mine, isSuccess: false as const, isError: mine !== null };
}
