import { ACCESS_FORBIDDEN } from '../../access/permissions.js';
import { z } from 'zod';
import { defineRpc } from '../../define.js';
import { metadataSchema } from '../../metadata.js';
import {
  PropertyLocationSchema,
  PropertyTypeSchema,
  propertyLocationFixture,
} from '../property-location.js';
import { IdRefSchema, limits, optionalLine, requiredLine, UnitsCountSchema } from '../validation.js';
import { propertyLocationMessages } from '../messages.js';

// Whether the type and the units count are required depends on the caller's campaign and, on edit, on the stored
// location: the service answers those ('Property Type is required', 'Units Count is required').
const detailFields = {
  type: PropertyTypeSchema.nullish(),
  declared_units_count: UnitsCountSchema,
  is_rental_property: z.boolean().nullish(),
  metadata: metadataSchema({ usage: optionalLine('Usage', limits.label), state: optionalLine('State', limits.label) }).nullish(),
};

/** POST property-location: the caller becomes the owner. */
export const CreatePropertyLocation = defineRpc({
  subject: 'pm.rpc.portfolio.property-location.create.v1',
  http: { method: 'POST', path: 'property-location', status: 201, idempotent: true },
  errors: { 400: [propertyLocationMessages.addressRequired, propertyLocationMessages.typeRequired, propertyLocationMessages.unitsCountRequired, 'Units Count must be a whole number of at least 1', 'Units Count must be at most 10,000'] },
  /** Spec 000 §5: the name is optional (derived from the address when empty), the address required. */
  request: z.object({ name: optionalLine('Name', limits.name), address_text: requiredLine('Property Address', limits.address), ...detailFields }),
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
  access: 'location:read',
  request: z.object({ id: IdRefSchema.min(1) }),
  errors: { 404: 'Property location not found', 403: ACCESS_FORBIDDEN },
  response: PropertyLocationSchema,
  fixture: { request: { id: propertyLocationFixture.id }, response: propertyLocationFixture },
});

/** PUT property-location/{id}: fields left out keep their value; name and address are required. */
export const UpdatePropertyLocation = defineRpc({
  subject: 'pm.rpc.portfolio.property-location.update.v1',
  http: { method: 'PUT', path: 'property-location/:id' },
  access: 'location:update',
  errors: { 400: [propertyLocationMessages.nameRequired, propertyLocationMessages.rentalAddressRequired, propertyLocationMessages.typeRequired, propertyLocationMessages.unitsCountRequired, 'Units Count must be a whole number of at least 1', 'Units Count must be at most 10,000'], 404: 'Property location not found', 403: ACCESS_FORBIDDEN },
  /** Spec 001 §5 (the edit dialog): name and address required. */
  request: z.object({
    id: IdRefSchema.min(1),
    name: requiredLine('Name', limits.name),
    address_text: requiredLine('Property Rental Address', limits.address),
    ...detailFields,
  }),
  response: PropertyLocationSchema,
  fixture: {
    request: { id: propertyLocationFixture.id, name: 'Elm Street Apartments', address_text: '12 Elm Street, Springfield, IL 62701', type: 'MULTI_UNIT', declared_units_count: 8 },
    response: { ...propertyLocationFixture, name: 'Elm Street Apartments', declared_units_count: 8 },
  },
});


/** Spec 000 §3.6: the home the Terri chat answers about, as address parts (the web shows street, city, state and zip). */
export const UserPropertySchema = z.object({
  id: z.string().min(1),
  // The limits of SetUserPropertyByAddress, which is where these values come from.
  street: z.string().max(200),
  city: z.string().max(100),
  state: z.string().length(2),
  county: z.string().max(100).nullable(),
  zipcode: z.string().max(10),
  country: z.string().length(2),
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
    street: requiredLine('Street', 200),
    city: requiredLine('City', 100),
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

/**
 * The caller's home and, when they live in a location someone manages, that location (service to service, no HTTP):
 * the assistant asks it with the caller's own token before Terri answers. A managed location is named only when the
 * caller's verified e-mail is a current tenant's e-mail there AND the tenant's location is at the caller's home
 * address; typing a managed location's address is never enough, and an anonymous visitor (no e-mail) never has one.
 */
export const GetUserResidence = defineRpc({
  subject: 'pm.rpc.portfolio.user-property.residence.v1',
  request: z.object({}),
  response: z.object({
    property: UserPropertySchema.nullable(),
    residence: z
      .object({
        location_id: z.string().min(1),
        name: z.string().max(200),
        address_text: z.string().max(500),
        unit_name: z.string().max(200).nullable(),
      })
      .nullable(),
  }),
  fixture: {
    request: {},
    response: {
      property: userPropertyFixture,
      residence: { location_id: propertyLocationFixture.id, name: 'Maple Court', address_text: '12 Elm Street, Springfield, IL 62701', unit_name: '2B' },
    },
  },
});
