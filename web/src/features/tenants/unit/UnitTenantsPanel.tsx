import { Button, Card } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useListUnitTenantsQuery } from '../../../app/generated/portfolio-api.js';
import { TenantFormDialog } from '../components/TenantFormDialog.js';
import { TenantsTable } from '../components/TenantsTable.js';
import { tenantMessages } from '../tenant-messages.js';
import { useLoadErrorToast } from '../../../lib/feedback/useLoadErrorToast.js';
import { CursorPager } from '../../../lib/pages/CursorPager.js';
import { useCursorPages } from '../../../lib/pages/useCursorPages.js';
import { SectionTitle } from '../../../app/pm-shell/PageTitle.js';

/** The query flag that opens "Add a Tenant" on arrival (spec 001 section 2; the checklist and invite dialog link it). */
export const OPEN_ADD_TENANT = 'openAddTenant';

/** The tenants of one unit, with "Add a Tenant" (spec 001 section 2: tenant list per unit). */
export function UnitTenantsPanel({ unitId, locationId }: { unitId: string; locationId: string }) {
  const pages = useCursorPages();
  const tenants = useListUnitTenantsQuery({ unit_id: unitId, cursor: pages.cursor });
  const [searchParams, setSearchParams] = useSearchParams();
  const [adding, setAdding] = useState(false);
  useLoadErrorToast(tenants.isError, tenantMessages.fetchFailed);

  // The flag opens the dialog on arrival; closing it drops the flag so a reload or Back does not open it again.
  const flagged = searchParams.get(OPEN_ADD_TENANT) === 'true';
  const closeAdd = () => {
    setAdding(false);
    if (flagged) {
      setSearchParams(
        (params) => {
          params.delete(OPEN_ADD_TENANT);
          return params;
        },
        { replace: true },
      );
    }
  };

  return (
    <Card
      title={<SectionTitle>Tenants</SectionTitle>}
      extra={
        <Button type="primary" onClick={() => setAdding(true)}>
          Add a Tenant
        </Button>
      }
    >
      <TenantsTable tenants={tenants.data?.items ?? []} loading={tenants.isFetching} showUnit={false} />
      <CursorPager pages={pages} nextCursor={tenants.data?.next_cursor} total={tenants.data?.total} noun="tenants" />
      <TenantFormDialog mode="add" open={adding || flagged} locationId={locationId} unitId={unitId} onClose={closeAdd} />
    </Card>
  );
}
