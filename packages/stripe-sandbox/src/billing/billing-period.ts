// Period boundaries counted from a subscription's billing cycle anchor, as Stripe counts them: monthly periods keep
// the anchor's day of month, falling back to the month's last day when it has none (31 Jan → 28/29 Feb → 31 Mar).
import type { Interval } from '../wire/objects.js';

export function boundary(anchorSec: number, interval: Interval, count: number, n: number): number {
  const steps = n * count;
  if (interval === 'day') return anchorSec + steps * 86_400;
  if (interval === 'week') return anchorSec + steps * 7 * 86_400;
  const anchor = new Date(anchorSec * 1000);
  const months = interval === 'year' ? steps * 12 : steps;
  const targetMonth = anchor.getUTCMonth() + months;
  const year = anchor.getUTCFullYear() + Math.floor(targetMonth / 12);
  const month = ((targetMonth % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(anchor.getUTCDate(), lastDay);
  return (
    Date.UTC(year, month, day, anchor.getUTCHours(), anchor.getUTCMinutes(), anchor.getUTCSeconds()) / 1000
  );
}

/** The first boundary strictly after `afterSec`. */
export function nextBoundaryAfter(anchorSec: number, interval: Interval, count: number, afterSec: number): number {
  if (anchorSec > afterSec) {
    let n = 0;
    while (boundary(anchorSec, interval, count, n - 1) > afterSec) n--;
    return boundary(anchorSec, interval, count, n);
  }
  let n = 1;
  while (boundary(anchorSec, interval, count, n) <= afterSec) n++;
  return boundary(anchorSec, interval, count, n);
}
