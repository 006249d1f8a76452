import { ConfirmActionDialog } from '../../../lib/dialogs/ConfirmActionDialog.js';
import { useRetrieveTenantMutation } from '../../../app/generated/portfolio-api.js';
import type { Tenant } from '../tenant.js';
import { tenantMessages } from '../tenant-messages.js';

/** Retrieve Tenant confirmation: an archived tenant becomes active again (spec 001 sections 2 and 8). */
export function RetrieveTenantDialog({ tenant, onClose }: { tenant: Tenant | null; onClose: () => void }) {
  const [retrieveTenant] = useRetrieveTenantMutation();
  return (
    <ConfirmActionDialog
      open={tenant !== null}
      title="Retrieve Tenant"
      text={tenant ? `Are you sure you want to retrieve ${tenant.full_name}? The tenant becomes active again in ${tenant.unitName}.` : ''}
      confirmLabel="Retrieve"
      danger={false}
      action={() => retrieveTenant({ id: tenant!.id }).unwrap()}
      success={tenantMessages.retrieved}
      failure={tenantMessages.retrieveFailed}
      onClose={onClose}
    />
  );
}
