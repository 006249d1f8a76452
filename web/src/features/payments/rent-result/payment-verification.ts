import type { PaymentRecord } from '@pm/contracts';
import { rentResultTexts } from '../payment-texts.js';

export type PaymentVerification =
  | { state: 'verifying' }
  | { state: 'verified'; message: string }
  | { state: 'failed'; heading: string; message: string };

/** Spec 000 §4.5: the statuses that count as paid (an ACH payment is processing until it settles). */
const PAID = new Set<string>(['completed', 'active', 'processing']);

/** How long the page waits for the provider's webhook to put the payment in the ledger (it follows the redirect). */
export const VERIFICATION_WAIT_MS = 20_000;
export const VERIFICATION_POLL_MS = 2_000;

/**
 * Spec 000 §4.5: with no `session_id` the page goes straight to success. With one, the checkout's payment is read and
 * the page shows success when it has a paid status, else that the payment could not be verified; a failed read says so
 * in its own words. The provider's webhook reaches the ledger a moment after its redirect: while `waiting`, no payment
 * yet means verifying still, not failed.
 */
export function paymentVerificationOf(
  sessionId: string | null,
  payments: { data?: readonly Pick<PaymentRecord, 'status' | 'metadata'>[]; isError: boolean },
  waiting = false,
): PaymentVerification {
  if (!sessionId) return { state: 'verified', message: rentResultTexts.received };
  const heading = rentResultTexts.verificationHeading;
  if (payments.isError) return { state: 'failed', heading, message: rentResultTexts.verificationFailed };
  if (!payments.data) return { state: 'verifying' };
  const ofSession = payments.data.filter((payment) => payment.metadata.checkout_session_id === sessionId);
  if (ofSession.some((payment) => PAID.has(payment.status))) return { state: 'verified', message: rentResultTexts.received };
  return ofSession.length === 0 && waiting ? { state: 'verifying' } : { state: 'failed', heading, message: rentResultTexts.notVerified };
}
