import { RpcFailure } from '@pm/messaging';
import { FORBIDDEN } from '@pm/access';
import type { PartnerRole } from '@pm/contracts';

/**
 * The contract checks the form (spec 001 §5) and lets OWNER through: it is the account holder's, never a role anyone
 * is given, so it is refused here with 403, like any other thing one may not do.
 */
export function givenRole(role: PartnerRole | 'OWNER'): PartnerRole {
  if (role === 'OWNER') throw RpcFailure.forbidden(FORBIDDEN);
  return role;
}
