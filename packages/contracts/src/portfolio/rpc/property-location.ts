import { z } from 'zod';
import { defineRpc } from '../../define.js';
import {
  PropertyLocationMetadataSchema,
  PropertyLocationSchema,
  PropertyTypeSchema,
  propertyLocationFixture,
} from '../property-location.js';

// Required fields are optional here on purpose: the service answers a missing one with the spec's own message
// ('Property Address is required', ...), which a schema-level failure could not word per rule and per campaign.
const editableFields = {
  name: z.string().nullish(),
  address_text: z.string().nullish(),
  type: PropertyTypeSchema.nullish(),
  declared_units_count: z.number().int().nullish(),
  is_rental_property: z.boolean().nullish(),
  metadata: PropertyLocationMetadataSchema.nullish(),
};

/** POST property-location: the caller becomes the owner. */
export const CreatePropertyLocation = defineRpc({
  subject: 'pm.rpc.portfolio.property-location.create.v1',
  http: { method: 'POST', path: 'property-location', status: 201 },
  errors: { 400: 'Property Address is required' },
  request: z.object(editableFields),
  response: PropertyLocationSchema,
  fixture: {
    request: { name: '', address_text: '12 Elm Street, Springfield, IL 62701', type: 'MULTI_UNIT', declared_units_count: 6, is_rental_property: true, metadata: { usage: 'rental' } },
    response: propertyLocationFixture,
  },
});

/** GET property-location/all: the caller's locations only, oldest first. */
export const ListPropertyLocations = defineRpc({
  subject: 'pm.rpc.portfolio.property-location.list.v1',
  http: { method: 'GET', path: 'property-location/all' },
  request: z.object({}),
  response: z.array(PropertyLocationSchema),
  fixture: { request: {}, response: [propertyLocationFixture] },
});

/** GET property-location/{id}: 404 for an id the caller has no access to, exactly as for one that does not exist. */
export const GetPropertyLocation = defineRpc({
  subject: 'pm.rpc.portfolio.property-location.get.v1',
  http: { method: 'GET', path: 'property-location/:id' },
  request: z.object({ id: z.string().min(1) }),
  response: PropertyLocationSchema,
  fixture: { request: { id: propertyLocationFixture.id }, response: propertyLocationFixture },
});

/** PUT property-location/{id}: fields left out keep their value; name and address are required. */
export const UpdatePropertyLocation = defineRpc({
  subject: 'pm.rpc.portfolio.property-location.update.v1',
  http: { method: 'PUT', path: 'property-location/:id' },
  errors: { 400: 'Name is required' },
  request: z.object({ id: z.string().min(1), ...editableFields }),
  response: PropertyLocationSchema,
  fixture: {
    request: { id: propertyLocationFixture.id, name: 'Elm Street Apartments', address_text: '12 Elm Street, Springfield, IL 62701', type: 'MULTI_UNIT', declared_units_count: 8 },
    response: { ...propertyLocationFixture, name: 'Elm Street Apartments', declared_units_count: 8 },
  },
});

/** Text a person types on one line: trimmed, no control or invisible formatting characters. */
const line = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .regex(/^[^\p{Cc}\p{Cf}]*$/u, `${label} contains characters that are not allowed`);

/** Spec 000 §3.6: the home the Terri chat answers about, as address parts (the web shows street, city, state and zip). */
export const UserPropertySchema = z.object({
  id: z.string().min(1),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  county: z.string().nullable(),
  zipcode: z.string(),
  country: z.string(),
});
export type UserProperty = z.infer<typeof UserPropertySchema>;

const userPropertyFixture: UserProperty = {
  id: propertyLocationFixture.id,
  street: '12 Elm Street',
  city: 'Springfield',
  state: 'IL',
  county: null,
  zipcode: '62701',
  country: 'US',
};

/** GET user-property: the caller's own home (the latest one set by address); 404 'Property not found' before one is set. */
export const GetUserProperty = defineRpc({
  subject: 'pm.rpc.portfolio.user-property.get.v1',
  http: { method: 'GET', path: 'user-property' },
  errors: { 404: 'Property not found' },
  request: z.object({}),
  response: UserPropertySchema,
  fixture: { request: {}, response: userPropertyFixture },
});

/**
 * POST user-property/byaddress?street=&city=&state=&zip= (empty body): the caller's home at that address, created as a
 * single-family property location of their own the first time, found again (same street and ZIP) after that.
 */
export const SetUserPropertyByAddress = defineRpc({
  subject: 'pm.rpc.portfolio.user-property.set-by-address.v1',
  http: { method: 'POST', path: 'user-property/byaddress' },
  errors: {
    400: ['Street is required', 'City is required', 'State must be a two-letter US state code', 'ZIP code must be 5 digits'],
  },
  request: z.object({
    street: line('Street', 200),
    city: line('City', 100),
    state: z
      .string({ error: 'State must be a two-letter US state code' })
      .trim()
      .regex(/^[A-Za-z]{2}$/, 'State must be a two-letter US state code')
      .transform((state) => state.toUpperCase()),
    zip: z
      .string({ error: 'ZIP code must be 5 digits' })
      .trim()
      .regex(/^[0-9]{5}(-[0-9]{4})?$/, 'ZIP code must be 5 digits'),
  }),
  response: UserPropertySchema,
  fixture: { request: { street: '12 Elm Street', city: 'Springfield', state: 'il', zip: '62701' }, response: userPropertyFixture },
});
