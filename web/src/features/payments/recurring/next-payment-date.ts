import type { RentSubscription } from '@pm/contracts';

/** `day` (YYYY-MM-DD) plus `days`, as calendar days. */
export function addDaysTo(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * Spec 001 §4: the next payment date the dialog starts from: the current period's end, or else the next monthly
 * occurrence of the day the subscription started (a month without that day falls to its last day), after today.
 */
export function defaultNextPaymentDate(subscription: Pick<RentSubscription, 'date' | 'created_at'>, today: string): string {
  if (subscription.date && subscription.date > today) return subscription.date;
  const startDay = Number(subscription.created_at.slice(8, 10));
  let year = Number(today.slice(0, 4));
  let month = Number(today.slice(5, 7));
  for (;;) {
    const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
    const candidate = `${year}-${String(month).padStart(2, '0')}-${String(Math.min(startDay, last)).padStart(2, '0')}`;
    if (candidate > today) return candidate;
    month += 1;
    if (month === 13) [year, month] = [year + 1, 1];
  }
}
