import { Inject, Injectable } from '@nestjs/common';
import { LeaseRenewalRequested, SendLeaseRenewalEmail, type RequestOf } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { Building } from '../../../buildings/building.entity.js';
import { BUILDING_NOT_FOUND } from '../../../buildings/use-cases/get-building/get-building.handler.js';
import { PORTFOLIO_CONFIG, type PortfolioConfig } from '../../../config/portfolio-env.js';
import { tenantMailFacts, TENANT_NOT_FOUND } from '../../../tenants/tenant-mail.js';
import { TenantInvitation } from '../../../tenants/tenant-invitation.entity.js';
import { Tenant } from '../../../tenants/tenant.entity.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

export const NO_TENANT_EMAIL = 'Tenant has no email address';

/**
 * From an expiring-lease todo item: records LeaseRenewalRequested, and messaging sends the building's lease-renewal
 * e-mail, filled for the tenant and signed, through its outbox (a provider failure shows on Sent E-mails as failed).
 */
@Injectable()
@UseCase(SendLeaseRenewalEmail)
export class SendLeaseRenewalEmailHandler implements UseCaseHandler<typeof SendLeaseRenewalEmail> {
  constructor(
    private readonly access: PortfolioAccess,
    @Inject(PORTFOLIO_CONFIG) private readonly config: PortfolioConfig,
  ) {}

  async handle(input: RequestOf<typeof SendLeaseRenewalEmail>, { em, caller, record }: UseCaseContext): Promise<{ sent: true }> {
    const tenant = await this.access.requireRow(em, caller, Tenant, input.tenantId, 'lease:notify', TENANT_NOT_FOUND);
    const building = await this.access.requireRow(em, caller, Building, input.buildingId, 'lease:notify', BUILDING_NOT_FOUND);
    if (building.propertyLocationId !== tenant.propertyLocationId) throw RpcFailure.notFound(BUILDING_NOT_FOUND);
    const email = tenant.email();
    if (!email) throw RpcFailure.badRequest(NO_TENANT_EMAIL);
    // A template may carry {{invite_link}} too: it opens the tenant's landing page like the invitation's, so the
    // token is stored in the transaction that asks for the e-mail.
    const { invitation, token } = TenantInvitation.issue(tenant.id, new Date());
    em.persist(invitation);
    await record(LeaseRenewalRequested, {
      ...tenantMailFacts(this.config.PUBLIC_WEB_URL, tenant, { token, email }, tenant.grant.location, building),
      requestedBy: caller.userId,
    });
    await em.flush();
    return { sent: true };
  }
}
