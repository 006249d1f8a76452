import { z } from 'zod';
import { isIsoDay, isoDayPattern } from '../portfolio/validation.js';
import { line, textPattern, withTrimmedPattern } from '../text.js';

/**
 * Rent in the payments context: every amount is integer cents (spec 001 §8: amounts from the server are in cents,
 * shown divided by 100), dates are plain calendar days read in the location's time zone.
 */

/** The most one rent, fee or payment may be: $1,000,000 (portfolio's rent ceiling). */
export const RENT_CENTS_MAX = 100_000_000;

/** The most one ledger entry may move ($10,000,000: a payment of several months, a correction), as the ledger checks. */
export const LEDGER_ENTRY_CENTS_MAX = 1_000_000_000;

/**
 * The shapes of money and names in answers, bounded. One entry's amount stays within LEDGER_ENTRY_CENTS_MAX; a
 * balance or a total sums many entries (a ledger's, a location's units'), so its bound is the safe integers zod's
 * int() already holds (±2^53: a billion entries at the entry maximum would not reach it).
 */
export const entryCents = () => z.number().int().min(0).max(LEDGER_ENTRY_CENTS_MAX);
export const signedEntryCents = () => z.number().int().min(-LEDGER_ENTRY_CENTS_MAX).max(LEDGER_ENTRY_CENTS_MAX);
/** A sum of entries (balances, totals): any safe integer, see above. */
export const sumCents = () => z.number().int();
/** An IANA time zone name ("America/Los_Angeles"); the longest in the database is 32 characters. */
export const TimeZoneNameSchema = z.string().min(1).max(64);
/** A ledger line's words: a charge's description or "Payment returned: " and the bank's reason (kept to 500). */
export const LedgerDescriptionSchema = z.string().max(1_000);
/** A rent period, YYYY-MM. */
export const PeriodSchema = z.string().regex(/^[0-9]{4}-(0[1-9]|1[0-2])$/);

/** Our words where the spec has none; the spec's own texts are the toasts in the web. */
export const paymentMessages = {
  amountNotPositive: 'Amount must be a positive number of cents',
  amountTooHigh: 'Amount must be at most $1,000,000',
  lateFeeInvalid: 'Late fee must be a whole number of cents, 0 or more, at most $1,000,000',
  dueDayInvalid: 'Due day must be a day of the month, 1 to 31',
  graceInvalid: 'Grace period must be 0 to 31 days',
  invalidDate: 'Enter a valid date (YYYY-MM-DD)',
  dateOutOfRange: 'Enter a date from 2000 to 2099',
  endBeforeStart: 'End date must be on or after the start date',
  paidInFuture: 'A payment cannot be recorded for a day that has not come yet',
  paidBeforeRent: 'A payment cannot be dated before the rent starts',
  unitNotFound: 'Unit not found',
  locationNotFound: 'Property location not found',
  rentNotSet: "Set the unit's rent before generating a payment link",
  /** A 404: the web shows the spec's "Please complete Stripe onboarding before generating rent links." */
  connectNotOnboarded: 'No fully onboarded Stripe account: complete Stripe onboarding before generating rent links',
  providerUnavailable: 'The payment provider could not be reached. Nothing was created; please try again.',
  nothingOwed: 'Nothing is owed on this unit, and no rent is set to pay ahead',
} as const;

/** Cents as the API takes them: a whole, positive number up to RENT_CENTS_MAX. */
export function centsSchema(messages: { notPositive: string; tooHigh: string } = { notPositive: paymentMessages.amountNotPositive, tooHigh: paymentMessages.amountTooHigh }) {
  return z
    .number({ error: messages.notPositive })
    .max(RENT_CENTS_MAX, messages.tooHigh)
    .int(messages.notPositive)
    .positive(messages.notPositive);
}

/**
 * A calendar day, YYYY-MM-DD, that exists (trimmed), in 2000–2099: rent is kept from its start, so a start in year 1
 * would post two thousand years of charges, and PostgreSQL has no year 0.
 */
export function plainDaySchema(message: string = paymentMessages.invalidDate) {
  return withTrimmedPattern(z.string({ error: message }), textPattern.trimmedAround(isoDayPattern), textPattern.trimmedAround('20[0-9]{2}-[0-9]{2}-[0-9]{2}'))
    .trim()
    .max(10, message)
    .refine(isIsoDay, message)
    .refine((day) => day >= '2000-01-01' && day <= '2099-12-31', paymentMessages.dateOutOfRange);
}

/** Where the card fee comes from: the provider's US card pricing, passed to the tenant who chooses a card. */
export const CARD_FEE = { percentBasisPoints: 290, fixedCents: 30 } as const;

/**
 * The fee a tenant pays on top of `amountCents` to pay by card; ACH (US bank account) costs the tenant nothing
 * (spec 001 §8: the ACH fee is shown as 0, the lowest-fee recommended method). Computed once here, so the breakdown the
 * manager sees, the link the tenant pays and the ledger agree to the cent.
 */
export function cardFeeCents(amountCents: number): number {
  return Math.round((amountCents * CARD_FEE.percentBasisPoints) / 10_000) + CARD_FEE.fixedCents;
}

export const PAYMENT_LINK_METHODS = ['us_bank_account', 'card'] as const;
export const PaymentLinkMethodSchema = z.enum(PAYMENT_LINK_METHODS);
export type PaymentLinkMethod = z.infer<typeof PaymentLinkMethodSchema>;

/** How a manager records a payment made outside the provider (spec 001 §8 payment methods). */
export const MANUAL_PAYMENT_METHODS = ['check', 'bank_transfer', 'cash', 'other'] as const;
export const ManualPaymentMethodSchema = z.enum(MANUAL_PAYMENT_METHODS, { error: 'Payment method must be one of check, bank_transfer, cash, other' });
export const PAYMENT_METHOD_NAMES = ['card', 'ach', ...MANUAL_PAYMENT_METHODS] as const;
export const PaymentMethodNameSchema = z.enum(PAYMENT_METHOD_NAMES);

/** Spec 001 §3 Rent details: the unit's rent (amount in cents), when it is due, and its late fee. */
export const RentDetailsSchema = z.object({
  unit_id: z.string(),
  /** Cents a month; null while no rent is set. */
  amount: entryCents().positive().nullable(),
  currency: z.literal('usd'),
  due_day: z.number().int().min(1).max(31),
  late_fee: entryCents(),
  grace_period_days: z.number().int().min(0).max(31),
  start_date: z.iso.date().nullable(),
  end_date: z.iso.date().nullable(),
  /** The location's IANA time zone: due dates and late fees are read in it. */
  time_zone: TimeZoneNameSchema,
  updated_at: z.iso.datetime({ offset: true }).nullable(),
});
export type RentDetails = z.infer<typeof RentDetailsSchema>;

/** Spec 001 §3: a rent price (amount in cents): each rent the unit has had, the current one active. */
export const RentPriceSchema = z.object({
  id: z.string(),
  amount: entryCents().positive(),
  currency: z.literal('usd'),
  interval: z.literal('month'),
  active: z.boolean(),
  effective_from: z.iso.date(),
  created_at: z.iso.datetime({ offset: true }),
});
export type RentPrice = z.infer<typeof RentPriceSchema>;

export const PaymentStatusSchema = z.enum(['processing', 'completed', 'partially_refunded', 'refunded', 'returned']);
export type PaymentStatusName = z.infer<typeof PaymentStatusSchema>;

/** What a tenant pays by each method for what is owed now (the unit rent view's payment breakdown). */
export const PaymentBreakdownSchema = z.object({
  unit_id: z.string(),
  rent: entryCents(),
  /** What is owed now (charges less payments, processing ACH counted as paid); negative is a credit. */
  balance: sumCents(),
  /** ACH payments not settled yet, counted in the balance. */
  processing: sumCents().nonnegative(),
  /** What a payment link asks for: the balance when something is owed, else one month's rent. */
  amount_due: sumCents().nonnegative(),
  methods: z.array(
    z.object({
      method: PaymentLinkMethodSchema,
      fee: sumCents().nonnegative(),
      total: sumCents().nonnegative(),
      recommended: z.boolean(),
    }),
  ),
});
export type PaymentBreakdown = z.infer<typeof PaymentBreakdownSchema>;

/** One line of the ledger's statement, with the running balance after it. */
export const LedgerLineSchema = z.object({
  entry_id: z.string(),
  date: z.iso.date(),
  kind: z.enum(['charge', 'payment', 'refund', 'payment_returned', 'adjustment']),
  description: LedgerDescriptionSchema,
  /** Charges and reversals: positive; payments and credits: negative. */
  amount: signedEntryCents(),
  balance: sumCents(),
  /** A payment's (or its reversal's) status; null on other lines. */
  status: PaymentStatusSchema.nullable(),
  method: PaymentMethodNameSchema.nullable(),
  /** On a payment's own line: what is left of it to refund (0 while it is processing or once it was returned). */
  refundable: entryCents().optional(),
});
export type LedgerLine = z.infer<typeof LedgerLineSchema>;

export const UnitLedgerSchema = z.object({
  unit_id: z.string(),
  balance: sumCents(),
  processing: sumCents().nonnegative(),
  /** Lines of the requested window, oldest first, each with the running balance of the whole ledger. */
  lines: z.array(LedgerLineSchema),
  /** Lines in the whole ledger (the window may show fewer). */
  total_lines: z.number().int().nonnegative(),
});
export type UnitLedger = z.infer<typeof UnitLedgerSchema>;

/** A payment reference the manager types (a check number): one line, optional. */
export const PaymentReferenceSchema = line('Reference', 100).optional();

/** The spec's three payout states (000 §4.8), from the connected account's flags (000 §3.11). */
export const ConnectAccountStatusSchema = z.object({
  onboardingComplete: z.boolean(),
  chargesEnabled: z.boolean(),
  payoutsEnabled: z.boolean(),
  detailsSubmitted: z.boolean(),
});
export type ConnectAccountStatus = z.infer<typeof ConnectAccountStatusSchema>;

export type PayoutState = 'Active' | 'Onboarding Incomplete / Verification Pending' | 'Not Connected';

/** 000 §4.8: Active when onboarding, charges and payouts are all enabled; pending when details are in; else not connected. */
export function payoutStateOf(status: ConnectAccountStatus): PayoutState {
  if (status.onboardingComplete && status.chargesEnabled && status.payoutsEnabled) return 'Active';
  if (status.detailsSubmitted || status.onboardingComplete) return 'Onboarding Incomplete / Verification Pending';
  return 'Not Connected';
}
