import { defineEntity, p } from '@mikro-orm/core';
import { tenantPhoneNumbers, type DataOf, type LocationScope, type TenantDeleted, type TenantUpdated } from '@pm/contracts';

/** One way to reach a tenant. Phones are stored as digits only (the form's "(999) 999-9999" without punctuation). */
export interface TenantContact {
  type: 'email' | 'phone';
  value: string;
}

/** Lease facts kept on the tenant until the leasing context owns leases: dates are ISO days, rent in cents. */
export interface TenantMetadata {
  lease_start?: string | null;
  lease_end?: string | null;
  rent_amount_cents?: number | null;
  [key: string]: unknown;
}

const TenantSchema = defineEntity({
  name: 'Tenant',
  tableName: 'tenant',
  properties: {
    id: p.uuid().primary(),
    accountId: p.string().fieldName('account_id'),
    propertyLocationId: p.uuid().fieldName('property_location_id'),
    buildingId: p.uuid().fieldName('building_id'),
    unitId: p.uuid().fieldName('unit_id'),
    fullName: p.text().fieldName('full_name'),
    contacts: p.json<TenantContact[]>(),
    /** Set once the tenant has an account of their own (resident portal); such tenants are not invited again. */
    userId: p.string().nullable().fieldName('user_id'),
    isPrimary: p.boolean().fieldName('is_primary'),
    isArchived: p.boolean().fieldName('is_archived'),
    archivedAt: p.datetime().nullable().fieldName('archived_at'),
    metadata: p.json<TenantMetadata>(),
    /** Copy of metadata.lease_end as a date column, so "leases ending within N days" is an index range scan. */
    leaseEndDate: p.string().columnType('date').nullable().fieldName('lease_end_date'),
    onboardingEmailSentAt: p.datetime().nullable().fieldName('onboarding_email_sent_at'),
    createdAt: p.datetime().fieldName('created_at'),
    updatedAt: p.datetime().fieldName('updated_at'),
  },
});

/** A person renting a unit. Deleting an active tenant archives them (past tenants); deleting an archived one removes the row. */
export class Tenant extends TenantSchema.class {
  applyDetails(details: { fullName: string; contacts: TenantContact[] }, now = new Date()): void {
    this.fullName = details.fullName;
    this.contacts = details.contacts;
    this.updatedAt = now;
  }

  /** The first e-mail contact: where invitations and renewal e-mails go. */
  email(): string | null {
    return this.contacts.find((c) => c.type === 'email')?.value ?? null;
  }

  phone(): string | null {
    return this.contacts.find((c) => c.type === 'phone')?.value ?? null;
  }

  /** The tenant's whole state, as TenantUpdated carries it to the contexts that keep a copy (messaging). */
  updatedEvent(scope: LocationScope): DataOf<typeof TenantUpdated> {
    return {
      ...scope,
      tenantId: this.id,
      unitId: this.unitId,
      buildingId: this.buildingId,
      fullName: this.fullName,
      phoneNumbers: tenantPhoneNumbers(this.contacts),
      archived: this.isArchived,
      changedAt: this.updatedAt.toISOString(),
    };
  }

  deletedEvent(scope: LocationScope, now = new Date()): DataOf<typeof TenantDeleted> {
    return { ...scope, tenantId: this.id, unitId: this.unitId, changedAt: now.toISOString() };
  }

  /** First delete: a past tenant, no longer the unit's primary one. */
  archive(now = new Date()): void {
    this.isArchived = true;
    this.archivedAt = now;
    this.isPrimary = false;
    this.updatedAt = now;
  }

  retrieve(now = new Date()): void {
    this.isArchived = false;
    this.archivedAt = null;
    this.updatedAt = now;
  }

  /** Lease facts live in metadata; lease_end_date mirrors metadata.lease_end for the expiring-leases index. */
  setLease(lease: { leaseStart: string | null; leaseEnd: string | null; rentAmountCents: number | null }, now = new Date()): void {
    this.metadata = { ...this.metadata, lease_start: lease.leaseStart, lease_end: lease.leaseEnd, rent_amount_cents: lease.rentAmountCents };
    this.leaseEndDate = lease.leaseEnd;
    this.updatedAt = now;
  }

  invited(now = new Date()): void {
    this.onboardingEmailSentAt = now;
    this.updatedAt = now;
  }
}
TenantSchema.setClass(Tenant);
export { TenantSchema };
