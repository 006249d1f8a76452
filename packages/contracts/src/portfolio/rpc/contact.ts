import { ACCESS_FORBIDDEN } from '../../access/permissions.js';
import { z } from 'zod';
import { defineRpc } from '../../define.js';
import { contactFixture, ContactDetailSchema, ContactSchema } from '../contact.js';
import { DeletedSchema } from '../knowledge.js';
import { IdRefSchema, limits, line, normaliseContactRole, optionalLine, portfolioMessages, requiredLine, SelectedLocationSchema } from '../validation.js';

const locationId = contactFixture.location_ids[0]!;
/** Every contact call names the selected location; without one: 'No location selected'. */
const selectedLocation = SelectedLocationSchema;
const name = requiredLine('Name', limits.name);
/** Upper-case with underscores ("property manager" → PROPERTY_MANAGER); left out: OTHER on create, kept on edit. */
const role = optionalLine('Role', limits.role).transform((value) => (value == null ? value : normaliseContactRole(value)));
/** Details with an empty value are dropped, like a tenant's empty contacts; a blank label is none. */
const details = z
  .array(
    z.object({
      type: ContactDetailSchema.shape.type,
      label: optionalLine('Label', limits.label).transform((label) => label || null),
      value: line('Contact detail', limits.email),
    }),
  )
  .max(limits.contactDetails, `A contact can have at most ${limits.contactDetails} details`)
  .nullish()
  .transform((list) => list?.filter((detail) => detail.value !== ''));
// Piped rather than IdRefSchema itself (which limits each id's length and characters): the API description would
// show the items nullable, as `location_id` is.
const locationIds = z
  .array(z.string().meta({ minLength: 1 }).pipe(IdRefSchema))
  .max(limits.listItems, `A contact can belong to at most ${limits.listItems} locations`)
  .refine((ids) => !ids.includes(''), 'Location is required');

/** GET contacts?location_id=&search=: the location's contacts whose name contains `search` (any case). */
export const ListContacts = defineRpc({
  subject: 'pm.rpc.portfolio.contact.list.v1',
  access: 'contact:read',
  http: { method: 'GET', path: 'contacts' },
  errors: { 400: 'No location selected', 404: 'Property location not found', 403: ACCESS_FORBIDDEN },
  request: z.object({ location_id: selectedLocation, search: optionalLine('Search', limits.search) }),
  response: z.array(ContactSchema),
  fixture: { request: { location_id: locationId, search: 'sam' }, response: [contactFixture] },
});

/** POST contacts?location_id=: the caller needs contact:write on every location in `location_ids`. */
export const CreateContact = defineRpc({
  subject: 'pm.rpc.portfolio.contact.create.v1',
  access: 'contact:write',
  http: { method: 'POST', path: 'contacts', status: 201, idempotent: true },
  errors: { 400: ['At least one location is required', 'Name is required'], 404: 'Property location not found', 403: ACCESS_FORBIDDEN },
  request: z.object({
    location_id: IdRefSchema.nullish(),
    // Before the name: the locations are checked first, as the dialog's first field.
    location_ids: locationIds
      .meta({ minItems: 1 })
      .nullish()
      .transform((ids) => [...new Set(ids ?? [])])
      .refine((ids) => ids.length > 0, portfolioMessages.atLeastOneLocation),
    name,
    role,
    details,
  }),
  response: ContactSchema,
  fixture: {
    request: { location_id: locationId, name: contactFixture.name, role: 'plumber', details: contactFixture.details, location_ids: contactFixture.location_ids },
    response: contactFixture,
  },
});

/** GET contacts/{id}?location_id=. */
export const GetContact = defineRpc({
  subject: 'pm.rpc.portfolio.contact.get.v1',
  access: 'contact:read',
  http: { method: 'GET', path: 'contacts/:id' },
  errors: { 400: 'No location selected', 404: 'Contact not found', 403: ACCESS_FORBIDDEN },
  request: z.object({ id: IdRefSchema.min(1), location_id: selectedLocation }),
  response: ContactSchema,
  fixture: { request: { id: contactFixture.id, location_id: locationId }, response: contactFixture },
});

/**
 * PUT contacts/{id}?location_id=. `location_ids`, when given, replaces the contact's locations among those the caller
 * may change; links to locations out of the caller's reach are kept.
 */
export const UpdateContact = defineRpc({
  subject: 'pm.rpc.portfolio.contact.update.v1',
  access: 'contact:write',
  http: { method: 'PUT', path: 'contacts/:id' },
  errors: { 400: ['No location selected', 'Name is required', 'At least one location is required'], 404: 'Contact not found', 403: ACCESS_FORBIDDEN },
  request: z.object({
    id: IdRefSchema.min(1),
    location_id: selectedLocation,
    name,
    role,
    details,
    location_ids: locationIds
      .meta({ minItems: 1 })
      .nullish()
      .transform((ids) => (ids == null ? ids : [...new Set(ids)]))
      .refine((ids) => ids == null || ids.length > 0, portfolioMessages.atLeastOneLocation),
  }),
  response: ContactSchema,
  fixture: {
    request: { id: contactFixture.id, location_id: locationId, name: 'Sam Rivera Jr.', role: 'PLUMBER', details: contactFixture.details },
    response: { ...contactFixture, name: 'Sam Rivera Jr.' },
  },
});

/** DELETE contacts/{id}?location_id=: the contact leaves that location (and is gone when no location is left). */
export const DeleteContact = defineRpc({
  subject: 'pm.rpc.portfolio.contact.delete.v1',
  access: 'contact:write',
  http: { method: 'DELETE', path: 'contacts/:id' },
  errors: { 400: 'No location selected', 404: 'Contact not found', 403: ACCESS_FORBIDDEN },
  request: z.object({ id: IdRefSchema.min(1), location_id: selectedLocation }),
  response: DeletedSchema,
  fixture: { request: { id: contactFixture.id, location_id: locationId }, response: { deleted: true } },
});
