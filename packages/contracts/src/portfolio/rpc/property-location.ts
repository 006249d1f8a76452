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
