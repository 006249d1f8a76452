import type { Tenant } from './tenant.js';

export function aTenant(overrides: Partial<Tenant> = {}): Tenant {
  const id = overrides.id ?? crypto.randomUUID();
  const unit = overrides.unit ?? { id: overrides.unit_id ?? crypto.randomUUID(), name: overrides.unitName ?? 'Unit 1A' };
  const fullName = overrides.full_name ?? 'Jane Tenant';
  return {
    id,
    full_name: fullName,
    contacts: [{ type: 'email', value: 'jane@example.test' }],
    unit_id: unit.id,
    user_id: null,
    is_archived: false,
    is_deleted: false,
    is_primary: false,
    archived_at: null,
    metadata: { lease_start: null, lease_end: null, rent_amount_cents: null },
    onboarding_email_sent_at: null,
    created_at: new Date().toISOString(),
    unit,
    tenantId: id,
    tenantName: fullName,
    unitName: unit.name,
    buildingId: crypto.randomUUID(),
    buildingName: 'North Building',
    property_location_id: crypto.randomUUID(),
    ...overrides,
  };
}
