import type { EntityManager } from '@mikro-orm/postgresql';
import type { Tenant as TenantView } from '@pm/contracts';
import { Building } from '../buildings/building.entity.js';
import { Unit } from '../units/unit.entity.js';
import type { Tenant } from './tenant.entity.js';

/** What a tenant view is made of: the tenant's own fields (an entity, or a row of a list query). */
export type TenantFields = Pick<
  Tenant,
  'id' | 'fullName' | 'contacts' | 'unitId' | 'userId' | 'isArchived' | 'isPrimary' | 'archivedAt' | 'metadata' | 'onboardingEmailSentAt' | 'createdAt' | 'propertyLocationId'
>;

export function toTenantView(tenant: TenantFields, unit: Pick<Unit, 'id' | 'name'>, building: Pick<Building, 'id' | 'name'>): TenantView {
  return {
    id: tenant.id,
    full_name: tenant.fullName,
    contacts: tenant.contacts.map((c) => ({ type: c.type, value: c.value })),
    unit_id: tenant.unitId,
    user_id: tenant.userId ?? null,
    is_archived: tenant.isArchived,
    is_deleted: false,
    is_primary: tenant.isPrimary,
    archived_at: tenant.archivedAt?.toISOString() ?? null,
    metadata: {
      lease_start: tenant.metadata.lease_start ?? null,
      lease_end: tenant.metadata.lease_end ?? null,
      rent_amount_cents: tenant.metadata.rent_amount_cents ?? null,
    },
    onboarding_email_sent_at: tenant.onboardingEmailSentAt?.toISOString() ?? null,
    created_at: tenant.createdAt.toISOString(),
    unit: { id: unit.id, name: unit.name },
    tenantId: tenant.id,
    tenantName: tenant.fullName,
    unitName: unit.name,
    buildingId: building.id,
    buildingName: building.name,
    property_location_id: tenant.propertyLocationId,
  };
}

/** Views of many tenants with their units' and buildings' names, two queries whatever the number of tenants. */
export async function toTenantViews(em: EntityManager, tenants: readonly Tenant[]): Promise<TenantView[]> {
  if (tenants.length === 0) return [];
  const names = await placesOf(em, tenants);
  return tenants.map((t) => toTenantView(t, names.units.get(t.unitId)!, names.buildings.get(t.buildingId)!));
}

export async function placesOf(em: EntityManager, tenants: readonly Pick<Tenant, 'unitId' | 'buildingId'>[]): Promise<{ units: Map<string, Unit>; buildings: Map<string, Building> }> {
  const units = await em.find(Unit, { id: { $in: [...new Set(tenants.map((t) => t.unitId))] } });
  const buildings = await em.find(Building, { id: { $in: [...new Set(tenants.map((t) => t.buildingId))] } });
  return { units: new Map(units.map((u) => [u.id, u])), buildings: new Map(buildings.map((b) => [b.id, b])) };
}
