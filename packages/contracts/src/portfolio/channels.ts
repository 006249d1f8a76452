import { z } from 'zod';

/** A number the SMS/voice provider offers for purchase. */
export const AvailablePhoneNumberSchema = z.object({
  /** E.164, e.g. +14155550123. */
  phoneNumber: z.string().regex(/^\+1\d{10}$/),
  /** As people read it: (415) 555-0123. */
  friendlyName: z.string(),
  locality: z.string().nullable(),
  region: z.string().nullable(),
});
export type AvailablePhoneNumber = z.infer<typeof AvailablePhoneNumberSchema>;

/**
 * GET property-location/{id}/search-phone-number's answer: the area code searched (the one asked for, else the
 * location's own: its number's, else the one serving its ZIP or city) and the numbers offered in it.
 */
export const PhoneNumberSearchResultSchema = z.object({
  areaCode: z.string().regex(/^[2-9]\d{2}$/),
  numbers: z.array(AvailablePhoneNumberSchema),
});
export type PhoneNumberSearchResult = z.infer<typeof PhoneNumberSearchResultSchema>;

/** A location's phone number (GET property-location-phone/all). */
export const LocationPhoneNumberSchema = z.object({
  location_id: z.string().min(1),
  phone_number: z.string(),
  assigned_at: z.iso.datetime({ offset: true }),
});
export type LocationPhoneNumber = z.infer<typeof LocationPhoneNumberSchema>;

export const availablePhoneNumberFixture: AvailablePhoneNumber = {
  phoneNumber: '+14155550123',
  friendlyName: '(415) 555-0123',
  locality: null,
  region: 'CA',
};
