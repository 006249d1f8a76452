import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { InviteTenants, TenantInvitationIssued, TenantsInvited, type RequestOf } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { Building } from '../../../buildings/building.entity.js';
import { PORTFOLIO_CONFIG, type PortfolioConfig } from '../../../config/portfolio-env.js';
import { tenantMailFacts, TENANT_NOT_FOUND } from '../../tenant-mail.js';
import { Tenant } from '../../tenant.entity.js';
import { TenantInvitation } from '../../tenant-invitation.entity.js';
import { PortfolioAccess, type PortfolioGrant } from '../../../access/portfolio-access.js';
import { isUuid } from '@pm/access';

export const NO_BUILDING = 'No building found for this location';

/**
 * Invites the chosen tenants of one location: each tenant with an e-mail address and no account yet gets an
 * invitation (their welcome-page token), is marked invited, and TenantInvitationIssued asks messaging to e-mail it,
 * all in one transaction. Messaging sends it through its outbox (template filled, the building's signature, from the
 * location's address), so the call no longer waits for SMTP: a provider failure shows on Sent E-mails as failed and
 * is retried there, and a recorded invitation is always sent, once.
 */
@Injectable()
@UseCase(InviteTenants)
export class InviteTenantsHandler implements UseCaseHandler<typeof InviteTenants> {
  constructor(
    private readonly access: PortfolioAccess,
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
    const invited: string[] = [];
    for (const tenant of tenants) {
      const email = tenant.email();
      if (!email || tenant.userId) continue;
      const building = buildings.get(tenant.buildingId)!;
      const { invitation, token } = TenantInvitation.issue(tenant.id, now);
      em.persist(invitation);
      await record(TenantInvitationIssued, {
        ...tenantMailFacts(this.config.PUBLIC_WEB_URL, tenant, { token, email }, grant.location, building),
        subject: input.subject,
        body: input.body,
      });
      tenant.invited(now);
      invited.push(tenant.id);
    }
    if (invited.length > 0) await record(TenantsInvited, { tenantIds: invited, ...grant.location.scope() });
    await em.flush();
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
