import { ConfirmActionDialog } from '../../../lib/dialogs/ConfirmActionDialog.js';
import { useDeleteTenantMutation } from '../../../app/generated/portfolio-api.js';
import type { Tenant } from '../tenant.js';
import { tenantMessages } from '../tenant-messages.js';

/**
 * Archive/Delete Tenant (spec 001 section 4): an active tenant is archived on the first delete; an archived one is
 * deleted for good, and the confirmation says so.
 */
export function DeleteTenantDialog({ tenant, onClose, onDone }: { tenant: Tenant | null; onClose: () => void; onDone?: (deleted: boolean) => void }) {
  const [deleteTenant] = useDeleteTenantMutation();
  const permanent = tenant?.is_archived === true;
  return (
    <ConfirmActionDialog
      open={tenant !== null}
      title={permanent ? 'Delete Tenant' : 'Archive Tenant'}
      text={
        !tenant
          ? ''
          : permanent
            ? `Are you sure you want to permanently delete ${tenant.full_name}? This action cannot be undone.`
            : `Are you sure you want to archive ${tenant.full_name}? Archived tenants are listed under past tenants and can be retrieved.`
      }
      confirmLabel={permanent ? 'Delete' : 'Archive'}
      action={() => deleteTenant({ id: tenant!.id }).unwrap()}
      success={(result) => (result.is_deleted ? tenantMessages.deleted : tenantMessages.archived)}
      failure={tenantMessages.deleteFailed}
      onClose={onClose}
      onDone={(result) => onDone?.(result.is_deleted)}
    />
  );
}
