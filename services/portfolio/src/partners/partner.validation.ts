import { RpcFailure } from '@pm/messaging';
import { FORBIDDEN } from '@pm/access';
import { PARTNER_ROLES, type PartnerRole } from '@pm/contracts';

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface PartnerInput {
  fullName?: string | null;
  email?: string | null;
  phone?: string | null;
  role?: string | null;
}

export interface ValidPartner {
  fullName: string;
  email: string;
  phone: string | null;
  role: PartnerRole;
}

/**
 * Spec 001 §5: add needs Full Name, Email, Phone and Role; update the same without Phone. Checked in the form's
 * order. OWNER is the account holder's, never a role anyone is given (403, like any other thing one may not do).
 */
export function validatePartner(input: PartnerInput, phoneRequired: boolean): ValidPartner {
  const fullName = input.fullName?.trim() ?? '';
  const email = input.email?.trim() ?? '';
  const phone = input.phone?.trim() ?? '';
  const role = input.role?.trim().toUpperCase() ?? '';
  if (!fullName) throw RpcFailure.badRequest('Full Name is required');
  if (!email) throw RpcFailure.badRequest('Email is required');
  if (!emailPattern.test(email)) throw RpcFailure.badRequest('Invalid email address');
  if (phoneRequired && !phone) throw RpcFailure.badRequest('Phone is required');
  if (!role) throw RpcFailure.badRequest('Role is required');
  if (role === 'OWNER') throw RpcFailure.forbidden(FORBIDDEN);
  if (!(PARTNER_ROLES as readonly string[]).includes(role)) throw RpcFailure.badRequest('Invalid role');
  return { fullName, email, phone: phone || null, role: role as PartnerRole };
}
