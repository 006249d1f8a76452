import { z } from 'zod';

/** A building of a property location (GET building/{id}); `units_count` counts its units. */
export const BuildingSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  property_location_id: z.string().min(1),
  address_text: z.string(),
  units_count: z.number().int().nonnegative(),
  created_at: z.iso.datetime({ offset: true }),
});
export type Building = z.infer<typeof BuildingSchema>;

/** One active tenant of a building as its contact list shows them (GET building/{id}/contacts). */
export const BuildingContactSchema = z.object({
  tenantId: z.string().min(1),
  tenantName: z.string(),
  unitId: z.string().min(1),
  unitName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type BuildingContact = z.infer<typeof BuildingContactSchema>;

export const buildingFixture: Building = {
  id: '01937a10-1c2d-7e3f-8a9b-0c1d2e3f4a5b',
  name: 'Building A',
  property_location_id: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c',
  address_text: '12 Elm Street, Springfield, IL 62701',
  units_count: 2,
  created_at: '2026-11-22T10:00:00.000Z',
};
