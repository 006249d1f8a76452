import { z } from 'zod';
import { defineEvent } from '../../define.js';
import { LocationScopeSchema } from '../property-location.js';
import { limits } from '../validation.js';

/** A building was added to a location; `ownerUserId` is the location's owner (whose onboarding progress follows it). */
export const BuildingCreated = defineEvent({
  subject: 'pm.portfolio.building.created.v1',
  data: LocationScopeSchema.extend({
    buildingId: z.string().min(1),
    /** The building's name (buildings are not renamed); absent on events recorded before other contexts copied it. */
    name: z.string().max(limits.name).optional(),
  }),
  fixture: {
    buildingId: '01937a10-1c2d-7e3f-8a9b-0c1d2e3f4a5b',
    name: 'Building A',
    locationId: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c',
    accountId: 'usr_01HZX3',
    ownerUserId: 'usr_01HZX3',
  },
});
