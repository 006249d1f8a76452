import { z } from 'zod';
import { defineEvent } from '../../define.js';
import { PropertyLocationEventDetailsSchema } from '../property-location.js';

/** A user added a property location; the onboarding progress read model (and later contexts) listen to it. */
export const PropertyLocationCreated = defineEvent({
  subject: 'pm.portfolio.property-location.created.v1',
  data: PropertyLocationEventDetailsSchema.extend({ ownerUserId: z.string().min(1) }),
  fixture: {
    locationId: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c',
    accountId: 'usr_01HZX3',
    ownerUserId: 'usr_01HZX3',
    name: '12 Elm Street',
    addressText: '12 Elm Street, Springfield, IL 62701',
    type: 'MULTI_UNIT',
    declaredUnitsCount: 6,
    isRentalProperty: true,
  },
});
