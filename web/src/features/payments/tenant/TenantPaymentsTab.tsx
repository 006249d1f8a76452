import { Spin } from 'antd';
import { useGetTenantQuery } from '../../../app/generated/portfolio-api.js';
import { UnitLedger } from '../ledger/UnitLedger.js';
import { usePaymentWrite } from '../usePaymentWrite.js';

/** A tenant's Payments tab (spec 001 §2 tenant detail "payments"): the ledger of the tenant's unit. */
export function TenantPaymentsTab({ tenantId, locationId }: { tenantId: string; locationId: string }) {
  // The tenant's page has read the tenant (and says so when it could not): this is its cached answer.
  const tenant = useGetTenantQuery({ id: tenantId });
  const canWrite = usePaymentWrite(locationId);
  if (!tenant.data) return tenant.isLoading ? <Spin description="Loading…" /> : null;
  return <UnitLedger unitId={tenant.data.unit_id} canWrite={canWrite} title={`Ledger of unit ${tenant.data.unitName}`} />;
}
