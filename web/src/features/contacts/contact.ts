import type { AccessRole, Contact, ContactDetail } from '@pm/contracts';

/** The BFF's `Contact` (spec 002 section 3), as its contract defines it: someone useful for one or more locations. */
export type { Contact, ContactDetail } from '@pm/contracts';
export type ContactDetailType = ContactDetail['type'];

/** Spec 002 section 3: role values are written with underscores, OTHER is one of them. */
export const contactRoles = [
  'PROPERTY_MANAGER',
  'PLUMBER',
  'ELECTRICIAN',
  'HVAC_TECHNICIAN',
  'HANDYMAN',
  'LOCKSMITH',
  'PEST_CONTROL',
  'CLEANING_SERVICE',
  'LANDSCAPER',
  'CONTRACTOR',
  'HOA',
  'UTILITY_PROVIDER',
  'INSURANCE_AGENT',
  'ATTORNEY',
  'ACCOUNTANT',
  'EMERGENCY_SERVICE',
  'OTHER',
] as const;

const acronyms = new Set(['HOA', 'HVAC']);

/** PEST_CONTROL → "Pest Control"; a role the list does not know (the service normalises free text) reads the same way. */
export function contactRoleLabel(role: string): string {
  return role
    .split('_')
    .filter(Boolean)
    .map((word) => (acronyms.has(word) ? word : word[0]! + word.slice(1).toLowerCase()))
    .join(' ');
}

export const contactRoleOptions = (current?: string) =>
  [...contactRoles, ...(current && !(contactRoles as readonly string[]).includes(current) ? [current] : [])].map((value) => ({ value, label: contactRoleLabel(value) }));

/**
 * Who sees Add Contact and the row menu. Spec 002 says "admins only"; we read "admin" through the portfolio
 * service's one permission table (services/portfolio/src/access/permissions.ts), where contact:write belongs to
 * OWNER, ADMIN, MANAGER and MEMBER. The service refuses the others anyway (403).
 */
export const canWriteContacts = (accessRole: AccessRole | undefined) =>
  accessRole === 'OWNER' || accessRole === 'ADMIN' || accessRole === 'MANAGER' || accessRole === 'MEMBER';

export const detailsOfType = (contact: Contact, type: ContactDetailType) => contact.details.filter((detail) => detail.type === type);

export const contactMessages = {
  searchPlaceholder: 'Search contacts...',
  noMatch: 'No contacts found matching your search.',
  noContacts: 'No contacts found for this location. Click "Add Contact" to create your first contact.',
  loadFailed: (reason: string) => `Error loading contacts: ${reason}`,
  created: (locations: number) => (locations > 1 ? `Contact created successfully for ${locations} locations` : 'Contact created successfully'),
  createFailed: 'Failed to create contact',
  updated: 'Contact updated successfully',
  updateFailed: 'Failed to update contact',
  deleted: 'Contact deleted successfully',
  deleteFailed: 'Failed to delete contact',
} as const;

export const CONTACT_PAGE_SIZES = [5, 25, 50, 100] as const;
export const DEFAULT_CONTACT_PAGE_SIZE = 25;

/** The contact routes of spec 001 §2 (`contacts`, `contacts/create`, `contacts/{id}`, `contacts/{id}/edit`). */
export const contactPaths = {
  list: '/property-manager/contacts',
  create: '/property-manager/contacts/create',
  view: (id: string) => `/property-manager/contacts/${encodeURIComponent(id)}`,
  edit: (id: string) => `/property-manager/contacts/${encodeURIComponent(id)}/edit`,
} as const;
