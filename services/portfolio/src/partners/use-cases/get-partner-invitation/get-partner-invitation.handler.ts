import { Injectable } from '@nestjs/common';
import { GetPartnerInvitation, type ReceivedPartnerInvitation, type RequestOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { PropertyLocation } from '../../../property-locations/property-location.entity.js';
import { PartnerInvitationRepository } from '../../partner-invitation.repository.js';

/** GET partner-invitation/{token}: what the invitee is asked to accept. */
@Injectable()
@UseCase(GetPartnerInvitation)
export class GetPartnerInvitationHandler implements UseCaseHandler<typeof GetPartnerInvitation> {
  constructor(private readonly invitations: PartnerInvitationRepository) {}

  async handle({ token }: RequestOf<typeof GetPartnerInvitation>, { em, principal }: UseCaseContext): Promise<ReceivedPartnerInvitation> {
    const invitation = await this.invitations.pending(em, principal, token);
    const location = await em.findOneOrFail(PropertyLocation, { id: invitation.locationId });
    return {
      email: invitation.email,
      role: invitation.role,
      location_name: location.name,
      location_address: location.addressText,
      inviter_email: invitation.invitedByEmail ?? null,
      expires_at: invitation.expiresAt.toISOString(),
    };
  }
}
