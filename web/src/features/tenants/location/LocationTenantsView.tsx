import { limits } from '@pm/contracts';
import { Button, Card, Flex, Input, Space } from 'antd';
import { useState } from 'react';
import { useListLocationTenantsQuery } from '../../../app/generated/portfolio-api.js';
import { TenantFormDialog } from '../components/TenantFormDialog.js';
import { TenantsTable } from '../components/TenantsTable.js';
import { InviteTenantsDialog } from '../invite/InviteTenantsDialog.js';
import { tenantMessages } from '../tenant-messages.js';
import { useLoadErrorToast } from '../../../lib/feedback/useLoadErrorToast.js';
import { useDebouncedValue } from '../../../lib/hooks/useDebouncedValue.js';
import { CursorPager } from '../../../lib/pages/CursorPager.js';
import { useCursorPages } from '../../../lib/pages/useCursorPages.js';
import { PageTitle } from '../../../app/pm-shell/PageTitle.js';

/** One search request per pause in typing, as the other searchable tables do. */
const SEARCH_DEBOUNCE_MS = 300;
export const TENANT_PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_TENANT_PAGE_SIZE = 20;

/**
 * The active or archived (past) tenants of one location, a page at a time, searchable by name, unit, e-mail or
 * phone (the service searches the whole list, so a match on a later page is found), with Add a Tenant and Invite
 * Tenants for active ones.
 */
export function LocationTenantsView({ locationId, archived = false, title }: { locationId: string; archived?: boolean; title: string }) {
  const pages = useCursorPages();
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_TENANT_PAGE_SIZE);
  // `archived` is left out (not "false") for the active tenants, as the screens have always asked; so is a blank search.
  const tenants = useListLocationTenantsQuery({ locationId, archived: archived || undefined, cursor: pages.cursor, limit: pageSize, search: term || undefined });
  const [adding, setAdding] = useState(false);
  const [inviting, setInviting] = useState(false);
  useLoadErrorToast(tenants.isError, tenantMessages.fetchForLocationFailed);
  const items = tenants.data?.items ?? [];

  return (
    <Card
      title={<PageTitle>{title}</PageTitle>}
      extra={
        archived ? null : (
          <Space>
            <Button onClick={() => setInviting(true)}>Invite Tenants</Button>
            <Button type="primary" onClick={() => setAdding(true)}>
              Add a Tenant
            </Button>
          </Space>
        )
      }
    >
      <Flex vertical gap="middle">
        <Input.Search
          allowClear
          aria-label="Search tenants"
          placeholder={tenantMessages.searchPlaceholder}
          maxLength={limits.search}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            pages.reset();
          }}
          style={{ maxWidth: 360 }}
        />
        <div>
          <TenantsTable tenants={items} loading={tenants.isFetching} showUnit emptyText={term ? tenantMessages.noMatch : undefined} />
          <CursorPager
            pages={pages}
            nextCursor={tenants.data?.next_cursor}
            total={tenants.data?.total}
            noun="tenants"
            shown={items.length}
            size={{ pageSize, options: TENANT_PAGE_SIZES, onChange: setPageSize }}
          />
        </div>
      </Flex>
      {archived ? null : (
        <>
          <TenantFormDialog mode="add" open={adding} locationId={locationId} onClose={() => setAdding(false)} />
          <InviteTenantsDialog locationId={locationId} open={inviting} onClose={() => setInviting(false)} />
        </>
      )}
    </Card>
  );
}
