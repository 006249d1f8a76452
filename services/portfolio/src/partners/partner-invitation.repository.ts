import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { PARTNER_INVITATION_NOT_FOUND, PARTNER_INVITATION_OTHER_EMAIL } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import type { Principal } from '@pm/nest-kit';
import { PartnerInvitation } from './partner-invitation.entity.js';

/**
 * The pending invitation a link's token names, for the invitee alone. An unknown, malformed, expired or already
 * answered token is one 404; a signed-in account whose e-mail is not the invited one is 403 with what to do. A
 * session's e-mail is a verified one: identity signs in with a password only after the address is verified, Google
 * vouches for its own, and an anonymous session has none.
 */
@Injectable()
export class PartnerInvitationRepository {
  async pending(em: EntityManager, principal: Principal, token: string): Promise<PartnerInvitation> {
    const invitation = token ? await em.findOne(PartnerInvitation, { tokenHash: PartnerInvitation.hashOf(token) }) : null;
    if (!invitation || invitation.isExpired(new Date())) throw RpcFailure.notFound(PARTNER_INVITATION_NOT_FOUND);
    const email = principal.isAnonymous ? undefined : principal.email;
    if (!email || email.toLowerCase() !== invitation.email.toLowerCase()) throw RpcFailure.forbidden(PARTNER_INVITATION_OTHER_EMAIL);
    return invitation;
  }
}
