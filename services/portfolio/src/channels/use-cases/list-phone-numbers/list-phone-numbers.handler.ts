import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { LocationPhoneNumber as LocationPhoneNumberView } from '@pm/contracts';
import type { Principal } from '@pm/nest-kit';
import { CallerResolver } from '../../../accounts/caller.js';
import { LocationPhoneNumber } from '../../location-phone-number.entity.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';
import { can } from '@pm/contracts';

/** GET property-location-phone/all: the numbers of every location the caller may read. */
@Injectable()
export class ListPhoneNumbersHandler {
  constructor(
    private readonly em: EntityManager,
    private readonly callers: CallerResolver,
    private readonly access: PortfolioAccess,
  ) {}

  async execute(principal: Principal): Promise<LocationPhoneNumberView[]> {
    const em = this.em.fork();
    const caller = await this.callers.resolve(em, principal);
    const ids = (await this.access.accessible(em, caller)).filter((g) => can(g.role, 'location:read')).map((g) => g.location.id);
    if (ids.length === 0) return [];
    const rows = await em.find(LocationPhoneNumber, { locationId: { $in: ids } }, { orderBy: { assignedAt: 'asc' } });
    return rows.map((row) => ({ location_id: row.locationId, phone_number: row.phoneNumber, assigned_at: row.assignedAt.toISOString() }));
  }
}
