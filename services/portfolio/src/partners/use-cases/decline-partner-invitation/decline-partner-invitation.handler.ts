import { Injectable } from '@nestjs/common';
import { DeclinePartnerInvitation, type RequestOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { PartnerInvitationRepository } from '../../partner-invitation.repository.js';

/** POST partner-invitation/{token}/decline: the invitation is gone; the inviter may invite again. */
@Injectable()
@UseCase(DeclinePartnerInvitation)
export class DeclinePartnerInvitationHandler implements UseCaseHandler<typeof DeclinePartnerInvitation> {
  constructor(private readonly invitations: PartnerInvitationRepository) {}

  async handle({ token }: RequestOf<typeof DeclinePartnerInvitation>, { em, principal }: UseCaseContext): Promise<{ declined: true }> {
    em.remove(await this.invitations.pending(em, principal, token));
    await em.flush();
    return { declined: true as const };
  }
}
