import { Injectable } from '@nestjs/common';
import { LocationAccess } from '@pm/access';
import { BULK_SMS_SENT, NOT_A_LOCATION_TENANT, SendBulkSms, type RequestOf, type ResponseOf } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { BulkSends } from '../../bulk-sends.js';

/**
 * Send Bulk SMS: one SMS per tenant from the location's number. Every id must be a tenant of the location, else
 * nothing is queued; a tenant with no phone is skipped and named in the answer (and the audit entry).
 */
@Injectable()
@UseCase(SendBulkSms)
export class SendBulkSmsHandler implements UseCaseHandler<typeof SendBulkSms> {
  constructor(
    private readonly access: LocationAccess,
    private readonly bulk: BulkSends,
  ) {}

  async handle(request: RequestOf<typeof SendBulkSms>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof SendBulkSms>> {
    const grant = await this.access.require(em, caller, request.location_id, 'message:send');
    const ids = request.tenantIds.map((id) => id.toLowerCase());
    const tenants = await this.bulk.locationTenants(em, grant, ids);
    if (new Set(ids).size !== tenants.length) throw RpcFailure.badRequest(NOT_A_LOCATION_TENANT);
    const byId = new Map(tenants.map((tenant) => [tenant.tenantId, tenant]));
    const ordered = [...new Set(ids)].map((id) => byId.get(id)!);
    const skipped = ordered.filter((tenant) => !tenant.phone).map((tenant) => ({ tenant_id: tenant.tenantId, full_name: tenant.name }));
    const reachable = ordered.filter((tenant) => tenant.phone);
    // Nobody to text: nothing is queued, so the location needs no number either.
    const from = reachable.length > 0 ? await this.bulk.locationNumber(em, grant.locationId) : '';
    const queued =
      reachable.length === 0
        ? 0
        : await this.bulk.send(em, {
            accountId: grant.accountId,
            locationId: grant.locationId,
            purpose: 'bulk',
            channel: 'sms',
            action: 'bulk_sms_sent',
            actor: caller.userId,
            from,
            recipients: reachable.map((tenant) => ({ to: tenant.phone!, tenantId: tenant.tenantId, name: tenant.name })),
            body: request.message,
            detail: { skipped: skipped.map((tenant) => ({ ...tenant, reason: 'no_phone' })) },
          });
    return { message: BULK_SMS_SENT, queued, skipped };
  }
}
