import { Injectable } from '@nestjs/common';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { CreateTenant, TenantCreated, tenantPhoneNumbers, type RequestOf, type Tenant as TenantView } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { v7 as uuidv7 } from 'uuid';
import { Building } from '../../../buildings/building.entity.js';
import { Unit } from '../../../units/unit.entity.js';
import { UNIT_NOT_FOUND } from '../../../units/use-cases/get-unit/get-unit.handler.js';
import { Tenant } from '../../tenant.entity.js';
import { toTenantView } from '../../tenant.view.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

@Injectable()
@UseCase(CreateTenant)
export class CreateTenantHandler implements UseCaseHandler<typeof CreateTenant> {
  constructor(private readonly access: PortfolioAccess) {}

  /**
   * The unit first (404 "Unit not found" when it is unknown, out of reach or not in location_id), then the spec's
   * messages. The new tenant takes account, location and building from the unit.
   */
  async handle(input: RequestOf<typeof CreateTenant>, { em, caller, record }: UseCaseContext): Promise<TenantView> {
    const unit = await this.access.requireRow(em, caller, Unit, input.unit_id, 'tenant:write', UNIT_NOT_FOUND);
    if (input.location_id && input.location_id !== unit.propertyLocationId) throw RpcFailure.notFound(UNIT_NOT_FOUND);
    const { location } = unit.grant;
    const building = await em.findOneOrFail(Building, { id: unit.buildingId });
    const now = new Date();
    const tenant = em.create(Tenant, {
      id: uuidv7(),
      accountId: location.accountId,
      propertyLocationId: location.id,
      buildingId: unit.buildingId,
      unitId: unit.id,
      fullName: input.full_name,
      contacts: input.contacts,
      userId: null,
      isPrimary: false,
      isArchived: false,
      archivedAt: null,
      metadata: {},
      leaseEndDate: null,
      onboardingEmailSentAt: null,
      createdAt: now,
      updatedAt: now,
    });
    await record(TenantCreated, {
      tenantId: tenant.id,
      unitId: unit.id,
      buildingId: unit.buildingId,
      fullName: tenant.fullName,
      phoneNumbers: tenantPhoneNumbers(tenant.contacts),
      ...location.scope(),
    });
    await em.flush();
    return toTenantView(tenant, unit, building);
  }
}
