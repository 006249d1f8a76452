import { z } from 'zod';
import { defineEvent } from '../../define.js';
import { LocationScopeSchema } from '../property-location.js';

/** A location gave its virtual phone number back: texts and calls to it no longer reach the location. */
export const LocationPhoneNumberReleased = defineEvent({
  subject: 'pm.portfolio.location-phone-number.released.v1',
  data: LocationScopeSchema.extend({
    /** E.164. */
    phoneNumber: z.string().regex(/^\+1\d{10}$/),
    /** The telephony adapter's name (`twilio`, `sandbox`): a short identifier. */
    provider: z.string().min(1).max(50),
    /** The location's new number when the release is part of a change, else null (the location has none now). */
    replacedBy: z.string().regex(/^\+1\d{10}$/).nullable(),
  }),
  fixture: {
    locationId: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c',
    accountId: 'usr_01HZX3',
    ownerUserId: 'usr_01HZX3',
    phoneNumber: '+14155550123',
    provider: 'sandbox',
    replacedBy: null,
  },
});
