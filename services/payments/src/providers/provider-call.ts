import { RpcFailure } from '@pm/messaging';
import Stripe from 'stripe';

/**
 * A call to the payment provider: what the provider refuses because of the request is a bug of ours and stays an
 * error (500, logged); that it cannot be reached, or fails on its side, is a 502 with the message the caller shows.
 * Nothing is written before the provider answers, so a failure leaves nothing half-made.
 */
export async function providerCall<T>(unavailable: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeAPIError || error instanceof Stripe.errors.StripeRateLimitError) {
      throw new RpcFailure(502, unavailable);
    }
    throw error;
  }
}
