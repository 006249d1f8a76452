import { Injectable } from '@nestjs/common';
import { LocationAccess } from '@pm/access';
import { ListExpiringLeases, type ExpiringLease, type RequestOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { addDays, utcDay } from '../../../tenants/tenant.validation.js';
import { listExpiringLeases } from '../../expiring-leases.query.js';

/**
 * The dashboard's Upcoming Lease Renewals: active tenants of the location whose lease ends between today and
 * today + N days (UTC calendar days, both ends included), soonest first.
 */
@Injectable()
@UseCase(ListExpiringLeases, { readOnly: true })
export class ListExpiringLeasesHandler implements UseCaseHandler<typeof ListExpiringLeases> {
  constructor(private readonly access: LocationAccess) {}

  async handle({ locationId, days }: RequestOf<typeof ListExpiringLeases>, { em, caller }: UseCaseContext): Promise<ExpiringLease[]> {
    const grant = await this.access.require(em, caller, locationId, 'lease:read');
    const today = utcDay(new Date());
    return listExpiringLeases(em, grant.locationId, today, addDays(today, days));
  }
}
