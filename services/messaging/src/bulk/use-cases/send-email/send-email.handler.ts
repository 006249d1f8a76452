import { Injectable } from '@nestjs/common';
import { LocationAccess } from '@pm/access';
import { EMAIL_SENT, NOT_A_LOCATION_CONTACT, SendEmail, type RequestOf, type ResponseOf } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { withSignature } from '../../../email-templates/default-email-templates.js';
import { EmailTemplatesRepository } from '../../../email-templates/email-templates.repository.js';
import { BulkSends } from '../../bulk-sends.js';

/**
 * Send E-mail from the contacts page: one e-mail per recipient (the contract has de-duplicated the addresses) from the
 * location's address, attachments on each. Every recipient must be a tenant, a partner or a contact of the location as
 * messaging knows them, else nothing is queued.
 */
@Injectable()
@UseCase(SendEmail)
export class SendEmailHandler implements UseCaseHandler<typeof SendEmail> {
  constructor(
    private readonly access: LocationAccess,
    private readonly bulk: BulkSends,
    private readonly buildings: EmailTemplatesRepository,
  ) {}

  async handle(request: RequestOf<typeof SendEmail>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof SendEmail>> {
    const grant = await this.access.require(em, caller, request.locationId, 'message:send');
    const known = await this.bulk.locationContactsByEmail(em, grant, request.recipients);
    if (known.size !== request.recipients.length) throw RpcFailure.badRequest(NOT_A_LOCATION_CONTACT);
    const from = await this.bulk.locationAddress(em, grant.locationId);
    const queued = await this.bulk.send(em, {
      accountId: grant.accountId,
      locationId: grant.locationId,
      purpose: 'direct',
      channel: 'email',
      action: 'email_sent',
      actor: caller.userId,
      from,
      recipients: request.recipients.map((email) => known.get(email)!),
      subject: request.subject,
      // Not about one building: the location's default signature (its first building's that has one).
      body: withSignature(request.body, await this.buildings.signatureFor(em, grant.locationId, null)),
      attachments: request.attachments,
    });
    return { message: EMAIL_SENT, queued };
  }
}
