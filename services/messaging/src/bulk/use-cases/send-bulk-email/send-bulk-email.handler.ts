import { Injectable } from '@nestjs/common';
import { isUuid, LocationAccess } from '@pm/access';
import { BUILDING_NOT_FOUND, BULK_EMAIL_SENT, NOT_A_BUILDING_TENANT, SendBulkEmail, type RequestOf, type ResponseOf } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { withSignature } from '../../../email-templates/default-email-templates.js';
import { EmailTemplatesRepository } from '../../../email-templates/email-templates.repository.js';
import { BulkSends } from '../../bulk-sends.js';

/**
 * Send Bulk E-mail: one e-mail per recipient from the location's address, signed with the building's signature, the
 * form's attachments (stored once) on each. Every recipient must be a tenant of the building, else nothing is queued.
 */
@Injectable()
@UseCase(SendBulkEmail)
export class SendBulkEmailHandler implements UseCaseHandler<typeof SendBulkEmail> {
  constructor(
    private readonly access: LocationAccess,
    private readonly bulk: BulkSends,
    private readonly buildings: EmailTemplatesRepository,
  ) {}

  async handle(request: RequestOf<typeof SendBulkEmail>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof SendBulkEmail>> {
    const buildingId = request.id.toLowerCase();
    const ref = isUuid(buildingId) ? await this.buildings.building(em, buildingId) : null;
    const building = ref ? { propertyLocationId: ref.locationId } : null;
    const { grant } = await this.access.requireFor(em, caller, building, 'message:send', BUILDING_NOT_FOUND);
    const known = await this.bulk.buildingTenantsByEmail(em, { accountId: grant.accountId, locationId: grant.locationId, buildingId }, request.recipients);
    if (known.size !== request.recipients.length) throw RpcFailure.badRequest(NOT_A_BUILDING_TENANT);
    const from = await this.bulk.locationAddress(em, grant.locationId);
    const queued = await this.bulk.send(em, {
      accountId: grant.accountId,
      locationId: grant.locationId,
      purpose: 'bulk',
      channel: 'email',
      action: 'bulk_email_sent',
      actor: caller.userId,
      from,
      recipients: request.recipients.map((email) => known.get(email)!),
      subject: request.subject,
      body: withSignature(request.body, await this.buildings.signatureFor(em, grant.locationId, buildingId)),
      attachments: request.attachments,
      detail: { building_id: buildingId },
    });
    return { message: BULK_EMAIL_SENT, queued };
  }
}
