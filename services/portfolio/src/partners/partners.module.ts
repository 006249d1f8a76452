import { Module } from '@nestjs/common';
import { PartnerInvitationRepository } from './partner-invitation.repository.js';
import { PartnerRepository } from './partner.repository.js';

/**
 * Property partners: who else may work on a location, in which role (ROLE_PERMISSIONS in @pm/contracts says what
 * each may do). A person becomes a partner only by accepting an invitation; the requests are use cases.
 */
@Module({
  providers: [PartnerRepository, PartnerInvitationRepository],
  exports: [PartnerRepository, PartnerInvitationRepository],
})
export class PartnersModule {}
