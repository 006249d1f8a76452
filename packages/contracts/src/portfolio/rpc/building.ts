import { ACCESS_FORBIDDEN } from '../../access/permissions.js';
import { z } from 'zod';
import { defineRpc } from '../../define.js';
import { BuildingContactSchema, BuildingSchema, buildingFixture } from '../building.js';
import { IdRefSchema, limits, requiredBody, requiredLine } from '../validation.js';
import { buildingMessages } from '../messages.js';

// Ids are not checked here: an empty or malformed one answers 404 with the resource's message, like an unknown one.
const id = IdRefSchema;

/** An e-mail a manager words (a building's template, an invitation): subject trimmed, body kept as written. */
export const emailTextFields = {
  subject: requiredLine('Subject', limits.subject),
  body: requiredBody('Message', limits.body, 'Message is required'),
};

/** GET building/all?location_id=: the location's buildings, oldest first; 404 'Property location not found'. */
export const ListBuildings = defineRpc({
  subject: 'pm.rpc.portfolio.building.list.v1',
  http: { method: 'GET', path: 'building/all' },
  access: 'building:read',
  errors: { 404: 'Property location not found', 403: ACCESS_FORBIDDEN },
  request: z.object({ location_id: id.default('') }),
  response: z.array(BuildingSchema),
  fixture: { request: { location_id: buildingFixture.property_location_id }, response: [buildingFixture] },
});

/** POST building: 'Building name is required' | 'Property Location is required' | 'Building address is required'. */
export const CreateBuilding = defineRpc({
  subject: 'pm.rpc.portfolio.building.create.v1',
  http: { method: 'POST', path: 'building', status: 201, idempotent: true },
  access: 'building:write',
  errors: { 400: [buildingMessages.nameRequired, buildingMessages.locationRequired, buildingMessages.addressRequired], 404: 'Property location not found', 403: ACCESS_FORBIDDEN },
  request: z.object({
    name: requiredLine('Building name', limits.name),
    property_location_id: requiredLine('Property Location', limits.name),
    address_text: requiredLine('Building address', limits.address),
  }),
  response: BuildingSchema,
  fixture: {
    request: { name: 'Building A', property_location_id: buildingFixture.property_location_id, address_text: buildingFixture.address_text },
    response: { ...buildingFixture, units_count: 0 },
  },
});

/** GET building/{id}: 404 'Building not found' for an unknown id or one out of the caller's reach. */
export const GetBuilding = defineRpc({
  subject: 'pm.rpc.portfolio.building.get.v1',
  http: { method: 'GET', path: 'building/:id' },
  access: 'building:read',
  errors: { 404: 'Building not found', 403: ACCESS_FORBIDDEN },
  request: z.object({ id }),
  response: BuildingSchema,
  fixture: { request: { id: buildingFixture.id }, response: buildingFixture },
});

/** GET building/{id}/contacts: the building's active tenants with their first e-mail and phone. */
export const ListBuildingContacts = defineRpc({
  subject: 'pm.rpc.portfolio.building-contact.list.v1',
  http: { method: 'GET', path: 'building/:id/contacts' },
  access: 'tenant:read',
  errors: { 404: 'Building not found', 403: ACCESS_FORBIDDEN },
  request: z.object({ id }),
  response: z.array(BuildingContactSchema),
  fixture: {
    request: { id: buildingFixture.id },
    response: [
      {
        tenantId: '01937a12-3e4f-7a5b-8c1d-2e3f4a5b6c7d',
        tenantName: 'Jordan Lee',
        unitId: '01937a11-2d3e-7f4a-9b0c-1d2e3f4a5b6c',
        unitName: 'Unit 1A',
        email: 'jordan@example.com',
        phone: '5551234567',
      },
    ],
  },
});

