import { z } from 'zod';
import { defineRpc } from '../../define.js';
import { DeletedSchema } from '../knowledge.js';
import { partnerFixture, PartnerSchema } from '../partner.js';

const locationId = partnerFixture.locations[0]!.location_id;

// Required fields are optional here on purpose: the service answers a missing one with the spec's message.
const text = z.string().nullish();

/** GET property-manager/all?location_id=: the partners of a location. */
export const ListPartners = defineRpc({
  subject: 'pm.rpc.portfolio.partner.list.v1',
  http: { method: 'GET', path: 'property-manager/all' },
  request: z.object({ location_id: z.string().min(1) }),
  response: z.array(PartnerSchema),
  fixture: { request: { location_id: locationId }, response: [partnerFixture] },
});

/** GET property-manager/emergency-contacts?location_id=: the location's partners flagged as emergency contacts. */
export const ListEmergencyContacts = defineRpc({
  subject: 'pm.rpc.portfolio.partner.list-emergency-contacts.v1',
  http: { method: 'GET', path: 'property-manager/emergency-contacts' },
  request: z.object({ location_id: z.string().min(1) }),
  response: z.array(PartnerSchema),
  fixture: { request: { location_id: locationId }, response: [{ ...partnerFixture, is_emergency_contact: true }] },
});

/**
 * POST property-manager/with-user: gives a person a role on a location and e-mails them an invitation. An existing
 * partner of the same account with that e-mail gets the location added and the new role.
 */
export const AddPartner = defineRpc({
  subject: 'pm.rpc.portfolio.partner.add.v1',
  http: { method: 'POST', path: 'property-manager/with-user', status: 201 },
  errors: { 400: ['Full Name is required', 'Email is required', 'Invalid email address', 'Phone is required', 'Role is required'] },
  request: z.object({ fullName: text, email: text, phone: text, role: text, locationId: z.string().nullish() }),
  response: PartnerSchema,
  fixture: {
    request: { fullName: 'Jordan Lee', email: 'jordan@example.com', phone: '(555) 123-4567', role: 'MANAGER', locationId },
    response: partnerFixture,
  },
});

/** PUT property-manager/{id}. */
export const UpdatePartner = defineRpc({
  subject: 'pm.rpc.portfolio.partner.update.v1',
  http: { method: 'PUT', path: 'property-manager/:id' },
  errors: { 400: ['Full Name is required', 'Email is required', 'Role is required'] },
  request: z.object({
    id: z.string().min(1),
    full_name: text,
    email: text,
    phone: text,
    role: text,
    is_emergency_contact: z.boolean().nullish(),
  }),
  response: PartnerSchema,
  fixture: {
    request: { id: partnerFixture.id, full_name: 'Jordan Lee', email: 'jordan@example.com', role: 'ADMIN', is_emergency_contact: true },
    response: { ...partnerFixture, role: 'ADMIN', is_emergency_contact: true },
  },
});

/** DELETE property-manager/{id}?location_id=: removes the partner from that location (from all without it). */
export const RemovePartner = defineRpc({
  subject: 'pm.rpc.portfolio.partner.remove.v1',
  http: { method: 'DELETE', path: 'property-manager/:id' },
  request: z.object({ id: z.string().min(1), location_id: z.string().nullish() }),
  response: DeletedSchema,
  fixture: { request: { id: partnerFixture.id, location_id: locationId }, response: { deleted: true } },
});
