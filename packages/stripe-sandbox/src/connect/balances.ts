// What a connected account (or the platform) has earned from charges, as GET /v1/balance and the Express dashboard
// show it. Destination charges pay the destination the amount less the application fee; the platform keeps the fee
// and, having made the charge, bears its refunds.
import type { SandboxContext } from '../sandbox-context.js';
import type { Owner } from '../state/store.js';
import type { BalanceObject, ChargeObject } from '../wire/objects.js';

export interface AccountBalance {
  available: number;
  pending: number;
}

export function chargesPayingTo(sb: SandboxContext, account: string): ChargeObject[] {
  return sb.store.charges.list('any', (c) => c.transfer_data?.destination === account || sb.store.charges.ownerOf(c.id) === account);
}

export function balanceOf(sb: SandboxContext, owner: Owner): AccountBalance {
  const balance: AccountBalance = { available: 0, pending: 0 };
  for (const charge of sb.store.charges.list('any')) {
    const chargeOwner = sb.store.charges.ownerOf(charge.id);
    const fee = charge.application_fee_amount ?? 0;
    let share: number;
    if (owner && charge.transfer_data?.destination === owner) share = (charge.transfer_data.amount ?? charge.amount - fee);
    else if (owner && chargeOwner === owner) share = charge.amount - charge.amount_refunded - fee;
    else if (!owner && chargeOwner === null) share = charge.transfer_data ? fee - charge.amount_refunded : charge.amount - charge.amount_refunded;
    else continue;
    if (charge.status === 'succeeded') balance.available += share;
    else if (charge.status === 'pending') balance.pending += share;
  }
  return balance;
}

export function balanceObject(sb: SandboxContext, owner: Owner): BalanceObject {
  const { available, pending } = balanceOf(sb, owner);
  return {
    object: 'balance',
    available: [{ amount: available, currency: 'usd', source_types: { card: available } }],
    livemode: false,
    pending: [{ amount: pending, currency: 'usd', source_types: { card: pending } }],
  };
}
