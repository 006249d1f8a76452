import { z } from 'zod';
import { defineEvent } from '../../define.js';
import { LocationScopeSchema } from '../property-location.js';
import { limits } from '../validation.js';

/** A unit was added to a building; `ownerUserId` is the location's owner. */
export const UnitCreated = defineEvent({
  subject: 'pm.portfolio.unit.created.v1',
  data: LocationScopeSchema.extend({
    unitId: z.string().min(1),
    buildingId: z.string().min(1),
    /** The unit's name (units are not renamed); absent on events recorded before other contexts copied it. */
    name: z.string().max(limits.unitName).optional(),
  }),
  fixture: {
    unitId: '01937a11-2d3e-7f4a-9b0c-1d2e3f4a5b6c',
    name: '2B',
    buildingId: '01937a10-1c2d-7e3f-8a9b-0c1d2e3f4a5b',
    locationId: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c',
    accountId: 'usr_01HZX3',
    ownerUserId: 'usr_01HZX3',
  },
});
