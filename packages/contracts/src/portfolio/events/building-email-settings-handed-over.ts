import { z } from 'zod';
import { defineEvent } from '../../define.js';
import { LocationScopeSchema } from '../property-location.js';
import { limits } from '../validation.js';

/**
 * Once, when e-mail templates and signatures moved from portfolio to messaging: a building's signature and its own
 * templates as portfolio kept them (recorded by portfolio's migration `20261124000100`, before it dropped them).
 * Messaging keeps what it has already (its own edits win) and takes the rest. Also tells messaging the building's
 * location, as BuildingCreated does for newer buildings.
 */
export const BuildingEmailSettingsHandedOver = defineEvent({
  subject: 'pm.portfolio.building.email-settings-handed-over.v1',
  data: LocationScopeSchema.extend({
    buildingId: z.string().min(1),
    signature: z.string().max(limits.signature).nullable(),
    // At most one per template slug the product has.
    templates: z.array(
      z.object({
        slug: z.string().min(1).max(limits.id),
        name: z.string().max(limits.name),
        subject: z.string().max(limits.subject),
        body: z.string().max(limits.body),
        createdAt: z.iso.datetime(),
        updatedAt: z.iso.datetime(),
      }),
    ).max(20),
  }),
  fixture: {
    buildingId: '01937a10-1c2d-7e3f-8a9b-0c1d2e3f4a5b',
    locationId: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c',
    accountId: 'usr_01HZX3',
    ownerUserId: 'usr_01HZX3',
    signature: 'The Elm Street team',
    templates: [{ slug: 'tenant-invite', name: 'Tenant invitation', subject: 'Welcome', body: 'Hello {{tenant_name}}', createdAt: '2026-11-20T10:00:00.000Z', updatedAt: '2026-11-20T10:00:00.000Z' }],
  },
});
