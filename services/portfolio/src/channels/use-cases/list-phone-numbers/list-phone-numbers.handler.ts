import { Injectable } from '@nestjs/common';
import { ListLocationPhoneNumbers, type LocationPhoneNumber as LocationPhoneNumberView, type RequestOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { LocationPhoneNumber } from '../../location-phone-number.entity.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';
import { can } from '@pm/contracts';

/** GET property-location-phone/all: the numbers of every location the caller may read. */
@Injectable()
@UseCase(ListLocationPhoneNumbers)
export class ListPhoneNumbersHandler implements UseCaseHandler<typeof ListLocationPhoneNumbers> {
  constructor(private readonly access: PortfolioAccess) {}

  async handle(_request: RequestOf<typeof ListLocationPhoneNumbers>, { em, caller }: UseCaseContext): Promise<LocationPhoneNumberView[]> {
    const ids = (await this.access.accessible(em, caller)).filter((g) => can(g.role, 'location:read')).map((g) => g.location.id);
    if (ids.length === 0) return [];
    const rows = await em.find(LocationPhoneNumber, { locationId: { $in: ids } }, { orderBy: { assignedAt: 'asc' } });
    return rows.map((row) => ({ location_id: row.locationId, phone_number: row.phoneNumber, assigned_at: row.assignedAt.toISOString() }));
  }
}
