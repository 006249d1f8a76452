import { validateEmailText } from '../buildings/building.validation.js';
import type { TenantContact, TenantMetadata } from './tenant.entity.js';

/** The spec's messages (001 §5 Tenant and Invite, §5 Replies for the renewal e-mail) and the contract's own, word for word. */
export const messages = {
  fullNameRequired: 'Full name is required',
  invalidEmail: 'Invalid email address',
  invalidPhone: 'Phone number must be in format (999) 999-9999',
  invalidDate: 'Invalid date',
  leaseEndBeforeStart: 'Lease end date must be after the start date',
  rentNotPositive: 'Rent must be a positive amount',
  noTenantSelected: 'Please select at least one tenant',
  daysOutOfRange: 'Days must be between 1 and 365',
  buildingIdRequired: 'Building ID is required to send renewal email',
} as const;

type Result<T> = { ok: true; value: T } | { ok: false; message: string };

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A tenant's name and contacts as the Add/Edit dialogs send them: contacts with an empty value are dropped, e-mails
 * must look like x@y.z, phones must be 10 digits once "(", ")", spaces and dashes are removed (a leading +1 is
 * accepted) and are kept as those 10 digits. The first failing rule, in form order, is the answer.
 */
export function validateTenantDetails(input: {
  full_name?: string | null;
  contacts?: readonly { type: 'email' | 'phone'; value?: string | null }[] | null;
}): Result<{ fullName: string; contacts: TenantContact[] }> {
  const fullName = input.full_name?.trim() ?? '';
  if (!fullName) return { ok: false, message: messages.fullNameRequired };
  const contacts: TenantContact[] = [];
  for (const contact of input.contacts ?? []) {
    const value = contact.value?.trim() ?? '';
    if (!value) continue;
    if (contact.type === 'email') {
      if (!emailPattern.test(value)) return { ok: false, message: messages.invalidEmail };
      contacts.push({ type: 'email', value });
    } else {
      const digits = normalisePhone(value);
      if (!digits) return { ok: false, message: messages.invalidPhone };
      contacts.push({ type: 'phone', value: digits });
    }
  }
  return { ok: true, value: { fullName, contacts } };
}

/** "(555) 123-4567", "555-123-4567", "+1 555 123 4567" → "5551234567"; anything else → null. */
export function normalisePhone(value: string): string | null {
  let digits = value.replace(/[()\s-]/g, '');
  if (digits.startsWith('+1')) digits = digits.slice(2);
  return /^\d{10}$/.test(digits) ? digits : null;
}

export interface LeaseInput {
  lease_start?: string | null;
  lease_end?: string | null;
  rent_amount_cents?: number | null;
}

export interface Lease {
  leaseStart: string | null;
  leaseEnd: string | null;
  rentAmountCents: number | null;
}

/**
 * PUT tenant/{id}/metadata: fields left out keep their current value, null (or "") clears one. Dates are ISO days
 * that exist on the calendar; the end must be after the start when both are set; rent is a positive whole number
 * of cents.
 */
export function validateLease(input: LeaseInput, current: TenantMetadata): Result<Lease> {
  const leaseStart = input.lease_start === undefined ? (current.lease_start ?? null) : input.lease_start?.trim() || null;
  const leaseEnd = input.lease_end === undefined ? (current.lease_end ?? null) : input.lease_end?.trim() || null;
  const rentAmountCents = input.rent_amount_cents === undefined ? (current.rent_amount_cents ?? null) : input.rent_amount_cents;
  if ((leaseStart !== null && !isIsoDay(leaseStart)) || (leaseEnd !== null && !isIsoDay(leaseEnd))) {
    return { ok: false, message: messages.invalidDate };
  }
  if (leaseStart !== null && leaseEnd !== null && leaseEnd <= leaseStart) return { ok: false, message: messages.leaseEndBeforeStart };
  if (rentAmountCents !== null && (!Number.isInteger(rentAmountCents) || rentAmountCents <= 0)) {
    return { ok: false, message: messages.rentNotPositive };
  }
  return { ok: true, value: { leaseStart, leaseEnd, rentAmountCents } };
}

/** "2026-02-28" yes; "2026-02-30", "2026-2-1", "tomorrow" no. */
export function isIsoDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The expiring-leases window: default 60 days, a whole number from 1 to 365 otherwise. */
export function validateWindowDays(days: number | string | null | undefined): Result<number> {
  if (days === undefined || days === null || days === '') return { ok: true, value: 60 };
  const n = typeof days === 'number' ? days : /^\s*\d+\s*$/.test(days) ? Number(days) : Number.NaN;
  if (!Number.isInteger(n) || n < 1 || n > 365) return { ok: false, message: messages.daysOutOfRange };
  return { ok: true, value: n };
}

/** The invite dialog: at least one tenant, then subject, then message. */
export function validateInvite(input: { tenantIds?: readonly string[] | null; subject?: string | null; body?: string | null }): Result<{
  tenantIds: string[];
  subject: string;
  body: string;
}> {
  const tenantIds = [...new Set((input.tenantIds ?? []).map((id) => id.trim()).filter(Boolean))];
  if (tenantIds.length === 0) return { ok: false, message: messages.noTenantSelected };
  const text = validateEmailText(input);
  return text.ok ? { ok: true, value: { tenantIds, ...text.value } } : text;
}

/** "YYYY-MM-DD" of `date` in UTC (the product's calendar day, spec 001 §9). */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return utcDay(date);
}
