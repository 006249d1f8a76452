import type { Principal } from '@pm/nest-kit';

/**
 * The e-mail address that makes the caller a resident: their account's (from the verified token). A tenant whose
 * e-mail contact it is, is theirs; the same rule portfolio links a resident account to its tenants by. An anonymous
 * session has none, and so no conversations.
 */
export function residentEmail(principal: Principal): string | null {
  return principal.isAnonymous || !principal.email ? null : principal.email.trim().toLowerCase();
}
