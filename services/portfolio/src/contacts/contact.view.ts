import type { Contact as ContactView } from '@pm/contracts';
import type { Contact } from './contact.entity.js';

export const CONTACT_NOT_FOUND = 'Contact not found';

export function toContactView(contact: Contact, locationIds: readonly string[]): ContactView {
  return {
    id: contact.id,
    name: contact.name,
    role: contact.role,
    details: contact.details.map((d) => ({ type: d.type, label: d.label ?? null, value: d.value })),
    location_ids: [...locationIds],
  };
}
