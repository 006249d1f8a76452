import { defineEntity, p } from '@mikro-orm/core';

export interface ContactDetail {
  type: 'email' | 'phone' | 'other';
  label?: string | null;
  value: string;
}

const ContactSchema = defineEntity({
  name: 'Contact',
  tableName: 'contact',
  properties: {
    id: p.uuid().primary(),
    accountId: p.string().fieldName('account_id'),
    name: p.text(),
    /** Upper-case with underscores (PLUMBER, PROPERTY_MANAGER, ...); OTHER when not given. */
    role: p.text(),
    details: p.json<ContactDetail[]>(),
    createdAt: p.datetime().fieldName('created_at'),
    updatedAt: p.datetime().fieldName('updated_at'),
  },
});

/** Someone useful for a location (plumber, HOA, utility...): not a user, not a tenant. Shared by one or more locations. */
export class Contact extends ContactSchema.class {}
ContactSchema.setClass(Contact);
export { ContactSchema };

const ContactLocationSchema = defineEntity({
  name: 'ContactLocation',
  tableName: 'contact_location',
  properties: {
    contactId: p.uuid().primary().fieldName('contact_id'),
    locationId: p.uuid().primary().fieldName('location_id'),
  },
});

export class ContactLocation extends ContactLocationSchema.class {}
ContactLocationSchema.setClass(ContactLocation);
export { ContactLocationSchema };
