import { invalidRequest, noSuchResource } from '../http/stripe-error.js';
import type { SandboxContext } from '../sandbox-context.js';
import type { AccountObject } from '../wire/objects.js';

/**
 * The connected account a destination charge pays. Stripe refuses a destination that cannot receive transfers yet
 * (onboarding not finished), which is what the sandbox checks too.
 */
export function requireDestination(sb: SandboxContext, id: string, param: string): AccountObject {
  const account = sb.store.accounts.find(id);
  if (!account) throw noSuchResource('destination', id, param);
  if (!account.charges_enabled || !account.payouts_enabled) {
    throw invalidRequest(
      `Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments (${id} has not completed onboarding).`,
      param,
      'insufficient_capabilities_for_transfer',
    );
  }
  return account;
}
