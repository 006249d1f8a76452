import { ACCESS_FORBIDDEN } from '../../access/permissions.js';
import { z } from 'zod';
import { defineRpc } from '../../define.js';
import { UnitSchema, unitFixture } from '../unit.js';
import { IdRefSchema, limits, requiredLine } from '../validation.js';
import { unitMessages } from '../messages.js';
import { planLimitMessages, planOf } from '../../payments/plans.js';

// Ids are not checked here: an empty or malformed one answers 404 with the resource's message, like an unknown one.
const id = IdRefSchema;

/** GET unit/all?buildingId=: the building's units, oldest first; 404 'Building not found'. */
export const ListUnits = defineRpc({
  subject: 'pm.rpc.portfolio.unit.list.v1',
  http: { method: 'GET', path: 'unit/all' },
  access: 'unit:read',
  errors: { 404: 'Building not found', 403: ACCESS_FORBIDDEN },
  request: z.object({ buildingId: id.default('') }),
  response: z.array(UnitSchema),
  fixture: { request: { buildingId: unitFixture.building_id }, response: [unitFixture] },
});

/** GET property-location/{id}/units: every unit of the location, oldest first. */
export const ListLocationUnits = defineRpc({
  subject: 'pm.rpc.portfolio.unit.list-by-location.v1',
  http: { method: 'GET', path: 'property-location/:locationId/units' },
  access: 'unit:read',
  request: z.object({ locationId: id }),
  errors: { 404: 'Property location not found', 403: ACCESS_FORBIDDEN },
  response: z.array(UnitSchema),
  fixture: { request: { locationId: unitFixture.property_location_id }, response: [unitFixture] },
});

/** POST unit: 400 'Unit name is required'; 404 'Building not found'; 409 (code `plan_limit`) past the plan's units. */
export const CreateUnit = defineRpc({
  subject: 'pm.rpc.portfolio.unit.create.v1',
  http: { method: 'POST', path: 'unit', status: 201, idempotent: true },
  access: 'unit:write',
  errors: { 400: unitMessages.nameRequired, 404: 'Building not found', 403: ACCESS_FORBIDDEN, 409: planLimitMessages.units(planOf('starter')) },
  request: z.object({ name: requiredLine('Unit name', limits.unitName), building_id: IdRefSchema.nullish() }),
  response: UnitSchema,
  fixture: { request: { name: 'Unit 1A', building_id: unitFixture.building_id }, response: { ...unitFixture, tenants_count: 0 } },
});

/** GET unit/{id}: 404 'Unit not found'. */
export const GetUnit = defineRpc({
  subject: 'pm.rpc.portfolio.unit.get.v1',
  http: { method: 'GET', path: 'unit/:id' },
  access: 'unit:read',
  errors: { 404: 'Unit not found', 403: ACCESS_FORBIDDEN },
  request: z.object({ id }),
  response: UnitSchema,
  fixture: { request: { id: unitFixture.id }, response: unitFixture },
});
