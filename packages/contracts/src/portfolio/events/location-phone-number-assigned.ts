import { z } from 'zod';
import { defineEvent } from '../../define.js';
import { LocationScopeSchema } from '../property-location.js';

/** A location got its virtual phone number (tenants text and call it). */
export const LocationPhoneNumberAssigned = defineEvent({
  subject: 'pm.portfolio.location-phone-number.assigned.v1',
  data: LocationScopeSchema.extend({
    /** E.164. */
    phoneNumber: z.string().regex(/^\+1\d{10}$/),
    /** The telephony adapter's name (`twilio`, `sandbox`): a short identifier. */
    provider: z.string().min(1).max(50),
  }),
  fixture: {
    locationId: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c',
    accountId: 'usr_01HZX3',
    ownerUserId: 'usr_01HZX3',
    phoneNumber: '+14155550123',
    provider: 'sandbox',
  },
});
