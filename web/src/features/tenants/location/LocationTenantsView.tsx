import { Button, Card, Space } from 'antd';
import { useState } from 'react';
import { useGetLocationTenantsQuery } from '../api.js';
import { TenantFormDialog } from '../components/TenantFormDialog.js';
import { TenantsTable } from '../components/TenantsTable.js';
import { InviteTenantsDialog } from '../invite/InviteTenantsDialog.js';
import { tenantMessages } from '../tenant-messages.js';
import { useLoadErrorToast } from '../../../lib/feedback/useLoadErrorToast.js';
import { CursorPager } from '../../../lib/pages/CursorPager.js';
import { useCursorPages } from '../../../lib/pages/useCursorPages.js';
import { PageTitle } from '../../../app/pm-shell/PageTitle.js';

/** The active or archived (past) tenants of one location, a page at a time, with Add a Tenant and Invite Tenants for active ones. */
export function LocationTenantsView({ locationId, archived = false, title }: { locationId: string; archived?: boolean; title: string }) {
  const pages = useCursorPages();
  const tenants = useGetLocationTenantsQuery({ locationId, archived, cursor: pages.cursor });
  const [adding, setAdding] = useState(false);
  const [inviting, setInviting] = useState(false);
  useLoadErrorToast(tenants.isError, tenantMessages.fetchForLocationFailed);

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
      <TenantsTable tenants={tenants.data?.items ?? []} loading={tenants.isFetching} showUnit />
      <CursorPager pages={pages} nextCursor={tenants.data?.next_cursor} total={tenants.data?.total} noun="tenants" />
      {archived ? null : (
        <>
          <TenantFormDialog mode="add" open={adding} locationId={locationId} onClose={() => setAdding(false)} />
          <InviteTenantsDialog locationId={locationId} open={inviting} onClose={() => setInviting(false)} />
        </>
      )}
    </Card>
  );
}
