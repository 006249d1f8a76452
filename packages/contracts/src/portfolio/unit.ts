import { z } from 'zod';
import { buildingFixture } from './building.js';

/** A rentable unit of a building (GET unit/{id}); `tenants_count` counts its active tenants. */
export const UnitSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  building_id: z.string().min(1),
  building_name: z.string(),
  property_location_id: z.string().min(1),
  tenants_count: z.number().int().nonnegative(),
  created_at: z.iso.datetime({ offset: true }),
});
export type Unit = z.infer<typeof UnitSchema>;

export const unitFixture: Unit = {
  id: '01937a11-2d3e-7f4a-9b0c-1d2e3f4a5b6c',
  name: 'Unit 1A',
  building_id: buildingFixture.id,
  building_name: buildingFixture.name,
  property_location_id: buildingFixture.property_location_id,
  tenants_count: 1,
  created_at: '2026-11-22T10:05:00.000Z',
};
