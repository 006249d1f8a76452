import { Injectable } from '@nestjs/common';
import { isUuid } from '@pm/access';
import { MESSAGE_SESSION_NOT_FOUND, SendResidentMessage, type RequestOf, type ResponseOf } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { PortalMessages } from '../../portal-messages.repository.js';
import { residentEmail } from '../../resident-email.js';

/**
 * The resident writes to their property from the portal: an inbound message of their own session, with an AI draft
 * for the team, as if they had texted or e-mailed. Another resident's session is 404, as one that does not exist.
 */
@Injectable()
@UseCase(SendResidentMessage)
export class SendResidentMessageHandler implements UseCaseHandler<typeof SendResidentMessage> {
  constructor(private readonly portal: PortalMessages) {}

  async handle(request: RequestOf<typeof SendResidentMessage>, { em, principal }: UseCaseContext): Promise<ResponseOf<typeof SendResidentMessage>> {
    const email = residentEmail(principal);
    const session = email && isUuid(request.id) ? await this.portal.residentSession(em, request.id, email) : null;
    if (!session) throw new RpcFailure(404, MESSAGE_SESSION_NOT_FOUND, 'not_found');
    return this.portal.store(em, session, request.message);
  }
}
