import type { CreateBuilding, RequestInputOf } from '@pm/contracts';
import { buildingMessages as buildingSpecMessages } from '@pm/contracts';

/** The BFF's `Building` (spec 001 section 3), as its contract defines it. */
export type { Building } from '@pm/contracts';
export type CreateBuildingRequest = RequestInputOf<typeof CreateBuilding>;

/** Spec 001 sections 5 and 8, word for word. */
export const buildingMessages = {
  nameRequired: buildingSpecMessages.nameRequired,
  locationRequired: buildingSpecMessages.locationRequired,
  addressRequired: buildingSpecMessages.addressRequired,
  created: 'Building created successfully',
  createFailed: 'Failed to create building',
  listFailed: 'Failed to fetch buildings.',
  loadFailed: 'Failed to fetch building.',
} as const;

/** Spec 001 section 2: query flag that opens Add a New Building on arrival at the building list. */
export const OPEN_ADD_BUILDING = 'openAddBuilding';

