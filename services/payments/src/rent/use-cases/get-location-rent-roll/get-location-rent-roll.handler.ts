import { Injectable } from '@nestjs/common';
import { decodeCursor, encodeCursor, GetLocationRentRoll, type RequestOf, type ResponseOf } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { DirectoryRepository } from '../../../directory/directory.repository.js';
import { localDate, periodOf } from '../../../ledger/plain-date.js';
import { RentBook } from '../../rent-book.js';
import { UnitRent, collectedIn } from '../../unit-rent.js';

/**
 * GET property-location/{id}/rent (`payment:read`): a page of the location's units (in the directory's order: building
 * name, unit name, id) with their rent, balance and last payment, and the totals of all of them. Every ledger of the
 * location is read once for the totals; the page only bounds the answer (ten thousand rows would pass NATS's limit).
 */
@Injectable()
@UseCase(GetLocationRentRoll, { readOnly: true })
export class GetLocationRentRollHandler implements UseCaseHandler<typeof GetLocationRentRoll> {
  constructor(
    private readonly units: UnitRent,
    private readonly directory: DirectoryRepository,
    private readonly book: RentBook,
  ) {}

  async handle(request: RequestOf<typeof GetLocationRentRoll>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof GetLocationRentRoll>> {
    const after = request.cursor ? decodeCursor(request.cursor, 1) : null;
    if (request.cursor && (!after || typeof after[0] !== 'number' || !Number.isSafeInteger(after[0]) || after[0] < 0)) throw RpcFailure.badRequest('Invalid cursor');
    const location = await this.units.location(em, caller, request.id, 'payment:read');
    const month = periodOf(localDate(new Date(), location.timeZone));
    const terms = new Map((await this.book.termsAt(em, location.locationId)).map((t) => [t.unitId, t]));
    const totals = { rent: 0, balance: 0, processing: 0, collected_this_month: 0 };
    const rows: ResponseOf<typeof GetLocationRentRoll>['units']['items'] = [];
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
    // The position is the row's place in the directory's order: a unit added or removed before it shifts a page by one.
    const start = after ? (after[0] as number) : 0;
    const end = start + request.limit;
    return {
      location_id: location.locationId,
      time_zone: location.timeZone,
      units: { items: rows.slice(start, end), next_cursor: end < rows.length ? encodeCursor([end]) : null, total: rows.length },
      totals,
    };
  }
}
