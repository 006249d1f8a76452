import { PartnerRoleSchema, type AccessRole } from '@pm/contracts';

/**
 * Who may do what on a property location: the one table of the product's partner roles (spec 001 §6 leaves the
 * permissions open; this is our definition, also printed in the README). The account that owns a location may do
 * everything; partners get exactly what their role lists here, on the locations they were given. The services
 * enforce it on every request; the web only hides what a role cannot use.
 */
export const PARTNER_ROLES = PartnerRoleSchema.options;
/** OWNER (the location's account holder) is not a role anyone is granted; the others are partners' roles. */
export type { PartnerRole, AccessRole } from '@pm/contracts';

export const PERMISSIONS = [
  'location:read',
  'location:update',
  /** Buy a phone number or generate the e-mail address: it costs money and changes how tenants reach the location. */
  'location:channels',
  'building:read',
  'building:write',
  'unit:read',
  'unit:write',
  'tenant:read',
  'tenant:write',
  /** Archive, delete and retrieve. */
  'tenant:delete',
  'tenant:invite',
  /** Expiring leases (dashboard) and sending renewal e-mails. */
  'lease:read',
  'lease:notify',
  'partner:read',
  'partner:write',
  'knowledge:read',
  'knowledge:write',
  'contact:read',
  'contact:write',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const everything: readonly Permission[] = PERMISSIONS;
const readsWithoutTenants: readonly Permission[] = ['location:read', 'building:read', 'unit:read', 'knowledge:read', 'contact:read'];
const allReads: readonly Permission[] = [...readsWithoutTenants, 'tenant:read', 'lease:read', 'partner:read'];

/**
 * - ADMIN: everything the owner can do on the location, including partners and the phone number / e-mail address.
 * - MANAGER: runs the property day to day (buildings, units, tenants, invitations, renewals, knowledge, contacts,
 *   location details); sees partners but cannot change them or buy numbers.
 * - MEMBER: a co-owner or team member: reads everything, keeps the knowledge base and contacts.
 * - VENDOR: a service provider: the property, its buildings and units, knowledge and contacts; no tenants' personal
 *   data, no partner list.
 * - VIEWER: reads everything, changes nothing.
 */
export const ROLE_PERMISSIONS: Readonly<Record<AccessRole, ReadonlySet<Permission>>> = {
  OWNER: new Set(everything),
  ADMIN: new Set(everything),
  MANAGER: new Set<Permission>([
    ...allReads,
    'location:update',
    'building:write',
    'unit:write',
    'tenant:write',
    'tenant:delete',
    'tenant:invite',
    'lease:notify',
    'knowledge:write',
    'contact:write',
  ]),
  MEMBER: new Set<Permission>([...allReads, 'knowledge:write', 'contact:write']),
  VENDOR: new Set<Permission>(readsWithoutTenants),
  VIEWER: new Set<Permission>(allReads),
};

export function can(role: AccessRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].has(permission);
}
