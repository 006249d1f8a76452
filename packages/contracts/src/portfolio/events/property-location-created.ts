import { z } from 'zod';
import { defineEvent } from '../../define.js';

export const PropertyTypeSchema = z.enum([
  'single_family_home',
  'townhouse',
  'condo',
  'multi_unit',
  'accessory_dwelling_unit',
  'other',
]);
export type PropertyType = z.infer<typeof PropertyTypeSchema>;

/** A manager added a property location; the onboarding progress read model listens to it. */
export const PropertyLocationCreated = defineEvent({
  subject: 'pm.portfolio.property-location.created.v1',
  data: z.object({
    locationId: z.string().min(1),
    ownerUserId: z.string().min(1),
    name: z.string().min(1),
    addressText: z.string().min(1),
    type: PropertyTypeSchema.nullable(),
    declaredUnitsCount: z.number().int().positive().nullable(),
    isRentalProperty: z.boolean(),
  }),
  fixture: {
    locationId: 'loc_01HZX3',
    ownerUserId: 'usr_01HZX3',
    name: '12 Elm Street',
    addressText: '12 Elm Street, Springfield, IL 62701',
    type: 'multi_unit',
    declaredUnitsCount: 6,
    isRentalProperty: true,
  },
});
