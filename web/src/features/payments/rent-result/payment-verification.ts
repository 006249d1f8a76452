import type { PaymentRecord } from '@pm/contracts';
import { rentResultTexts } from '../payment-texts.js';

export type PaymentVerification =
  | { state: 'verifying' }
  | { state: 'verified'; message: string }
  | { state: 'failed'; heading: string; message: string };

/** Spec 000 §4.5: the statuses that count as paid (an ACH payment is processing until it settles). */
const PAID = new Set<string>(['completed', 'active', 'processing']);

/**
 * Spec 000 §4.5: with no `session_id` the page goes straight to success. With one, the payments are read and the page
 * shows success when a payment of that checkout session has a paid status, else that the payment could not be
 * verified; a failed read says so in its own words.
 */
export function paymentVerificationOf(
  sessionId: string | null,
  payments: { data?: readonly Pick<PaymentRecord, 'status' | 'metadata'>[]; isError: boolean },
): PaymentVerification {
  if (!sessionId) return { state: 'verified', message: rentResultTexts.received };
  const heading = rentResultTexts.verificationHeading;
  if (payments.isError) return { state: 'failed', heading, message: rentResultTexts.verificationFailed };
  if (!payments.data) return { state: 'verifying' };
  const paid = payments.data.some((payment) => payment.metadata.checkout_session_id === sessionId && PAID.has(payment.status));
  return paid ? { state: 'verified', message: rentResultTexts.received } : { state: 'failed', heading, message: rentResultTexts.notVerified };
}
