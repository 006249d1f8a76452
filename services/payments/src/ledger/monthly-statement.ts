import type { Cents, Ledger, PaymentStatus, PaymentView } from './ledger.js';
import type { Period } from './plain-date.js';

/** One unit's month as the owner's statement shows it. Every figure is read from the ledger's entries. */
export interface UnitMonth {
  openingCents: Cents;
  chargedCents: Cents;
  creditedCents: Cents;
  closingCents: Cents;
  collectedCents: Cents;
  processingCents: Cents;
  payments: { date: string; method: PaymentView['method']; amountCents: Cents; status: PaymentStatus; description: string }[];
}

/**
 * A unit's month (`period`, YYYY-MM, dates being the location's): the balance the month opened with (after every
 * line dated before it), what its lines charged and credited, the balance it closed with (opening + charged −
 * credited, which is the running balance after its last line), the payments dated in it that arrived (less returns
 * and refunds) and those still clearing, and each payment dated in it.
 */
export function unitMonth(ledger: Ledger, period: Period): UnitMonth {
  const first = `${period}-01`;
  const lines = ledger.statement();
  let openingCents = 0;
  let chargedCents = 0;
  let creditedCents = 0;
  const descriptions = new Map<string, string>();
  for (const line of lines) {
    if (line.date < first) openingCents = line.balanceCents;
    else if (line.date.startsWith(`${period}-`)) {
      chargedCents += line.chargeCents;
      creditedCents += line.creditCents;
      descriptions.set(line.entryId, line.description);
    }
  }
  let collectedCents = 0;
  let processingCents = 0;
  const payments: UnitMonth['payments'] = [];
  for (const payment of ledger.payments.values()) {
    if (!payment.paidOn.startsWith(`${period}-`)) continue;
    if (payment.status === 'processing') processingCents += payment.netCents;
    else collectedCents += payment.netCents;
    payments.push({ date: payment.paidOn, method: payment.method, amountCents: payment.amountCents, status: payment.status, description: descriptions.get(payment.id) ?? 'Payment' });
  }
  payments.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return { openingCents, chargedCents, creditedCents, closingCents: openingCents + chargedCents - creditedCents, collectedCents, processingCents, payments };
}
