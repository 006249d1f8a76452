import { ACCESS_FORBIDDEN } from '../../access/permissions.js';
import { z } from 'zod';
import { defineRpc } from '../../define.js';
import { requiredLine, textPattern, withPattern } from '../../text.js';
import { IdRefSchema, limits, optionalLine } from '../validation.js';
import { availablePhoneNumberFixture, LocationPhoneNumberSchema, PhoneNumberSearchResultSchema } from '../channels.js';
import { propertyLocationFixture, PropertyLocationSchema } from '../property-location.js';

/** A US area code as the phone provider searches it: three digits, the first 2 to 9. */
export const AREA_CODE_INVALID = 'Area code must be 3 digits';

/** POST property-location/{id}/email-address: generates the location's address (keeps one already set). */
export const GenerateLocationEmailAddress = defineRpc({
  subject: 'pm.rpc.portfolio.location-email-address.generate.v1',
  access: 'location:channels',
  http: { method: 'POST', path: 'property-location/:id/email-address' },
  request: z.object({ id: IdRefSchema.min(1) }),
  errors: { 404: 'Property location not found', 403: ACCESS_FORBIDDEN },
  response: PropertyLocationSchema,
  fixture: { request: { id: propertyLocationFixture.id }, response: { ...propertyLocationFixture, email: '12.elm.street@mail.pm.local' } },
});

export const PHONE_NUMBER_FORMAT = 'Phone number must be in format: +1XXXXXXXXXX';

/** The number to buy for a location: +1 and ten digits (spec 001 §6), spaces around it trimmed; missing is the same 400. */
const PurchasedPhoneNumberSchema = withPattern(
  requiredLine('Phone number', limits.phone, { required: PHONE_NUMBER_FORMAT }).refine((phoneNumber) => /^\+1\d{10}$/.test(phoneNumber), PHONE_NUMBER_FORMAT),
  textPattern.trimmedAround('\\+1[0-9]{10}'),
);

const NUMBER_SEARCH_LIMIT_INVALID = 'Limit must be a whole number from 1 to 1000';

/**
 * GET property-location/{id}/search-phone-number?areaCode=&contains=&limit=. No area code: the location's own (its
 * number's, else the one serving its ZIP or city, else its state's main one).
 */
export const SearchLocationPhoneNumbers = defineRpc({
  subject: 'pm.rpc.portfolio.location-phone-number.search.v1',
  access: 'location:channels',
  http: { method: 'GET', path: 'property-location/:id/search-phone-number' },
  request: z.object({
    id: IdRefSchema.min(1),
    areaCode: optionalLine('Area code', 10).refine((areaCode) => !areaCode || /^[2-9]\d{2}$/.test(areaCode), AREA_CODE_INVALID),
    contains: optionalLine('Contains', limits.phone),
    // Not z.coerce: the HTTP layer already reads "20" as 20, and coercing again would take "true" as 1.
    limit: z
      .number({ error: NUMBER_SEARCH_LIMIT_INVALID })
      .int(NUMBER_SEARCH_LIMIT_INVALID)
      .min(1, NUMBER_SEARCH_LIMIT_INVALID)
      .max(1000, NUMBER_SEARCH_LIMIT_INVALID)
      .nullish()
      .describe('How many numbers to offer: 20 when left out, at most 50 (a larger limit offers 50)'),
  }),
  errors: { 400: [AREA_CODE_INVALID, 'Area code is required', NUMBER_SEARCH_LIMIT_INVALID], 404: 'Property location not found', 403: ACCESS_FORBIDDEN },
  response: PhoneNumberSearchResultSchema,
  fixture: {
    request: { id: propertyLocationFixture.id, areaCode: '415', contains: '55', limit: 20 },
    response: { areaCode: '415', numbers: [availablePhoneNumberFixture] },
  },
});

/**
 * POST property-location/{id}/phone-number: buys the number from the provider and gives it to the location. It costs
 * money, so a retry with the same Idempotency-Key gets the first answer instead of buying again.
 */
export const AssignLocationPhoneNumber = defineRpc({
  subject: 'pm.rpc.portfolio.location-phone-number.assign.v1',
  access: 'location:channels',
  http: { method: 'POST', path: 'property-location/:id/phone-number', idempotent: true },
  errors: { 400: PHONE_NUMBER_FORMAT, 409: ['This phone number is no longer available', 'This property already has a phone number'], 404: 'Property location not found', 403: ACCESS_FORBIDDEN },
  request: z.object({ id: IdRefSchema.min(1), phoneNumber: PurchasedPhoneNumberSchema }),
  response: PropertyLocationSchema,
  fixture: {
    request: { id: propertyLocationFixture.id, phoneNumber: availablePhoneNumberFixture.phoneNumber },
    response: { ...propertyLocationFixture, phone: availablePhoneNumberFixture.phoneNumber },
  },
});

/**
 * PUT property-location/{id}/phone-number: changes the location's number to another. The new one is bought and given
 * to the location first, then the old one is released, so a failure on the way leaves the location with a number.
 * Asking for the number the location already has changes nothing (a retry is harmless).
 */
export const ChangeLocationPhoneNumber = defineRpc({
  subject: 'pm.rpc.portfolio.location-phone-number.change.v1',
  access: 'location:channels',
  http: { method: 'PUT', path: 'property-location/:id/phone-number' },
  errors: {
    400: PHONE_NUMBER_FORMAT,
    409: ['This phone number is no longer available', 'This property has no phone number yet'],
    502: 'The phone provider could not release the old number. Nothing was changed; try again later.',
    404: 'Property location not found',
    403: ACCESS_FORBIDDEN,
  },
  request: z.object({ id: IdRefSchema.min(1), phoneNumber: PurchasedPhoneNumberSchema }),
  response: PropertyLocationSchema,
  fixture: {
    request: { id: propertyLocationFixture.id, phoneNumber: '+14155550124' },
    response: { ...propertyLocationFixture, phone: '+14155550124' },
  },
});

/**
 * DELETE property-location/{id}/phone-number: gives the location's number back to the provider; texts and calls to it
 * no longer reach the location. A location without a number is answered as it is.
 */
export const ReleaseLocationPhoneNumber = defineRpc({
  subject: 'pm.rpc.portfolio.location-phone-number.release.v1',
  access: 'location:channels',
  http: { method: 'DELETE', path: 'property-location/:id/phone-number' },
  errors: { 502: 'The phone provider could not release the number. It is still assigned; try again later.', 404: 'Property location not found', 403: ACCESS_FORBIDDEN },
  request: z.object({ id: IdRefSchema.min(1) }),
  response: PropertyLocationSchema,
  fixture: { request: { id: propertyLocationFixture.id }, response: { ...propertyLocationFixture, phone: null } },
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
