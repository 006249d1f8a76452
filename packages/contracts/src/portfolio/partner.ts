import { z } from 'zod';
import { PartnerRoleSchema } from './property-location.js';

/** A property partner as the web sees it (spec 001 §3): `id` and `manager.id` are the same partner id. */
export const PartnerSchema = z.object({
  id: z.string().min(1),
  manager: z.object({
    id: z.string().min(1),
    limitedUser: z.object({ full_name: z.string(), email: z.string(), phone: z.string().nullable() }),
  }),
  role: PartnerRoleSchema,
  is_emergency_contact: z.boolean(),
  locations: z.array(z.object({ location_id: z.string().min(1) })),
  /** The partner's own user once they have an account with the invited e-mail. */
  user_id: z.string().nullable(),
  invited_at: z.iso.datetime({ offset: true }).nullable(),
});
export type Partner = z.infer<typeof PartnerSchema>;

export const partnerFixture: Partner = {
  id: '01936f6e-9c2d-7a10-8b3e-4f5a6b7c8d9e',
  manager: {
    id: '01936f6e-9c2d-7a10-8b3e-4f5a6b7c8d9e',
    limitedUser: { full_name: 'Jordan Lee', email: 'jordan@example.com', phone: '5551234567' },
  },
  role: 'MANAGER',
  is_emergency_contact: false,
  locations: [{ location_id: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c' }],
  user_id: null,
  invited_at: '2026-11-22T10:00:00.000Z',
};
