import type { CreateUnit, RequestInputOf } from '@pm/contracts';
import { unitMessages as unitSpecMessages } from '@pm/contracts';

/** The BFF's `Unit` (spec 001 section 3), as its contract defines it. */
export type { Unit } from '@pm/contracts';
export type CreateUnitRequest = RequestInputOf<typeof CreateUnit> & { building_id: string };

/** Spec 001 sections 5 and 8, word for word. */
export const unitMessages = {
  nameRequired: unitSpecMessages.nameRequired,
  created: 'Unit created successfully',
  createFailed: 'Failed to create unit',
  listFailed: 'Failed to fetch units.',
  loadFailed: 'Failed to fetch unit.',
} as const;

/** Spec 001 section 2: query flag that opens Add a New Unit on arrival at a building's unit list. */
export const OPEN_ADD_UNIT = 'openAddUnit';

export const unitPath = (unitId: string) => `/property-manager/units/${encodeURIComponent(unitId)}`;
