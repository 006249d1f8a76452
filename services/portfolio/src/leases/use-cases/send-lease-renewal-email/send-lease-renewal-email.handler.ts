import { Inject, Injectable, Logger } from '@nestjs/common';
import { SendLeaseRenewalEmail, type RequestOf } from '@pm/contracts';
import { MAIL_SENDER, type MailSender } from '@pm/mail';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { Building } from '../../../buildings/building.entity.js';
import { BUILDING_NOT_FOUND } from '../../../buildings/use-cases/get-building/get-building.handler.js';
import { PORTFOLIO_CONFIG, type PortfolioConfig } from '../../../config/portfolio-env.js';
import { fillPlaceholders, withSignature } from '../../../email-templates/default-email-templates.js';
import { EmailTemplates } from '../../../email-templates/email-templates.js';
import { placeholderValues, TENANT_NOT_FOUND } from '../../../tenants/tenant-mail.js';
import { TenantInvitation } from '../../../tenants/tenant-invitation.entity.js';
import { Tenant } from '../../../tenants/tenant.entity.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

export const NO_TENANT_EMAIL = 'Tenant has no email address';
export const RENEWAL_FAILED = 'Failed to send renewal email';

/** From an expiring-lease todo item: the building's lease-renewal e-mail, filled for the tenant, to their e-mail. */
@Injectable()
@UseCase(SendLeaseRenewalEmail)
export class SendLeaseRenewalEmailHandler implements UseCaseHandler<typeof SendLeaseRenewalEmail> {
  private readonly logger = new Logger(SendLeaseRenewalEmailHandler.name);

  constructor(
    private readonly access: PortfolioAccess,
    private readonly templates: EmailTemplates,
    @Inject(MAIL_SENDER) private readonly mail: MailSender,
    @Inject(PORTFOLIO_CONFIG) private readonly config: PortfolioConfig,
  ) {}

  async handle(input: RequestOf<typeof SendLeaseRenewalEmail>, { em, caller }: UseCaseContext): Promise<{ sent: true }> {
    const tenant = await this.access.requireRow(em, caller, Tenant, input.tenantId, 'lease:notify', TENANT_NOT_FOUND);
    const building = await this.access.requireRow(em, caller, Building, input.buildingId, 'lease:notify', BUILDING_NOT_FOUND);
    if (building.propertyLocationId !== tenant.propertyLocationId) throw RpcFailure.notFound(BUILDING_NOT_FOUND);
    const email = tenant.email();
    if (!email) throw RpcFailure.badRequest(NO_TENANT_EMAIL);
    const template = await this.templates.resolve(em, building, 'lease-renewal');
    // A template may carry {{invite_link}} too: it opens the tenant's landing page like the invitation's.
    const { invitation, token } = TenantInvitation.issue(tenant.id, new Date());
    // Stored before the e-mail leaves, so a link that went out always opens its page.
    await em.persist(invitation).flush();
    const values = placeholderValues(this.config.PUBLIC_WEB_URL, tenant, { token, email }, tenant.grant.location, building);
    try {
      await this.mail.send({
        to: email,
        subject: fillPlaceholders(template.subject, values),
        text: withSignature(fillPlaceholders(template.body, values), building.signature),
      });
    } catch (error) {
      this.logger.error({ err: error, tenantId: tenant.id }, 'lease renewal e-mail failed');
      throw new RpcFailure(502, RENEWAL_FAILED, 'bad_gateway');
    }
    return { sent: true };
  }
}
