import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DirectoryRepository } from '../directory/directory.repository.js';
import { LedgerStore } from '../ledger/ledger-store.js';
import { Ledger } from '../ledger/ledger.js';
import { addDays, localDate } from '../ledger/plain-date.js';
import { lateNoticeText, reminderText } from '../notices/rent-notice-texts.js';
import { RentNotices } from '../notices/rent-notices.js';
import { placeName } from './unit-rent.js';
import { lateFeesDue, rentChargesDue } from '../ledger/rent-schedule.js';
import { RentBook, type UnitRentTerms } from './rent-book.js';

/**
 * Posts what a unit's rent terms make due by now, in its location's time zone: each period's rent charge on its due
 * date, then a late fee for each charge still unpaid when its grace period is over (a period that was over before the
 * rent was set brings none). Every charge is named by its unit
 * and period (`rent:<unit>:<period>`, `late-fee:<charge>`), so running this twice, or on two replicas at once, posts each
 * once: the ledger keeps the first entry of an id.
 */
/** How many days before a due date the tenant is reminded. */
export const REMINDER_DAYS = 3;

@Injectable()
export class ChargeSchedule {
  constructor(
    private readonly book: RentBook,
    private readonly directory: DirectoryRepository,
    private readonly store: LedgerStore,
    private readonly notices: RentNotices,
  ) {}

  /** Posts the unit's due charges and late fees; answers how many entries were new. */
  async postDue(em: EntityManager, unitId: string, now: Date): Promise<number> {
    const terms = await this.book.terms(em, unitId);
    if (!terms) return 0;
    return this.postDueFor(em, terms, now);
  }

  /** Every unit with rent (of one location, or all): the run the daily schedule makes. */
  async postAllDue(em: EntityManager, now: Date, locationId: string | null = null): Promise<{ units: number; posted: number }> {
    let posted = 0;
    const all = await this.book.termsAt(em, locationId);
    for (const terms of all) posted += await this.postDueFor(em, terms, now);
    return { units: all.length, posted };
  }

  private async postDueFor(em: EntityManager, terms: UnitRentTerms, now: Date): Promise<number> {
    const place = await this.directory.unit(em, terms.unitId);
    if (!place) return 0;
    const today = localDate(now, place.timeZone);
    const keptFrom = localDate(terms.keptSince, place.timeZone);
    const postedAt = now.toISOString();
    // The ledger is read once: charges it already has are not sent again (an hourly run over years of periods would
    // otherwise re-insert every past charge), and what this run adds is added to the entries in memory.
    const entries = await this.store.entriesOf(em, terms.unitId);
    const known = new Set(entries.map((entry) => entry.id));
    const charges = await this.store.appendNew(em, terms.unitId, rentChargesDue(terms, today, postedAt).filter((charge) => !known.has(charge.id)));
    const ledger = Ledger.of([...entries, ...charges]);
    // Late fees only for grace periods that ended while the product kept this rent, never for history entered after.
    const lateFees = await this.store.appendNew(em, terms.unitId, lateFeesDue(terms, ledger, today, postedAt, keptFrom));
    const posted = charges.length + lateFees.length;
    const name = placeName(place);
    if (lateFees.length > 0) {
      const balance = Ledger.of([...entries, ...charges, ...lateFees]).balanceCents;
      for (const fee of lateFees) {
        if (fee.type !== 'charge') continue;
        await this.notices.request(em, place, { id: `late:${fee.id}`, kind: 'late_notice', requestedBy: null }, (tenantName) =>
          lateNoticeText({ tenantName, place: name, lateFeeCents: fee.amountCents, balanceCents: balance, period: fee.period ?? fee.dueDate.slice(0, 7) }),
        );
      }
    }
    // A reminder for each charge falling due within the next REMINDER_DAYS (the same charge ids the schedule posts then).
    for (const upcoming of rentChargesDue(terms, addDays(today, REMINDER_DAYS), postedAt).filter((charge) => charge.dueDate > today && charge.dueDate >= keptFrom)) {
      await this.notices.request(em, place, { id: `reminder:${upcoming.id}`, kind: 'reminder', requestedBy: null }, (tenantName) =>
        reminderText({ tenantName, place: name, amountCents: upcoming.amountCents, dueOn: upcoming.dueDate }),
      );
    }
    return posted;
  }
}
