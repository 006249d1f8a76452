import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { InviteTenants, TenantsInvited, type RequestOf } from '@pm/contracts';
import { MAIL_SENDER, type MailSender, type OutgoingMail } from '@pm/mail';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { Building } from '../../../buildings/building.entity.js';
import { PORTFOLIO_CONFIG, type PortfolioConfig } from '../../../config/portfolio-env.js';
import { fillPlaceholders, withSignature } from '../../../email-templates/default-email-templates.js';
import { placeholderValues, TENANT_NOT_FOUND } from '../../tenant-mail.js';
import { Tenant } from '../../tenant.entity.js';
import { TenantInvitation } from '../../tenant-invitation.entity.js';
import { PortfolioAccess, type PortfolioGrant } from '../../../access/portfolio-access.js';
import { isUuid } from '@pm/access';

export const NO_BUILDING = 'No building found for this location';
export const INVITE_FAILED = 'Failed to invite tenants';

/**
 * Sends the onboarding (sign-up) e-mail to the chosen tenants of one location: one e-mail per tenant who has an
 * e-mail address and no account yet; the others are skipped.
 *
 * Order, chosen so that nothing is recorded for an e-mail that did not go out: in ONE transaction we check access,
 * mark the tenants invited, record TenantsInvited in the outbox and flush (so every database error happens before any
 * e-mail leaves), THEN send the e-mails, and only then commit. If a send fails the transaction rolls back — no
 * sent-at, no event, no progress flag — and the caller gets 502 "Failed to invite tenants". The price: e-mails that
 * went out before the failing one are sent again when the manager retries (a duplicate invitation, which is
 * harmless), and a commit failing after the sends (very rare) leaves e-mails without their record.
 */
@Injectable()
@UseCase(InviteTenants)
export class InviteTenantsHandler implements UseCaseHandler<typeof InviteTenants> {
  private readonly logger = new Logger(InviteTenantsHandler.name);

  constructor(
    private readonly access: PortfolioAccess,
    @Inject(MAIL_SENDER) private readonly mail: MailSender,
    @Inject(PORTFOLIO_CONFIG) private readonly config: PortfolioConfig,
  ) {}

  async handle(input: RequestOf<typeof InviteTenants>, { em, caller, record }: UseCaseContext): Promise<{ invited: number; skipped: number }> {
    // A named location is checked before any tenant is looked up, so the answer never depends on other accounts' rows.
    const named = input.location_id ? await this.access.require(em, caller, input.location_id, 'tenant:invite') : null;
    if (named) await this.requireBuilding(em, named);
    const tenants = await this.tenantsOf(em, input.tenantIds);
    const grant = named ?? (await this.access.require(em, caller, tenants[0]!.propertyLocationId, 'tenant:invite', TENANT_NOT_FOUND));
    if (tenants.some((t) => t.propertyLocationId !== grant.location.id)) throw RpcFailure.notFound(TENANT_NOT_FOUND);
    const buildings = new Map((await this.requireBuilding(em, grant)).map((b) => [b.id, b]));

    const now = new Date();
    const mails: OutgoingMail[] = [];
    const invited: string[] = [];
    for (const tenant of tenants) {
      const email = tenant.email();
      if (!email || tenant.userId) continue;
      const building = buildings.get(tenant.buildingId)!;
      const { invitation, token } = TenantInvitation.issue(tenant.id, now);
      em.persist(invitation);
      const values = placeholderValues(this.config.PUBLIC_WEB_URL, tenant, { token, email }, grant.location, building);
      mails.push({
        to: email,
        subject: fillPlaceholders(input.subject, values),
        text: withSignature(fillPlaceholders(input.body, values), building.signature),
      });
      tenant.invited(now);
      invited.push(tenant.id);
    }
    if (invited.length > 0) {
      const { location } = grant;
      await record(TenantsInvited, { tenantIds: invited, ...location.scope() });
    }
    await em.flush();
    try {
      for (const mail of mails) await this.mail.send(mail);
    } catch (error) {
      this.logger.error({ err: error, locationId: grant.location.id }, 'tenant invitation e-mail failed; nothing recorded');
      throw new RpcFailure(502, INVITE_FAILED, 'bad_gateway');
    }
    return { invited: invited.length, skipped: tenants.length - invited.length };
  }

  /** Every id must name a tenant (archived ones included: the manager chose them); otherwise 404 like another account's. */
  private async tenantsOf(em: EntityManager, ids: readonly string[]): Promise<Tenant[]> {
    if (!ids.every(isUuid)) throw RpcFailure.notFound(TENANT_NOT_FOUND);
    const tenants = await em.find(Tenant, { id: { $in: [...ids] } }, { orderBy: { id: 'asc' } });
    if (tenants.length !== ids.length) throw RpcFailure.notFound(TENANT_NOT_FOUND);
    return tenants;
  }

  private async requireBuilding(em: EntityManager, grant: PortfolioGrant): Promise<Building[]> {
    const buildings = await em.find(Building, { propertyLocationId: grant.location.id }, { orderBy: { id: 'asc' } });
    if (buildings.length === 0) throw RpcFailure.badRequest(NO_BUILDING);
    return buildings;
  }
}
