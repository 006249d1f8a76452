import { EntityDocumentsPanel } from './EntityDocumentsPanel.js';

/** A tenant's Documents tab (spec 001 §2 tenant detail "with documents"). */
export function TenantDocumentsTab({ tenantId, locationId }: { tenantId: string; locationId: string }) {
  return <EntityDocumentsPanel entityType="tenant" entityId={tenantId} locationId={locationId} />;
}
