import { LEDGER_ENTRY_CENTS_MAX } from '@pm/contracts';
import type { Period, PlainDate } from './plain-date.js';

/**
 * A unit's rent ledger: immutable entries in integer cents, and everything shown about money (balance, what each
 * payment settled, each payment's status, the statement with its running balance) derived from them, never stored
 * beside them or edited in place.
 *
 * Entries arrive in any order and any number of times (a provider's webhooks are retried and reordered): an entry is
 * known by its id, and the same set of entries gives the same ledger whatever order it came in. An entry about a
 * payment (settled, returned, refunded) whose payment has not arrived yet waits for it, counted nowhere, and is listed
 * in `waiting`.
 */

/** Integer cents, never fractions of a dollar in floating point. */
export type Cents = number;

/** The most one entry may move: $10,000,000. Sums of many stay far inside Number's exact integers. */
export const MAX_ENTRY_CENTS = LEDGER_ENTRY_CENTS_MAX;

export const CHARGE_KINDS = ['rent', 'late_fee', 'other_fee'] as const;
export type ChargeKind = (typeof CHARGE_KINDS)[number];

/** Card and ACH through the payment provider; the rest recorded by the manager (spec: check, bank transfer, cash, other). */
export const PAYMENT_METHODS = ['card', 'ach', 'check', 'bank_transfer', 'cash', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

interface EntryBase {
  id: string;
  /** When the entry was recorded (ISO instant): orders entries of the same date. */
  postedAt: string;
}

/** Money owed: a period's rent, a late fee, another fee. */
export interface ChargeEntry extends EntryBase {
  type: 'charge';
  kind: ChargeKind;
  amountCents: Cents;
  dueDate: PlainDate;
  /** The rent period a rent charge (or its late fee) is for. */
  period: Period | null;
  description: string;
}

/** Money received. `clearing`: it may still fail (ACH) and is processing until a `payment_settled` entry. */
export interface PaymentEntry extends EntryBase {
  type: 'payment';
  amountCents: Cents;
  method: PaymentMethod;
  paidOn: PlainDate;
  clearing: boolean;
  /** What the manager typed to find it again (a check number), for a payment recorded by hand. */
  reference?: string;
  /** The provider's checkout the payment was made on: the payer's receipt, which the success page verifies. */
  checkoutSessionId?: string;
  /** The recurring payment (provider subscription) that made it, for a month's rent debited by one. */
  subscriptionId?: string;
}

export interface PaymentSettledEntry extends EntryBase {
  type: 'payment_settled';
  paymentId: string;
  settledOn: PlainDate;
}

/** The payment did not arrive after all (an ACH return, a card dispute lost): it is reversed whole. */
export interface PaymentReturnedEntry extends EntryBase {
  type: 'payment_returned';
  paymentId: string;
  returnedOn: PlainDate;
  reason: string;
}

/** Money given back from a payment. */
export interface RefundEntry extends EntryBase {
  type: 'refund';
  paymentId: string;
  amountCents: Cents;
  refundedOn: PlainDate;
}

/** A correction by the manager: positive adds to what is owed, negative is a credit. */
export interface AdjustmentEntry extends EntryBase {
  type: 'adjustment';
  amountCents: Cents;
  effectiveOn: PlainDate;
  description: string;
}

export type LedgerEntry = ChargeEntry | PaymentEntry | PaymentSettledEntry | PaymentReturnedEntry | RefundEntry | AdjustmentEntry;

export type PaymentStatus = 'processing' | 'completed' | 'partially_refunded' | 'refunded' | 'returned';

export interface PaymentView {
  id: string;
  amountCents: Cents;
  method: PaymentMethod;
  paidOn: PlainDate;
  status: PaymentStatus;
  refundedCents: Cents;
  /** What the payment still counts for: nothing once returned, less what was refunded. */
  netCents: Cents;
}

/** What is owed on one charge (or a positive adjustment) after every credit has been applied, oldest debt first. */
export interface DebtView {
  id: string;
  dueDate: PlainDate;
  amountCents: Cents;
  paidCents: Cents;
  outstandingCents: Cents;
  /** The date of the credit that paid it off, or null while anything is outstanding. */
  paidInFullOn: PlainDate | null;
}

export interface StatementLine {
  entryId: string;
  date: PlainDate;
  description: string;
  /** What the line adds to the balance (a charge, a refund, a reversal) or takes off it (a payment, a credit). */
  chargeCents: Cents;
  creditCents: Cents;
  balanceCents: Cents;
}

/** Orders entries as recorded: by `postedAt`, then id, so "the first of two with one id" means the same in any run. */
function byPosting(a: EntryBase, b: EntryBase): number {
  return a.postedAt < b.postedAt ? -1 : a.postedAt > b.postedAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function byDate<T extends EntryBase>(dateOf: (entry: T) => PlainDate): (a: T, b: T) => number {
  return (a, b) => {
    const [x, y] = [dateOf(a), dateOf(b)];
    return x < y ? -1 : x > y ? 1 : byPosting(a, b);
  };
}

/** Why an entry cannot be in a ledger, or null when it can. */
export function entryProblem(entry: LedgerEntry): string | null {
  const cents = (value: number, signed = false) =>
    Number.isSafeInteger(value) && Math.abs(value) <= MAX_ENTRY_CENTS && (signed ? value !== 0 : value > 0);
  switch (entry.type) {
    case 'charge':
      return cents(entry.amountCents) ? null : 'a charge is a positive whole number of cents';
    case 'payment':
      return cents(entry.amountCents) ? null : 'a payment is a positive whole number of cents';
    case 'refund':
      return cents(entry.amountCents) ? null : 'a refund is a positive whole number of cents';
    case 'adjustment':
      return cents(entry.amountCents, true) ? null : 'an adjustment is a non-zero whole number of cents';
    default:
      return null;
  }
}

export class Ledger {
  /** Every distinct entry (the first recorded of each id), in posting order. */
  readonly entries: readonly LedgerEntry[];
  /** Entries about a payment this ledger does not have (yet): counted nowhere until it arrives. */
  readonly waiting: readonly LedgerEntry[];
  readonly payments: ReadonlyMap<string, PaymentView>;
  readonly balanceCents: Cents;
  /** Of the payments counted in the balance, what is still processing (ACH not settled). */
  readonly processingCents: Cents;

  private readonly refundCents: ReadonlyMap<string, Cents>;
  /** The return entries that count: the first of each returned payment. */
  private readonly countedReturns: ReadonlySet<string>;

  private constructor(entries: LedgerEntry[]) {
    const seen = new Set<string>();
    const distinct: LedgerEntry[] = [];
    for (const entry of [...entries].sort(byPosting)) {
      if (seen.has(entry.id)) continue;
      const problem = entryProblem(entry);
      if (problem) throw new RangeError(`entry ${entry.id}: ${problem}`);
      seen.add(entry.id);
      distinct.push(entry);
    }
    this.entries = distinct;

    const paymentEntries = new Map(distinct.filter((entry): entry is PaymentEntry => entry.type === 'payment').map((entry) => [entry.id, entry]));
    const about = (entry: LedgerEntry) => ('paymentId' in entry ? paymentEntries.has(entry.paymentId) : true);
    this.waiting = distinct.filter((entry) => !about(entry));

    // Refunds of a payment, in date order, each up to what the payment has left: a provider never refunds more.
    const refundCents = new Map<string, Cents>();
    const refunded = new Map<string, Cents>();
    for (const refund of distinct.filter((entry): entry is RefundEntry => entry.type === 'refund' && about(entry)).sort(byDate((entry) => entry.refundedOn))) {
      const payment = paymentEntries.get(refund.paymentId)!;
      const before = refunded.get(payment.id) ?? 0;
      const counted = Math.min(refund.amountCents, payment.amountCents - before);
      refundCents.set(refund.id, counted);
      refunded.set(payment.id, before + counted);
    }
    this.refundCents = refundCents;

    const settled = new Set(distinct.filter((entry): entry is PaymentSettledEntry => entry.type === 'payment_settled' && about(entry)).map((entry) => entry.paymentId));
    // A payment is returned once: a second return of it (another event type for the same failure) moves nothing.
    const returns = new Map<string, string>();
    for (const entry of distinct.filter((entry): entry is PaymentReturnedEntry => entry.type === 'payment_returned' && about(entry)).sort(byDate((entry) => entry.returnedOn))) {
      if (!returns.has(entry.paymentId)) returns.set(entry.paymentId, entry.id);
    }
    this.countedReturns = new Set(returns.values());
    const returned = new Set(returns.keys());
    const payments = new Map<string, PaymentView>();
    let processing = 0;
    for (const payment of paymentEntries.values()) {
      const refundedCents = refunded.get(payment.id) ?? 0;
      const status: PaymentStatus = returned.has(payment.id)
        ? 'returned'
        : payment.clearing && !settled.has(payment.id)
          ? 'processing'
          : refundedCents === payment.amountCents
            ? 'refunded'
            : refundedCents > 0
              ? 'partially_refunded'
              : 'completed';
      const netCents = status === 'returned' ? 0 : payment.amountCents - refundedCents;
      if (status === 'processing') processing += netCents;
      payments.set(payment.id, { id: payment.id, amountCents: payment.amountCents, method: payment.method, paidOn: payment.paidOn, status, refundedCents, netCents });
    }
    this.payments = payments;
    this.processingCents = processing;
    this.balanceCents = this.statement().reduce((sum, line) => sum + line.chargeCents - line.creditCents, 0);
  }

  /** The ledger of these entries (duplicates by id counted once). Throws RangeError for an entry no ledger may hold. */
  static of(entries: Iterable<LedgerEntry>): Ledger {
    return new Ledger([...entries]);
  }

  has(id: string): boolean {
    return this.entries.some((entry) => entry.id === id);
  }

  /**
   * Every line that moves the balance, by date (then as recorded), with the balance after it. A returned payment adds
   * back what it still counted for (its amount less its refunds), so a payment, its refunds and its return sum to zero.
   */
  statement(): StatementLine[] {
    const lines: Omit<StatementLine, 'balanceCents'>[] = [];
    const payments = new Map(this.entries.filter((entry): entry is PaymentEntry => entry.type === 'payment').map((entry) => [entry.id, entry]));
    const line = (entry: LedgerEntry, date: PlainDate, description: string, chargeCents: Cents, creditCents: Cents) =>
      lines.push({ entryId: entry.id, date, description, chargeCents, creditCents });
    for (const entry of this.entries) {
      switch (entry.type) {
        case 'charge':
          line(entry, entry.dueDate, entry.description, entry.amountCents, 0);
          break;
        case 'payment':
          line(entry, entry.paidOn, `Payment (${entry.method.replace('_', ' ')})${entry.reference ? `: ${entry.reference}` : ''}`, 0, entry.amountCents);
          break;
        case 'refund':
          if (payments.has(entry.paymentId)) line(entry, entry.refundedOn, 'Refund', this.refundCents.get(entry.id) ?? 0, 0);
          break;
        case 'payment_returned': {
          const payment = payments.get(entry.paymentId);
          if (payment && this.countedReturns.has(entry.id)) line(entry, entry.returnedOn, `Payment returned: ${entry.reason}`, payment.amountCents - (this.payments.get(payment.id)?.refundedCents ?? 0), 0);
          break;
        }
        case 'adjustment':
          line(entry, entry.effectiveOn, entry.description, Math.max(entry.amountCents, 0), Math.max(-entry.amountCents, 0));
          break;
        case 'payment_settled':
          break;
      }
    }
    // The lines were made in posting order and the sort is stable: lines of one date stay as recorded.
    const ordered = lines.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    let balance = 0;
    return ordered.map((item) => {
      balance += item.chargeCents - item.creditCents;
      return { ...item, balanceCents: balance };
    });
  }

  /**
   * Each debt (charge or positive adjustment) with what was paid on it: credits (payments as they count now, negative
   * adjustments) in date order pay the oldest debt first, so the same entries always settle the same debts. A credit
   * left over (paid ahead, overpaid) is `unappliedCreditCents`.
   */
  debts(): { debts: DebtView[]; unappliedCreditCents: Cents } {
    const debts: DebtView[] = this.entries
      .flatMap((entry): Array<{ entry: LedgerEntry; dueDate: PlainDate; amountCents: Cents }> =>
        entry.type === 'charge'
          ? [{ entry, dueDate: entry.dueDate, amountCents: entry.amountCents }]
          : entry.type === 'adjustment' && entry.amountCents > 0
            ? [{ entry, dueDate: entry.effectiveOn, amountCents: entry.amountCents }]
            : [],
      )
      .sort((a, b) => (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : byPosting(a.entry, b.entry)))
      .map(({ entry, dueDate, amountCents }) => ({ id: entry.id, dueDate, amountCents, paidCents: 0, outstandingCents: amountCents, paidInFullOn: null }));
    const credits = this.entries
      .flatMap((entry): Array<{ entry: LedgerEntry; date: PlainDate; cents: Cents }> =>
        entry.type === 'payment'
          ? [{ entry, date: entry.paidOn, cents: this.payments.get(entry.id)!.netCents }]
          : entry.type === 'adjustment' && entry.amountCents < 0
            ? [{ entry, date: entry.effectiveOn, cents: -entry.amountCents }]
            : [],
      )
      .filter((credit) => credit.cents > 0)
      .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : byPosting(a.entry, b.entry)));
    let next = 0;
    let unapplied = 0;
    for (const credit of credits) {
      let left = credit.cents;
      while (left > 0 && next < debts.length) {
        const debt = debts[next]!;
        const applied = Math.min(left, debt.outstandingCents);
        debt.paidCents += applied;
        debt.outstandingCents -= applied;
        left -= applied;
        if (debt.outstandingCents === 0) {
          debt.paidInFullOn = credit.date;
          next++;
        }
      }
      unapplied += left;
    }
    return { debts, unappliedCreditCents: unapplied };
  }
}
