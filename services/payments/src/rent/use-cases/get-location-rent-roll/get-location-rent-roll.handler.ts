import { Injectable } from '@nestjs/common';
import { GetLocationRentRoll, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { DirectoryRepository } from '../../../directory/directory.repository.js';
import { localDate, periodOf } from '../../../ledger/plain-date.js';
import { RentBook } from '../../rent-book.js';
import { UnitRent, collectedIn } from '../../unit-rent.js';

/** GET property-location/{id}/rent (`payment:read`): every unit's rent, balance and last payment, and the totals. */
@Injectable()
@UseCase(GetLocationRentRoll, { readOnly: true })
export class GetLocationRentRollHandler implements UseCaseHandler<typeof GetLocationRentRoll> {
  constructor(
    private readonly units: UnitRent,
    private readonly directory: DirectoryRepository,
    private readonly book: RentBook,
  ) {}

  async handle(request: RequestOf<typeof GetLocationRentRoll>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof GetLocationRentRoll>> {
    const location = await this.units.location(em, caller, request.id, 'payment:read');
    const month = periodOf(localDate(new Date(), location.timeZone));
    const terms = new Map((await this.book.termsAt(em, location.locationId)).map((t) => [t.unitId, t]));
    const totals = { rent: 0, balance: 0, processing: 0, collected_this_month: 0 };
    const rows: ResponseOf<typeof GetLocationRentRoll>['units'] = [];
    const { ledgerOf } = await this.units.ledgersOfLocation(em, location.locationId);
    for (const unit of await this.directory.unitsOf(em, location.locationId)) {
      const ledger = ledgerOf(unit.unitId);
      const rent = terms.get(unit.unitId);
      const lastPayment = [...ledger.payments.values()].filter((p) => p.status !== 'returned').reduce<string | null>((last, p) => (last === null || p.paidOn > last ? p.paidOn : last), null);
      rows.push({
        unit_id: unit.unitId,
        unit_name: unit.unitName,
        building_id: unit.buildingId,
        building_name: unit.buildingName,
        rent: rent?.amountCents ?? null,
        due_day: rent?.dueDay ?? null,
        balance: ledger.balanceCents,
        processing: ledger.processingCents,
        last_payment_on: lastPayment,
      });
      totals.rent += rent?.amountCents ?? 0;
      totals.balance += ledger.balanceCents;
      totals.processing += ledger.processingCents;
      totals.collected_this_month += collectedIn(ledger, month);
    }
    return { location_id: location.locationId, time_zone: location.timeZone, units: rows, totals };
  }
}
