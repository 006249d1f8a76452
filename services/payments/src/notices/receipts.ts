import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DirectoryRepository } from '../directory/directory.repository.js';
import { Ledger, type LedgerEntry, type PaymentEntry } from '../ledger/ledger.js';
import { LedgerStore } from '../ledger/ledger-store.js';
import { localDate } from '../ledger/plain-date.js';
import { RentBook } from '../rent/rent-book.js';
import { placeName } from '../rent/unit-rent.js';
import { receiptText } from './rent-notice-texts.js';
import { RentNotices } from './rent-notices.js';

/**
 * A receipt for each payment that has arrived: a card or a recorded payment when it is entered, an ACH payment when it
 * settles (not while it may still fail). History entered later (a payment dated before the product kept the unit's
 * rent) gets none, as it gets no late fee.
 */
@Injectable()
export class Receipts {
  constructor(
    private readonly directory: DirectoryRepository,
    private readonly store: LedgerStore,
    private readonly book: RentBook,
    private readonly notices: RentNotices,
  ) {}

  /** Asks for the receipts the entries just added to the unit's ledger call for; answers how many. */
  async forNewEntries(em: EntityManager, unitId: string, added: readonly LedgerEntry[]): Promise<number> {
    const arrived = new Set(added.flatMap((entry) => (entry.type === 'payment' && !entry.clearing ? [entry.id] : entry.type === 'payment_settled' ? [entry.paymentId] : [])));
    if (arrived.size === 0) return 0;
    const [place, terms] = [await this.directory.unit(em, unitId), await this.book.terms(em, unitId)];
    if (!place) return 0;
    const ledger = Ledger.of(await this.store.entriesOf(em, unitId));
    const keptFrom = terms ? localDate(terms.keptSince, place.timeZone) : null;
    let asked = 0;
    for (const paymentId of arrived) {
      const payment = ledger.entries.find((entry): entry is PaymentEntry => entry.type === 'payment' && entry.id === paymentId);
      const view = ledger.payments.get(paymentId);
      if (!payment || !view || view.status === 'returned' || view.status === 'processing' || keptFrom === null || payment.paidOn < keptFrom) continue;
      asked += await this.notices.request(em, place, { id: `receipt:${paymentId}`, kind: 'receipt', requestedBy: null }, (tenantName) =>
        receiptText({ tenantName, place: placeName(place), amountCents: payment.amountCents, paidOn: payment.paidOn, method: payment.method, balanceCents: ledger.balanceCents }),
      );
    }
    return asked;
  }
}
