import type { LedgerLine, PaymentBreakdown } from '@pm/contracts';

/** "2026-12-02" → "Dec 2, 2026": a plain calendar day, read without any time zone shift. */
export const formatDay = (day: string) =>
  new Date(`${day.slice(0, 10)}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** Today's calendar day (YYYY-MM-DD) in `timeZone`: the day the service checks a payment date against. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

export const ordinalDay = (day: number) => {
  const tens = day % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th';
  return `${day}${suffix}`;
};

export const ledgerKindLabels: Record<LedgerLine['kind'], string> = {
  charge: 'Charge',
  payment: 'Payment',
  refund: 'Refund',
  payment_returned: 'Payment returned',
  adjustment: 'Adjustment',
};

type PaymentStatus = NonNullable<LedgerLine['status']>;
export const paymentStatusTags: Record<PaymentStatus, { label: string; color: string }> = {
  processing: { label: 'Processing', color: 'processing' },
  completed: { label: 'Completed', color: 'success' },
  partially_refunded: { label: 'Partially refunded', color: 'warning' },
  refunded: { label: 'Refunded', color: 'default' },
  returned: { label: 'Returned', color: 'error' },
};

export const paymentMethodLabels: Record<NonNullable<LedgerLine['method']>, string> = {
  card: 'Card',
  ach: 'ACH (bank)',
  check: 'Check',
  bank_transfer: 'Bank transfer',
  cash: 'Cash',
  other: 'Other',
};

export const linkMethodLabels: Record<PaymentBreakdown['methods'][number]['method'], string> = {
  us_bank_account: 'ACH (bank)',
  card: 'Card',
};
