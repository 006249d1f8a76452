import { Injectable } from '@nestjs/common';
import { GetOwnerStatement, ownerStatementMessages, type RequestOf, type ResponseOf } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { DirectoryRepository } from '../../../directory/directory.repository.js';
import { unitMonth } from '../../../ledger/monthly-statement.js';
import { localDate, periodOf } from '../../../ledger/plain-date.js';
import { RentBook } from '../../rent-book.js';
import { UnitRent, placeName } from '../../unit-rent.js';

type Statement = ResponseOf<typeof GetOwnerStatement>;

/**
 * GET property-location/{id}/owner-statement (`payment:read`): the month's statement of every unit with rent at the
 * location, in its time zone, and the payments dated in the month, with the location's totals.
 */
@Injectable()
@UseCase(GetOwnerStatement, { readOnly: true })
export class GetOwnerStatementHandler implements UseCaseHandler<typeof GetOwnerStatement> {
  constructor(
    private readonly units: UnitRent,
    private readonly directory: DirectoryRepository,
    private readonly book: RentBook,
  ) {}

  async handle(request: RequestOf<typeof GetOwnerStatement>, { em, caller }: UseCaseContext): Promise<Statement> {
    const location = await this.units.location(em, caller, request.id, 'payment:read');
    const now = new Date();
    if (request.month > periodOf(localDate(now, location.timeZone))) throw RpcFailure.badRequest(ownerStatementMessages.futureMonth);
    const withRent = new Set((await this.book.termsAt(em, location.locationId)).map((terms) => terms.unitId));
    const statement: Statement = {
      location: { id: location.locationId, name: location.name, time_zone: location.timeZone },
      month: request.month,
      generated_at: now.toISOString(),
      units: [],
      payments: [],
      totals: { opening_balance: 0, charged: 0, credited: 0, closing_balance: 0, collected: 0, processing: 0 },
    };
    for (const unit of await this.directory.unitsOf(em, location.locationId)) {
      if (!withRent.has(unit.unitId)) continue;
      const month = unitMonth(await this.units.ledger(em, unit.unitId), request.month);
      statement.units.push({
        unit_id: unit.unitId,
        building_name: unit.buildingName,
        unit_name: unit.unitName,
        opening_balance: month.openingCents,
        charged: month.chargedCents,
        credited: month.creditedCents,
        closing_balance: month.closingCents,
        collected: month.collectedCents,
        processing: month.processingCents,
      });
      for (const payment of month.payments) statement.payments.push({ date: payment.date, unit_name: placeName(unit), method: payment.method, amount: payment.amountCents, status: payment.status, description: payment.description });
      const totals = statement.totals;
      totals.opening_balance += month.openingCents;
      totals.charged += month.chargedCents;
      totals.credited += month.creditedCents;
      totals.closing_balance += month.closingCents;
      totals.collected += month.collectedCents;
      totals.processing += month.processingCents;
    }
    statement.payments.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.unit_name.localeCompare(b.unit_name)));
    return statement;
  }
}
