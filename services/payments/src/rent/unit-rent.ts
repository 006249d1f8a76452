import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { LocationAccess, type AccessCaller } from '@pm/access';
import { PAYMENT_LINK_METHODS, cardFeeCents, paymentMessages, type LedgerLine, type PaymentBreakdown, type Permission, type UnitLedger } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { DirectoryRepository, type LocationPlace, type UnitPlace } from '../directory/directory.repository.js';
import { Ledger, type LedgerEntry } from '../ledger/ledger.js';
import { LedgerStore } from '../ledger/ledger-store.js';
import { RentBook } from './rent-book.js';

/**
 * A unit's rent as the calls see it: the unit found in payments' directory and the caller's access to its location
 * decided (404 "Unit not found" for a unit the caller cannot see, 403 for a role without the permission), its ledger
 * read from its entries, and the views derived from it.
 */
@Injectable()
export class UnitRent {
  constructor(
    private readonly directory: DirectoryRepository,
    private readonly access: LocationAccess,
    private readonly store: LedgerStore,
    private readonly book: RentBook,
  ) {}

  async place(em: EntityManager, caller: AccessCaller, unitId: string, permission: Permission): Promise<UnitPlace> {
    const place = await this.directory.unit(em, unitId);
    if (!place) throw RpcFailure.notFound(paymentMessages.unitNotFound);
    await this.access.require(em, caller, place.locationId, permission, paymentMessages.unitNotFound);
    return place;
  }

  async location(em: EntityManager, caller: AccessCaller, locationId: string, permission: Permission): Promise<LocationPlace> {
    const location = await this.directory.location(em, locationId);
    if (!location) throw RpcFailure.notFound(paymentMessages.locationNotFound);
    await this.access.require(em, caller, location.locationId, permission, paymentMessages.locationNotFound);
    return location;
  }

  async ledger(em: EntityManager, unitId: string): Promise<Ledger> {
    return Ledger.of(await this.store.entriesOf(em, unitId));
  }

  /** Rent collected in the month (YYYY-MM) at the location: `collectedIn` of each unit, read in one query. */
  async collectedAtLocation(em: EntityManager, locationId: string, period: string): Promise<number> {
    let cents = 0;
    for (const entries of (await this.store.monthPaymentsOfLocation(em, locationId, period)).values()) cents += collectedIn(Ledger.of(entries), period);
    return cents;
  }

  /** The ledger of each unit of the location, read in one query; `ledgerOf` gives a unit's (empty when it has none). */
  async ledgersOfLocation(em: EntityManager, locationId: string): Promise<{ ledgerOf: (unitId: string) => Ledger }> {
    const entries = await this.store.entriesOfLocation(em, locationId);
    return { ledgerOf: (unitId) => Ledger.of(entries.get(unitId) ?? []) };
  }

  async breakdown(em: EntityManager, place: UnitPlace): Promise<PaymentBreakdown> {
    const [terms, ledger] = [await this.book.terms(em, place.unitId), await this.ledger(em, place.unitId)];
    return paymentBreakdown(place.unitId, terms?.amountCents ?? 0, ledger);
  }
}

/** What a payment link asks for: what is owed now, or a month's rent paid ahead when nothing is; per method its total. */
export function paymentBreakdown(unitId: string, rentCents: number, ledger: Ledger): PaymentBreakdown {
  const amountDue = ledger.balanceCents > 0 ? ledger.balanceCents : rentCents;
  return {
    unit_id: unitId,
    rent: rentCents,
    balance: ledger.balanceCents,
    processing: ledger.processingCents,
    amount_due: amountDue,
    methods: PAYMENT_LINK_METHODS.map((method) => {
      const fee = method === 'card' && amountDue > 0 ? cardFeeCents(amountDue) : 0;
      return { method, fee, total: amountDue + fee, recommended: method === 'us_bank_account' };
    }),
  };
}

/** The ledger as the API shows it: each statement line with its kind, its payment's status and method. */
export function unitLedgerView(unitId: string, ledger: Ledger, window: { from?: string | undefined; to?: string | undefined } = {}): UnitLedger {
  const entries = new Map<string, LedgerEntry>(ledger.entries.map((entry) => [entry.id, entry]));
  const statement = ledger.statement();
  const lines: LedgerLine[] = statement
    .filter((line) => (!window.from || line.date >= window.from) && (!window.to || line.date <= window.to))
    .map((line) => {
      const entry = entries.get(line.entryId)!;
      const paymentId = entry.type === 'payment' ? entry.id : entry.type === 'payment_returned' || entry.type === 'refund' ? entry.paymentId : null;
      const payment = paymentId ? ledger.payments.get(paymentId) : undefined;
      return {
        entry_id: line.entryId,
        date: line.date,
        kind: entry.type === 'payment_settled' ? 'payment' : entry.type,
        description: line.description,
        amount: line.chargeCents - line.creditCents,
        balance: line.balanceCents,
        status: payment?.status ?? null,
        method: payment?.method ?? null,
        ...(entry.type === 'payment' && payment ? { refundable: payment.status === 'completed' || payment.status === 'partially_refunded' ? payment.netCents : 0 } : {}),
      };
    });
  return { unit_id: unitId, balance: ledger.balanceCents, processing: ledger.processingCents, lines, total_lines: statement.length };
}

/**
 * Rent collected in a month (YYYY-MM): payments dated in it that have arrived (an ACH payment still processing has
 * not), each for what it still counts (nothing once returned, less its refunds).
 */
export function collectedIn(ledger: Ledger, period: string): number {
  let cents = 0;
  for (const payment of ledger.payments.values()) {
    if (payment.status !== 'processing' && payment.paidOn.startsWith(`${period}-`)) cents += payment.netCents;
  }
  return cents;
}

/** The unit as a tenant knows it, in their e-mails: "Building A, Unit 2B". */
export function placeName(place: Pick<UnitPlace, 'buildingName' | 'unitName'>): string {
  return [place.buildingName, `Unit ${place.unitName}`].filter(Boolean).join(', ');
}

/** What the tenant sees their rent called (a checkout's line, a payment's description): "Rent, Building A, Unit 2B". */
export function rentDescription(place: Pick<UnitPlace, 'buildingName' | 'unitName'>): string {
  return `Rent, ${placeName(place)}`;
}
