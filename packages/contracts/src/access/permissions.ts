import { AccessRoleSchema, PartnerRoleSchema, type AccessRole } from '../portfolio/property-location.js';

/**
 * Who may do what on a property location: the one table of the product's partner roles (spec 001 §6 leaves the
 * permissions open; this is our definition, also printed in the README). The account that owns a location may do
 * everything; partners get exactly what their role lists here, on the locations they were given. Every
 * location-scoped service enforces it on every request through @pm/access; the web only hides what a role cannot use.
 *
 * Plain data in the contracts so every service, the BFF and the web read the same table. A context that becomes
 * location-scoped adds its permissions to this one list (one line each, with what they cover) and to the roles below.
 */
export const PERMISSIONS = [
  /** See the location. */
  'location:read',
  /** Edit its name, address, type. */
  'location:update',
  /** Buy a phone number or generate the e-mail address: it costs money and changes how tenants reach the location. */
  'location:channels',
  /** See buildings (and their templates and signature). */
  'building:read',
  /** Add buildings, change their e-mail templates and signature. */
  'building:write',
  /** See units. */
  'unit:read',
  /** Add units. */
  'unit:write',
  /** See tenants, their contacts and past tenants: personal data. */
  'tenant:read',
  /** Add and edit tenants, lease facts, the primary tenant. */
  'tenant:write',
  /** Archive, delete and retrieve tenants. */
  'tenant:delete',
  /** Send tenants their onboarding invitations. */
  'tenant:invite',
  /** See expiring leases (dashboard). */
  'lease:read',
  /** Send renewal e-mails. */
  'lease:notify',
  /** See the location's partners. */
  'partner:read',
  /** Add, change and remove partners. */
  'partner:write',
  /** See Q&A items and rules. */
  'knowledge:read',
  /** Change Q&A items and rules. */
  'knowledge:write',
  /** See the location's contacts. */
  'contact:read',
  /** Change the location's contacts. */
  'contact:write',
  /** See what tenants and other senders wrote to the location and what it answered: the inbox, threads, unread counts. */
  'message:read',
  /**
   * Answer them (send, archive) and mark threads read. Read state is the answering team's, shared by the location:
   * a thread marked read is read for everyone who answers it, so only those who answer may mark it.
   */
  'message:send',
  /** See the location's documents (the vault, entity Documents tabs), their previews, summaries and extracted facts. */
  'document:read',
  /** Upload, rename, recategorise, tag, file into folders, move between locations and delete documents; folders too. */
  'document:write',
  /** See rent: rent details and prices, the ledger and its balances, payment links, what was collected. */
  'payment:read',
  /** Set rent, record payments made outside the provider, generate and send payment links. Money: owners and admins, and managers who run the property. */
  'payment:write',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** OWNER (the location's account holder) is not a role anyone is granted; the others are partners' roles. */
export const PARTNER_ROLES = PartnerRoleSchema.options;
export const ACCESS_ROLES = AccessRoleSchema.options;

const everything: readonly Permission[] = PERMISSIONS;
const readsWithoutTenants: readonly Permission[] = ['location:read', 'building:read', 'unit:read', 'knowledge:read', 'contact:read'];
const allReads: readonly Permission[] = [...readsWithoutTenants, 'tenant:read', 'lease:read', 'partner:read', 'message:read', 'document:read', 'payment:read'];

/**
 * - ADMIN: everything the owner can do on the location, including partners and the phone number / e-mail address.
 * - MANAGER: runs the property day to day (buildings, units, tenants, invitations, renewals, knowledge, contacts,
 *   location details, answering tenants' messages, rent and payments); sees partners but cannot change them or buy numbers.
 * - MEMBER: a co-owner or team member: reads everything (tenants' messages and rent too), keeps the knowledge base and
 *   contacts and documents; answering tenants and handling money are left to those who run the property.
 * - VENDOR: a service provider: the property, its buildings and units, knowledge and contacts; no tenants' personal
 *   data (their messages, the vault's leases and their rent included), no partner list.
 * - VIEWER: reads everything, changes nothing.
 */
export const ROLE_PERMISSIONS: Readonly<Record<AccessRole, readonly Permission[]>> = Object.freeze({
  OWNER: everything,
  ADMIN: everything,
  MANAGER: [
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
    'message:send',
    'document:write',
    'payment:write',
  ],
  MEMBER: [...allReads, 'knowledge:write', 'contact:write', 'document:write'],
  VENDOR: readsWithoutTenants,
  VIEWER: allReads,
});

export function can(role: AccessRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/**
 * What a caller hears when their role on a location lacks the permission (LocationAccess in @pm/access). Every
 * location-scoped contract lists it as its 403, so the API description says so.
 */
export const ACCESS_FORBIDDEN = 'You do not have permission to do this';
