import { defineEntity, p } from '@mikro-orm/core';

const LocationPhoneNumberSchema = defineEntity({
  name: 'LocationPhoneNumber',
  tableName: 'location_phone_number',
  properties: {
    locationId: p.uuid().primary().fieldName('location_id'),
    accountId: p.string().fieldName('account_id'),
    /** E.164, e.g. +14155550123. The location's `phone` column holds the same value for display. */
    phoneNumber: p.text().fieldName('phone_number'),
    /** Which SMS/voice provider adapter bought it: twilio or sandbox. */
    provider: p.text(),
    /** The provider's id of the number (Twilio's IncomingPhoneNumber sid), needed to configure or release it. */
    providerNumberId: p.text().fieldName('provider_number_id'),
    assignedAt: p.datetime().fieldName('assigned_at'),
  },
});

/** The virtual phone number a location's tenants text and call. */
export class LocationPhoneNumber extends LocationPhoneNumberSchema.class {}
LocationPhoneNumberSchema.setClass(LocationPhoneNumber);
export { LocationPhoneNumberSchema };
