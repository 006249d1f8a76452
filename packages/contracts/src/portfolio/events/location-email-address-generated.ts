import { z } from 'zod';
import { defineEvent } from '../../define.js';
import { LocationScopeSchema } from '../property-location.js';

/** A location got its e-mail address at the product's mail host (mail to it lands in the location's inbox). */
export const LocationEmailAddressGenerated = defineEvent({
  subject: 'pm.portfolio.location-email-address.generated.v1',
  data: LocationScopeSchema.extend({
    email: z.string().min(3),
  }),
  fixture: {
    locationId: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c',
    accountId: 'usr_01HZX3',
    ownerUserId: 'usr_01HZX3',
    email: '12.elm.street@mail.pm.local',
  },
});
