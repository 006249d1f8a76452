import type { AccessRole, PartnerRole } from '@pm/contracts';
import { partnerMessages as partnerSpecMessages } from '@pm/contracts';

/** The BFF's `Partner` (spec 001 section 3), as its contract defines it: a property partner, `id` === `manager.id`. */
export type { Partner, PartnerRole } from '@pm/contracts';

export interface CreatePartnerRequest {
  fullName: string;
  email: string;
  phone: string;
  role: PartnerRole;
  locationId: string;
}

export interface UpdatePartnerRequest {
  id: string;
  full_name: string;
  email: string;
  phone?: string;
  role: PartnerRole;
  is_emergency_contact: boolean;
}

/** Spec 001 section 6: the partner roles, Manager first as the default when adding. */
export const partnerRoleOptions: readonly { value: PartnerRole; label: string }[] = [
  { value: 'MANAGER', label: 'Manager' },
  { value: 'ADMIN', label: 'Admin' },
  { value: 'VENDOR', label: 'Vendor' },
  { value: 'MEMBER', label: 'Member' },
  { value: 'VIEWER', label: 'Viewer' },
];

export const partnerRoleLabel = (role: PartnerRole) => partnerRoleOptions.find((option) => option.value === role)?.label ?? role;

/** Who may add, change and remove partners of a location: its owner and its admins. */
export const canManagePartners = (accessRole: AccessRole | undefined) => accessRole === 'OWNER' || accessRole === 'ADMIN';

export const partnerMessages = {
  fullNameRequired: partnerSpecMessages.fullNameRequired,
  emailRequired: partnerSpecMessages.emailRequired,
  invalidEmail: partnerSpecMessages.invalidEmail,
  phoneRequired: partnerSpecMessages.phoneRequired,
  roleRequired: partnerSpecMessages.roleRequired,
  invited: 'Invitation sent successfully',
  createFailed: 'Failed to create property manager',
  updated: 'Property manager updated successfully',
  updateFailed: 'Failed to update property manager',
  deleted: 'Property manager deleted successfully',
  deleteFailed: 'Failed to delete property manager',
  fetchFailed: 'Failed to fetch property managers.',
} as const;
