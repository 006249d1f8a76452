import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { ExpiringLease } from '@pm/contracts';
import type { Principal } from '@pm/nest-kit';
import { CallerResolver } from '../../../accounts/caller.js';
import { addDays, utcDay } from '../../../tenants/tenant.validation.js';
import { listExpiringLeases } from '../../expiring-leases.query.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

/**
 * The dashboard's Upcoming Lease Renewals: active tenants of the location whose lease ends between today and
 * today + N days (UTC calendar days, both ends included), soonest first.
 */
@Injectable()
export class ListExpiringLeasesHandler {
  constructor(
    private readonly em: EntityManager,
    private readonly callers: CallerResolver,
    private readonly access: PortfolioAccess,
  ) {}

  async execute(principal: Principal, locationId: string, days: number, now = new Date()): Promise<ExpiringLease[]> {
    const em = this.em.fork();
    const caller = await this.callers.resolve(em, principal);
    const { location } = await this.access.require(em, caller, locationId, 'lease:read');
    const today = utcDay(now);
    return listExpiringLeases(em, location.id, today, addDays(today, days));
  }
}
