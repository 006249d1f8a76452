import { portfolioMessages } from '@pm/contracts';
import type { TenantMetadata } from './tenant.entity.js';

type Result<T> = { ok: true; value: T } | { ok: false; message: string };

export interface Lease {
  leaseStart: string | null;
  leaseEnd: string | null;
  rentAmountCents: number | null;
}

/**
 * PUT tenant/{id}/metadata, once the contract has checked each field: fields left out keep their stored value, null
 * clears one, and the end must be after the start when both are set, which needs the stored values to decide.
 */
export function mergeLease(input: { lease_start?: string | null; lease_end?: string | null; rent_amount_cents?: number | null }, current: TenantMetadata): Result<Lease> {
  const leaseStart = input.lease_start === undefined ? (current.lease_start ?? null) : input.lease_start;
  const leaseEnd = input.lease_end === undefined ? (current.lease_end ?? null) : input.lease_end;
  const rentAmountCents = input.rent_amount_cents === undefined ? (current.rent_amount_cents ?? null) : input.rent_amount_cents;
  if (leaseStart !== null && leaseEnd !== null && leaseEnd <= leaseStart) return { ok: false, message: portfolioMessages.leaseEndBeforeStart };
  return { ok: true, value: { leaseStart, leaseEnd, rentAmountCents } };
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
