import { z } from 'zod';
import { isEmailAddress } from '../text.js';
import { unitFixture } from './unit.js';

/** Phones are 10 digits ("5551234567"); the web formats them "(555) 123-4567". */
export const TenantContactSchema = z.object({ type: z.enum(['email', 'phone']), value: z.string() });
export type TenantContact = z.infer<typeof TenantContactSchema>;

/** A tenant's phone numbers as events carry them: E.164 (`+1` and the stored 10 digits), at most one per contact. */
export const TenantPhoneNumbersSchema = z.array(z.string().regex(/^\+1\d{10}$/)).max(20);

/** The E.164 numbers of a tenant's phone contacts (stored as 10 digits), for the tenant events. */
export function tenantPhoneNumbers(contacts: readonly TenantContact[]): string[] {
  const numbers = contacts.filter((c) => c.type === 'phone' && /^\d{10}$/.test(c.value)).map((c) => `+1${c.value}`);
  return [...new Set(numbers)].slice(0, 20);
}

/** A tenant's e-mail addresses as events carry them: lower-case, at most one per contact. */
export const TenantEmailsSchema = z.array(z.string().min(3).max(254)).max(20);

/** The lower-case addresses of a tenant's e-mail contacts, for the tenant events (messaging knows a writing tenant by them). */
export function tenantEmails(contacts: readonly TenantContact[]): string[] {
  const emails = contacts.filter((c) => c.type === 'email' && isEmailAddress(c.value)).map((c) => c.value.toLowerCase());
  return [...new Set(emails)].slice(0, 20);
}

/** Lease facts kept on the tenant: ISO days and rent in cents. */
export const TenantLeaseSchema = z.object({
  lease_start: z.iso.date().nullable(),
  lease_end: z.iso.date().nullable(),
  rent_amount_cents: z.number().int().nullable(),
});
export type TenantLease = z.infer<typeof TenantLeaseSchema>;

/** Spec 001 §3 Tenant, with the unit/building names the lists show (tenantId, tenantName, unitName, ...). */
export const TenantSchema = z.object({
  id: z.string().min(1),
  full_name: z.string(),
  contacts: z.array(TenantContactSchema),
  unit_id: z.string().min(1),
  user_id: z.string().nullable(),
  is_archived: z.boolean(),
  is_deleted: z.literal(false),
  is_primary: z.boolean(),
  archived_at: z.iso.datetime({ offset: true }).nullable(),
  metadata: TenantLeaseSchema,
  onboarding_email_sent_at: z.iso.datetime({ offset: true }).nullable(),
  created_at: z.iso.datetime({ offset: true }),
  unit: z.object({ id: z.string().min(1), name: z.string() }),
  tenantId: z.string().min(1),
  tenantName: z.string(),
  unitName: z.string(),
  buildingId: z.string().min(1),
  buildingName: z.string(),
  property_location_id: z.string().min(1),
});
export type Tenant = z.infer<typeof TenantSchema>;

/** Spec 001 §3 Expiring lease: an active tenant whose lease ends within the dashboard's window. */
export const ExpiringLeaseSchema = z.object({
  tenantId: z.string().min(1),
  tenantName: z.string(),
  unitName: z.string(),
  buildingName: z.string(),
  buildingId: z.string().min(1),
  expiryDate: z.iso.date(),
});
export type ExpiringLease = z.infer<typeof ExpiringLeaseSchema>;

export const tenantFixture: Tenant = {
  id: '01937a12-3e4f-7a5b-8c1d-2e3f4a5b6c7d',
  full_name: 'Jordan Lee',
  contacts: [
    { type: 'email', value: 'jordan@example.com' },
    { type: 'phone', value: '5551234567' },
  ],
  unit_id: unitFixture.id,
  user_id: null,
  is_archived: false,
  is_deleted: false,
  is_primary: true,
  archived_at: null,
  metadata: { lease_start: '2026-01-01', lease_end: '2026-12-31', rent_amount_cents: 150000 },
  onboarding_email_sent_at: null,
  created_at: '2026-11-22T10:10:00.000Z',
  unit: { id: unitFixture.id, name: unitFixture.name },
  tenantId: '01937a12-3e4f-7a5b-8c1d-2e3f4a5b6c7d',
  tenantName: 'Jordan Lee',
  unitName: unitFixture.name,
  buildingId: unitFixture.building_id,
  buildingName: unitFixture.building_name,
  property_location_id: unitFixture.property_location_id,
};
