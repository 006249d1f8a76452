// Billing periods as Paddle counts them: a month keeps the day of month it started on, falling back to the month's
// last day when it has none (31 Jan → 28/29 Feb), always counted from the period's first start, not the last end.
import type { Interval } from '@paddle/paddle-node-sdk';

export interface Period {
  interval: Interval;
  frequency: number;
}

export function addPeriods(startIso: string, period: Period, count = 1): string {
  const start = new Date(startIso);
  const steps = period.frequency * count;
  if (period.interval === 'day' || period.interval === 'week') {
    const days = period.interval === 'day' ? steps : steps * 7;
    return new Date(start.getTime() + days * 86_400_000).toISOString();
  }
  const months = period.interval === 'year' ? steps * 12 : steps;
  const target = start.getUTCMonth() + months;
  const year = start.getUTCFullYear() + Math.floor(target / 12);
  const month = ((target % 12) + 12) % 12;
  const day = Math.min(start.getUTCDate(), new Date(Date.UTC(year, month + 1, 0)).getUTCDate());
  return new Date(
    Date.UTC(year, month, day, start.getUTCHours(), start.getUTCMinutes(), start.getUTCSeconds(), start.getUTCMilliseconds()),
  ).toISOString();
}

/** The fraction of [startIso, endIso) still ahead at nowIso, for prorations. */
export function remainingFraction(startIso: string, endIso: string, nowIso: string): number {
  const start = Date.parse(startIso);
  const end = Date.parse(endIso);
  const now = Date.parse(nowIso);
  if (end <= start) return 0;
  return Math.min(1, Math.max(0, (end - now) / (end - start)));
}
