import { Injectable } from '@nestjs/common';
import { RentDetailsSet, UpdateRentDetails, paymentMessages, type RequestOf, type ResponseOf } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { localDate } from '../../../ledger/plain-date.js';
import { ChargeSchedule } from '../../charge-schedule.js';
import { RentBook, rentDetailsView } from '../../rent-book.js';
import { UnitRent } from '../../unit-rent.js';

/**
 * PUT unit/{id}/rent-details (`payment:write`): the unit's rent terms; the start defaults to today in the location's
 * time zone. What the terms make due by now is posted at once (the same entries the daily schedule would post), so the
 * rent view shows the ledger that follows from what was just set.
 */
@Injectable()
@UseCase(UpdateRentDetails)
export class UpdateRentDetailsHandler implements UseCaseHandler<typeof UpdateRentDetails> {
  constructor(
    private readonly units: UnitRent,
    private readonly book: RentBook,
    private readonly schedule: ChargeSchedule,
  ) {}

  async handle(request: RequestOf<typeof UpdateRentDetails>, { em, caller, record }: UseCaseContext): Promise<ResponseOf<typeof UpdateRentDetails>> {
    const place = await this.units.place(em, caller, request.id, 'payment:write');
    const now = new Date();
    const startsOn = request.start_date ?? localDate(now, place.timeZone);
    const endsOn = request.end_date ?? null;
    if (endsOn !== null && endsOn < startsOn) throw RpcFailure.badRequest(paymentMessages.endBeforeStart);
    await this.book.save(
      em,
      place,
      { amountCents: request.amount, dueDay: request.due_day, lateFeeCents: request.late_fee, graceDays: request.grace_period_days, startsOn, endsOn },
      caller.userId,
      now,
    );
    await this.schedule.postDue(em, place.unitId, now);
    await record(RentDetailsSet, { unitId: place.unitId, locationId: place.locationId, accountId: place.accountId, amountCents: request.amount, dueDay: request.due_day, setBy: caller.userId });
    return rentDetailsView(place, await this.book.terms(em, place.unitId));
  }
}
