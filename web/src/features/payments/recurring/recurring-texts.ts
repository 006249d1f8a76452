import { NEXT_PAYMENT_DATE_MAX_DAYS, type RentSubscription } from '@pm/contracts';
import { addDaysTo } from './next-payment-date.js';

/** Spec 001 §8 and 002 §8, word for word where the spec words them; our own words otherwise (marked). */
export const recurringTexts = {
  linkGenerated: 'Rent subscription link generated',
  linkFailed: 'Failed to regenerate subscription links.',
  cancelRentFailed: 'Failed to cancel rent subscription',
  cancelFailed: 'Failed to cancel subscription',
  updateDateFailed: 'Failed to update payment date',
  tryAgain: 'Please try again.',
  cancelTitle: 'Cancel Recurring Payment',
  changeDateTitle: 'Change Next Payment Date',
  // Ours: the spec words none of these.
  title: 'Recurring rent',
  loadFailed: 'Could not load the recurring payments.',
  none: 'No recurring payment. Send the tenant a recurring payment link: their bank account pays the rent on each due day.',
  generate: 'Generate recurring payment link',
  atPeriodEnd: 'At the end of the current period',
  now: 'Immediately',
  reason: 'Reason (optional)',
  dateRequired: 'Choose the next payment date',
  dateRange: `Choose a day after today and at most ${NEXT_PAYMENT_DATE_MAX_DAYS} days ahead`,
} as const;

export const subscriptionStatusTags: Record<RentSubscription['status'], { label: string; color: string }> = {
  active: { label: 'Active', color: 'success' },
  trialing: { label: 'Active', color: 'success' },
  incomplete: { label: 'Setting up', color: 'processing' },
  past_due: { label: 'Payment failed', color: 'error' },
  canceled: { label: 'Cancelled', color: 'default' },
};

/** Spec 001 §8: the server's message when it sent one, else the call's own words; then "Please try again.". */
export function failureText(serverMessage: string, fallback: string): string {
  return `${serverMessage || fallback} ${recurringTexts.tryAgain}`;
}

/** The latest day the next payment may be moved to, from today (the location's date). */
export const latestNextPaymentDate = (today: string) => addDaysTo(today, NEXT_PAYMENT_DATE_MAX_DAYS);
