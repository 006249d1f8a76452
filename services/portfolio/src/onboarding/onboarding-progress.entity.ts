import { defineEntity, p } from '@mikro-orm/core';
import type { OnboardingProgress as OnboardingProgressView } from '@pm/contracts';

const OnboardingProgressSchema = defineEntity({
  name: 'OnboardingProgress',
  tableName: 'onboarding_progress',
  properties: {
    userId: p.string().primary().fieldName('user_id'),
    hasPropertyLocation: p.boolean().default(false).fieldName('has_property_location'),
    firstPropertyLocationId: p.string().nullable().fieldName('first_property_location_id'),
    // The flags below arrive with their events (buildings, units, tenants, phone numbers, ... in issue 4 and later);
    // each event handler sets its own columns, so adding one is a new consumer, not a new table.
    hasPhoneNumber: p.boolean().default(false).fieldName('has_phone_number'),
    hasBuilding: p.boolean().default(false).fieldName('has_building'),
    firstBuildingId: p.string().nullable().fieldName('first_building_id'),
    hasUnit: p.boolean().default(false).fieldName('has_unit'),
    firstUnitId: p.string().nullable().fieldName('first_unit_id'),
    hasTenant: p.boolean().default(false).fieldName('has_tenant'),
    firstTenantId: p.string().nullable().fieldName('first_tenant_id'),
    hasLeaseDocument: p.boolean().default(false).fieldName('has_lease_document'),
    hasRentSetup: p.boolean().default(false).fieldName('has_rent_setup'),
    hasStripeConnected: p.boolean().default(false).fieldName('has_stripe_connected'),
    hasEmailAddress: p.boolean().default(false).fieldName('has_email_address'),
    hasTenantsWithOnboardingEmailSent: p.boolean().default(false).fieldName('has_tenants_with_onboarding_email_sent'),
    updatedAt: p.datetime().fieldName('updated_at'),
  },
});

/** The onboarding checklist of one user, a read model built only from events (never by asking other services). */
export class OnboardingProgress extends OnboardingProgressSchema.class {
  locationAdded(locationId: string, now = new Date()): void {
    this.hasPropertyLocation = true;
    // Location ids are UUIDv7: the smallest is the earliest, whatever order the events arrive in.
    if (!this.firstPropertyLocationId || locationId < this.firstPropertyLocationId) this.firstPropertyLocationId = locationId;
    this.updatedAt = now;
  }

  locationRemoved(locationId: string, nextFirstLocationId: string | null, now = new Date()): void {
    if (this.firstPropertyLocationId === locationId) this.firstPropertyLocationId = nextFirstLocationId;
    this.hasPropertyLocation = this.firstPropertyLocationId !== null;
    this.updatedAt = now;
  }

  /** Ids are UUIDv7: the smallest is the earliest, whatever order the events arrive in. */
  buildingAdded(buildingId: string, now = new Date()): void {
    this.hasBuilding = true;
    if (!this.firstBuildingId || buildingId < this.firstBuildingId) this.firstBuildingId = buildingId;
    this.updatedAt = now;
  }

  unitAdded(unitId: string, now = new Date()): void {
    this.hasUnit = true;
    if (!this.firstUnitId || unitId < this.firstUnitId) this.firstUnitId = unitId;
    this.updatedAt = now;
  }

  tenantAdded(tenantId: string, now = new Date()): void {
    this.hasTenant = true;
    if (!this.firstTenantId || tenantId < this.firstTenantId) this.firstTenantId = tenantId;
    this.updatedAt = now;
  }

  tenantsInvited(now = new Date()): void {
    this.hasTenantsWithOnboardingEmailSent = true;
    this.updatedAt = now;
  }

  toView(): OnboardingProgressView {
    return {
      hasPropertyLocation: this.hasPropertyLocation,
      hasPhoneNumber: this.hasPhoneNumber,
      hasBuilding: this.hasBuilding,
      hasUnit: this.hasUnit,
      hasTenant: this.hasTenant,
      hasLeaseDocument: this.hasLeaseDocument,
      hasRentSetup: this.hasRentSetup,
      hasStripeConnected: this.hasStripeConnected,
      hasEmailAddress: this.hasEmailAddress,
      hasTenantsWithOnboardingEmailSent: this.hasTenantsWithOnboardingEmailSent,
      firstPropertyLocationId: this.firstPropertyLocationId ?? null,
      firstBuildingId: this.firstBuildingId ?? null,
      firstUnitId: this.firstUnitId ?? null,
      firstTenantId: this.firstTenantId ?? null,
    };
  }
}
OnboardingProgressSchema.setClass(OnboardingProgress);
export { OnboardingProgressSchema };
