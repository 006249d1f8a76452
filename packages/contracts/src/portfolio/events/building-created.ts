import { z } from 'zod';
import { defineEvent } from '../../define.js';
import { LocationScopeSchema } from '../property-location.js';

/** A building was added to a location; `ownerUserId` is the location's owner (whose onboarding progress follows it). */
export const BuildingCreated = defineEvent({
  subject: 'pm.portfolio.building.created.v1',
  data: LocationScopeSchema.extend({
    buildingId: z.string().min(1),
  }),
  fixture: {
    buildingId: '01937a10-1c2d-7e3f-8a9b-0c1d2e3f4a5b',
    locationId: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c',
    accountId: 'usr_01HZX3',
    ownerUserId: 'usr_01HZX3',
  },
});
