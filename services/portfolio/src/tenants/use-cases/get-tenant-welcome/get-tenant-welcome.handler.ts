import { GetTenantWelcome, TENANT_WELCOME_NOT_FOUND, type RequestOf, type TenantWelcome } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { Building } from '../../../buildings/building.entity.js';
import { PropertyLocation } from '../../../property-locations/property-location.entity.js';
import { Tenant } from '../../tenant.entity.js';
import { TenantInvitation } from '../../tenant-invitation.entity.js';

/**
 * The landing page of a tenant invitation (public: the token is the credential). It answers only what the tenant
 * needs to reach their property — never ids, other tenants, lease or rent — and one 404 for every token that does not
 * open a page (unknown, expired, its tenant archived or gone).
 */
@UseCase(GetTenantWelcome)
export class GetTenantWelcomeHandler implements UseCaseHandler<typeof GetTenantWelcome> {
  async handle(request: RequestOf<typeof GetTenantWelcome>, { em }: UseCaseContext): Promise<TenantWelcome> {
    const invitation = await em.findOne(TenantInvitation, { tokenHash: TenantInvitation.hashOf(request.token), expiresAt: { $gt: new Date() } });
    const tenant = invitation ? await em.findOne(Tenant, { id: invitation.tenantId }) : null;
    // A past (archived) tenant no longer lives there: their old link opens nothing.
    if (!tenant || tenant.isArchived) throw RpcFailure.notFound(TENANT_WELCOME_NOT_FOUND);
    const location = await em.findOne(PropertyLocation, { id: tenant.propertyLocationId });
    const building = await em.findOne(Building, { id: tenant.buildingId });
    if (!location) throw RpcFailure.notFound(TENANT_WELCOME_NOT_FOUND);
    return {
      first_name: tenant.fullName.trim().split(/\s+/)[0] ?? '',
      property_name: location.name,
      property_address: building?.addressText || location.addressText,
      property_phone: location.phone ?? null,
      property_email: location.email ?? null,
    };
  }
}
