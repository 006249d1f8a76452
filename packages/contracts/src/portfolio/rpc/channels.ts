import { ACCESS_FORBIDDEN } from '../../access/permissions.js';
import { z } from 'zod';
import { defineRpc } from '../../define.js';
import { IdRefSchema, limits, optionalLine } from '../validation.js';
import { availablePhoneNumberFixture, AvailablePhoneNumberSchema, LocationPhoneNumberSchema } from '../channels.js';
import { propertyLocationFixture, PropertyLocationSchema } from '../property-location.js';

/** POST property-location/{id}/email-address: generates the location's address (keeps one already set). */
export const GenerateLocationEmailAddress = defineRpc({
  subject: 'pm.rpc.portfolio.location-email-address.generate.v1',
  http: { method: 'POST', path: 'property-location/:id/email-address' },
  request: z.object({ id: IdRefSchema.min(1) }),
  errors: { 404: 'Property location not found', 403: ACCESS_FORBIDDEN },
  response: PropertyLocationSchema,
  fixture: { request: { id: propertyLocationFixture.id }, response: { ...propertyLocationFixture, email: '12.elm.street@mail.pm.local' } },
});

/** GET property-location/{id}/search-phone-number?areaCode=&contains=&limit= (no area code: the location's state's). */
export const SearchLocationPhoneNumbers = defineRpc({
  subject: 'pm.rpc.portfolio.location-phone-number.search.v1',
  http: { method: 'GET', path: 'property-location/:id/search-phone-number' },
  request: z.object({
    id: IdRefSchema.min(1),
    areaCode: optionalLine('Area code', 10),
    contains: optionalLine('Contains', limits.phone),
    limit: z.coerce.number().int().min(1).max(1000).nullish().describe('How many numbers to offer: 20 when left out, at most 50 (a larger limit offers 50)'),
  }),
  errors: { 404: 'Property location not found', 403: ACCESS_FORBIDDEN },
  response: z.array(AvailablePhoneNumberSchema),
  fixture: { request: { id: propertyLocationFixture.id, areaCode: '415', contains: '55', limit: 20 }, response: [availablePhoneNumberFixture] },
});

/** POST property-location/{id}/phone-number: buys the number from the provider and gives it to the location. */
export const AssignLocationPhoneNumber = defineRpc({
  subject: 'pm.rpc.portfolio.location-phone-number.assign.v1',
  http: { method: 'POST', path: 'property-location/:id/phone-number' },
  errors: { 409: ['This phone number is no longer available', 'This property already has a phone number'], 404: 'Property location not found', 403: ACCESS_FORBIDDEN },
  request: z.object({ id: IdRefSchema.min(1), phoneNumber: optionalLine('Phone number', limits.phone) }),
  response: PropertyLocationSchema,
  fixture: {
    request: { id: propertyLocationFixture.id, phoneNumber: availablePhoneNumberFixture.phoneNumber },
    response: { ...propertyLocationFixture, phone: availablePhoneNumberFixture.phoneNumber },
  },
});

/** GET property-location-phone/all: the phone numbers of the locations the caller may reach. */
export const ListLocationPhoneNumbers = defineRpc({
  subject: 'pm.rpc.portfolio.location-phone-number.list.v1',
  http: { method: 'GET', path: 'property-location-phone/all' },
  request: z.object({}),
  response: z.array(LocationPhoneNumberSchema),
  fixture: {
    request: {},
    response: [{ location_id: propertyLocationFixture.id, phone_number: availablePhoneNumberFixture.phoneNumber, assigned_at: '2026-11-22T10:00:00.000Z' }],
  },
});
