import type { Partner as PartnerView } from '@pm/contracts';
import type { Partner } from './partner.entity.js';

export function toPartnerView(partner: Partner, locationIds: readonly string[]): PartnerView {
  return {
    id: partner.id,
    manager: { id: partner.id, limitedUser: { full_name: partner.fullName, email: partner.email, phone: partner.phone ?? null } },
    role: partner.role,
    is_emergency_contact: partner.isEmergencyContact,
    locations: locationIds.map((location_id) => ({ location_id })),
    user_id: partner.userId ?? null,
    invited_at: partner.invitedAt ? partner.invitedAt.toISOString() : null,
  };
}
