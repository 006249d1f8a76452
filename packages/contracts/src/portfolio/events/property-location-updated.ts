import { defineEvent } from '../../define.js';
import { PropertyLocationEventDetailsSchema } from '../property-location.js';

/** A property location's details were edited; carries the whole new state so consumers need no query back. */
export const PropertyLocationUpdated = defineEvent({
  subject: 'pm.portfolio.property-location.updated.v1',
  data: PropertyLocationEventDetailsSchema,
  fixture: {
    locationId: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c',
    accountId: 'usr_01HZX3',
    name: 'Elm Street Apartments',
    addressText: '12 Elm Street, Springfield, IL 62701',
    type: 'MULTI_UNIT',
    declaredUnitsCount: 8,
    isRentalProperty: true,
  },
});
