import { z } from 'zod';
import { ACCESS_FORBIDDEN } from '../../access/permissions.js';
import { defineRpc } from '../../define.js';
import { pageRequestFields, pageSchema } from '../../page.js';
import { IdRefSchema, SelectedLocationSchema, limits } from '../../portfolio/validation.js';
import {
  ManualPaymentMethodSchema,
  PaymentBreakdownSchema,
  PaymentLinkMethodSchema,
  PaymentReferenceSchema,
  RentDetailsSchema,
  RentPriceSchema,
  PeriodSchema,
  TimeZoneNameSchema,
  UnitLedgerSchema,
  centsSchema,
  entryCents,
  sumCents,
  paymentMessages as m,
  plainDaySchema,
} from '../rent.js';

const unitId = '01937a11-2d3e-7f4a-9b0c-1d2e3f4a5b6c';
const locationId = '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c';
const rentDetailsFixture = {
  unit_id: unitId,
  amount: 185_000,
  currency: 'usd' as const,
  due_day: 1,
  late_fee: 7_500,
  grace_period_days: 5,
  start_date: '2026-01-01',
  end_date: '2026-12-31',
  time_zone: 'America/Chicago',
  updated_at: '2026-12-01T15:04:05.000Z',
};
const ledgerFixture = {
  unit_id: unitId,
  balance: 0,
  processing: 185_000,
  total_lines: 2,
  lines: [
    { entry_id: `rent:${unitId}:2026-12`, date: '2026-12-01', kind: 'charge' as const, description: 'December 2026 rent', amount: 185_000, balance: 185_000, status: null, method: null },
    { entry_id: 'stripe:pi_3QabcDEF', date: '2026-12-02', kind: 'payment' as const, description: 'ACH payment', amount: -185_000, balance: 0, status: 'processing' as const, method: 'ach' as const },
  ],
};

/**
 * An optional day in the query string: the BFF reads an empty value (`?to=`) as a value not given (contracts/http.ts),
 * so '' is described as allowed and read as no bound, as `limit` does.
 */
const optionalQueryDay = () =>
  z
    .union([z.literal(''), plainDaySchema()])
    .optional()
    .transform((value) => (value === '' ? undefined : value));

const dueDay = z.number({ error: m.dueDayInvalid }).int(m.dueDayInvalid).min(1, m.dueDayInvalid).max(31, m.dueDayInvalid);
const graceDays = z.number({ error: m.graceInvalid }).int(m.graceInvalid).min(0, m.graceInvalid).max(31, m.graceInvalid);
const lateFee = z.number({ error: m.lateFeeInvalid }).int(m.lateFeeInvalid).min(0, m.lateFeeInvalid).max(100_000_000, m.lateFeeInvalid);

/** GET unit/{id}/rent-details: the unit's rent (`payment:read`); `amount` null while none is set. */
export const GetRentDetails = defineRpc({
  subject: 'pm.rpc.payments.rent-details.get.v1',
  description: "the unit's rent details: amount in cents (null while none is set), due day, late fee and grace period, term, the location's time zone",
  access: 'payment:read',
  http: { method: 'GET', path: 'unit/:id/rent-details' },
  errors: { 404: m.unitNotFound, 403: ACCESS_FORBIDDEN },
  request: z.object({ id: IdRefSchema }),
  response: RentDetailsSchema,
  fixture: { request: { id: unitId }, response: rentDetailsFixture },
});

/**
 * PUT unit/{id}/rent-details: sets the unit's rent (`payment:write`). A new amount becomes the unit's active rent price
 * from the start date; charges already posted stay as they were (a ledger entry is never edited), later ones follow.
 */
export const UpdateRentDetails = defineRpc({
  subject: 'pm.rpc.payments.rent-details.update.v1',
  description:
    "sets the unit's rent: `amount` in cents (1 to $1,000,000), `due_day` 1–31 (a month without the day is due on its last day), `late_fee` in cents with `grace_period_days`, `start_date` (today in the location's time zone when left out) and an optional `end_date`. Charges already posted stay; later ones follow the new details",
  access: 'payment:write',
  http: { method: 'PUT', path: 'unit/:id/rent-details' },
  errors: { 400: [m.amountNotPositive, m.amountTooHigh, m.dueDayInvalid, m.lateFeeInvalid, m.graceInvalid, m.invalidDate, m.dateOutOfRange, m.endBeforeStart], 404: m.unitNotFound, 403: ACCESS_FORBIDDEN },
  request: z.object({
    id: IdRefSchema,
    amount: centsSchema(),
    due_day: dueDay.default(1),
    late_fee: lateFee.default(0),
    grace_period_days: graceDays.default(5),
    start_date: plainDaySchema().optional(),
    end_date: plainDaySchema().nullish(),
  }),
  response: RentDetailsSchema,
  fixture: { request: { id: unitId, amount: 185_000, due_day: 1, late_fee: 7_500, grace_period_days: 5, start_date: '2026-01-01', end_date: '2026-12-31' }, response: rentDetailsFixture },
});

/** GET unit/{id}/rent-prices: every rent the unit has had, newest first, the current one active. */
export const ListRentPrices = defineRpc({
  subject: 'pm.rpc.payments.rent-prices.list.v1',
  description: 'every rent the unit has had (amount in cents), newest first; the one in force today is `active`',
  access: 'payment:read',
  http: { method: 'GET', path: 'unit/:id/rent-prices' },
  errors: { 404: m.unitNotFound, 403: ACCESS_FORBIDDEN },
  request: z.object({ id: IdRefSchema }),
  response: z.array(RentPriceSchema),
  fixture: {
    request: { id: unitId },
    response: [{ id: '01938a00-0000-7000-8000-000000000001', amount: 185_000, currency: 'usd', interval: 'month', active: true, effective_from: '2026-01-01', created_at: '2026-01-01T15:00:00.000Z' }],
  },
});

/** GET unit/{id}/payment-breakdown: what is owed and what each method costs the tenant (ACH: no fee, recommended). */
export const GetPaymentBreakdown = defineRpc({
  subject: 'pm.rpc.payments.payment-breakdown.get.v1',
  description: 'the rent, the balance and what is processing, what a payment link asks for, and per method its fee and total (ACH fee 0, the recommended method)',
  access: 'payment:read',
  http: { method: 'GET', path: 'unit/:id/payment-breakdown' },
  errors: { 404: m.unitNotFound, 403: ACCESS_FORBIDDEN },
  request: z.object({ id: IdRefSchema }),
  response: PaymentBreakdownSchema,
  fixture: {
    request: { id: unitId },
    response: {
      unit_id: unitId,
      rent: 185_000,
      balance: 185_000,
      processing: 0,
      amount_due: 185_000,
      methods: [
        { method: 'us_bank_account', fee: 0, total: 185_000, recommended: true },
        { method: 'card', fee: 5_395, total: 190_395, recommended: false },
      ],
    },
  },
});

/** GET unit/{id}/ledger: the statement with its running balance, optionally for a window of days. */
export const GetUnitLedger = defineRpc({
  subject: 'pm.rpc.payments.unit-ledger.get.v1',
  description: "the unit's ledger: balance, what is processing, and the statement's lines (oldest first, `from`/`to` days included) each with the running balance",
  access: 'payment:read',
  http: { method: 'GET', path: 'unit/:id/ledger' },
  errors: { 400: [m.invalidDate, m.dateOutOfRange], 404: m.unitNotFound, 403: ACCESS_FORBIDDEN },
  request: z.object({ id: IdRefSchema, from: optionalQueryDay(), to: optionalQueryDay() }),
  response: UnitLedgerSchema,
  fixture: { request: { id: unitId }, response: ledgerFixture },
});

/** POST unit/{id}/payment: a payment made outside the provider (check, bank transfer, cash, other), for any earlier day. */
export const RecordPayment = defineRpc({
  subject: 'pm.rpc.payments.payment.record.v1',
  description:
    'records a payment made outside the payment provider (check, bank transfer, cash, other) on a day up to today in the location\'s time zone; it pays the oldest charges first. 201; takes `Idempotency-Key`',
  access: 'payment:write',
  http: { method: 'POST', path: 'unit/:id/payment', status: 201, idempotent: true },
  errors: { 400: [m.amountNotPositive, m.amountTooHigh, m.invalidDate, m.dateOutOfRange, m.paidInFuture, 'Payment method must be one of check, bank_transfer, cash, other'], 404: m.unitNotFound, 403: ACCESS_FORBIDDEN },
  request: z.object({ id: IdRefSchema, amount: centsSchema(), method: ManualPaymentMethodSchema, paid_on: plainDaySchema(), reference: PaymentReferenceSchema }),
  response: UnitLedgerSchema,
  fixture: { request: { id: unitId, amount: 185_000, method: 'check', paid_on: '2026-12-02', reference: 'Check 1042' }, response: ledgerFixture },
});

const PaymentLinkSchema = z.object({ method: PaymentLinkMethodSchema, url: z.url(), amount: sumCents().positive(), fee: sumCents().nonnegative(), total: sumCents().positive() });

/**
 * POST unit/{id}/generate-rent-link: one checkout link per method for what is owed now (the provider's hosted page),
 * paid into the account's connected account. 404 when the account has no fully onboarded connected account.
 */
export const GenerateRentLink = defineRpc({
  subject: 'pm.rpc.payments.rent-link.generate.v1',
  description: `a checkout link per method (US bank account with no fee, card with its fee) for what the unit owes now, or one month's rent when nothing is owed; the money goes to the account's connected account. 201; takes \`Idempotency-Key\`. 404 "${m.connectNotOnboarded}" without a fully onboarded account; 409 "${m.rentNotSet}"; 502 when the provider cannot be reached (nothing is created)`,
  access: 'payment:write',
  http: { method: 'POST', path: 'unit/:id/generate-rent-link', status: 201, idempotent: true, timeoutMs: 30_000 },
  errors: { 404: [m.unitNotFound, m.connectNotOnboarded], 409: m.rentNotSet, 502: m.providerUnavailable, 403: ACCESS_FORBIDDEN },
  request: z.object({ id: IdRefSchema }),
  response: z.object({ unit_id: z.string(), links: z.array(PaymentLinkSchema) }),
  fixture: {
    request: { id: unitId },
    response: {
      unit_id: unitId,
      links: [
        { method: 'us_bank_account', url: 'https://checkout.stripe.com/c/pay/cs_test_a1', amount: 185_000, fee: 0, total: 185_000 },
        { method: 'card', url: 'https://checkout.stripe.com/c/pay/cs_test_b2', amount: 185_000, fee: 5_395, total: 190_395 },
      ],
    },
  },
});

const MonthlyPaymentSchema = z.object({ currency: z.literal('usd'), amount: sumCents().nonnegative(), month: PeriodSchema });

/**
 * GET payments/stripe/monthly-payments?location_id=: the dashboard's Total Rent Collected This Month (spec 001 §3
 * Monthly payments: currency and amount in cents): payments dated this month in the location's time zone, less what
 * was returned or refunded; processing ACH payments are not collected yet.
 */
export const GetMonthlyPayments = defineRpc({
  subject: 'pm.rpc.payments.monthly-payments.get.v1',
  description: "the rent collected this month at the location (its time zone): settled payments dated this month less returns and refunds, in cents; ACH still processing is not counted",
  access: 'payment:read',
  http: { method: 'GET', path: 'payments/stripe/monthly-payments' },
  errors: { 400: 'No location selected', 404: m.locationNotFound, 403: ACCESS_FORBIDDEN },
  request: z.object({ location_id: SelectedLocationSchema }),
  response: z.array(MonthlyPaymentSchema),
  fixture: { request: { location_id: locationId }, response: [{ currency: 'usd', amount: 1_250_000, month: '2026-12' }] },
});

const RentRollRowSchema = z.object({
  unit_id: z.string(),
  unit_name: z.string().max(limits.unitName),
  building_id: z.string(),
  building_name: z.string().max(limits.name),
  rent: entryCents().nullable(),
  due_day: z.number().int().min(1).max(31).nullable(),
  balance: sumCents(),
  processing: sumCents().nonnegative(),
  last_payment_on: z.iso.date().nullable(),
});

/**
 * GET property-location/{id}/rent: the location's rent page: its units, a page at a time (`limit`, `cursor`; by
 * building and unit name), each with its rent, balance and last payment, and the totals of every unit.
 */
export const GetLocationRentRoll = defineRpc({
  subject: 'pm.rpc.payments.rent-roll.get.v1',
  description: "the location's rent roll: its units a page at a time (`limit`, `cursor`; by building and unit name), each with its rent, balance, what is processing and its last payment, and the totals of all its units",
  access: 'payment:read',
  http: { method: 'GET', path: 'property-location/:id/rent' },
  errors: { 400: 'Invalid cursor', 404: m.locationNotFound, 403: ACCESS_FORBIDDEN },
  request: z.object({ id: IdRefSchema, ...pageRequestFields }),
  response: z.object({
    location_id: z.string(),
    time_zone: TimeZoneNameSchema,
    units: pageSchema(RentRollRowSchema),
    totals: z.object({ rent: sumCents().nonnegative(), balance: sumCents(), processing: sumCents().nonnegative(), collected_this_month: sumCents().nonnegative() }),
  }),
  fixture: {
    request: { id: locationId },
    response: {
      location_id: locationId,
      time_zone: 'America/Chicago',
      units: {
        items: [{ unit_id: unitId, unit_name: '2B', building_id: '01937a10-1c2d-7e3f-8a9b-0c1d2e3f4a5b', building_name: 'Building A', rent: 185_000, due_day: 1, balance: 0, processing: 185_000, last_payment_on: '2026-12-02' }],
        next_cursor: null,
        total: 1,
      },
      totals: { rent: 185_000, balance: 0, processing: 185_000, collected_this_month: 0 },
    },
  },
});

/** Spec 001 §8's success fallback; ours when no tenant can be written to. */
export const PAYMENT_LINKS_SENT = 'Payment links email sent successfully';
export const NO_TENANT_EMAIL = 'No current tenant of this unit has an e-mail address';

/**
 * POST payments/send-payment-link-email: the unit's payment links (as generate-rent-link makes them) e-mailed to each
 * of its current tenants with an e-mail address, through messaging, from the location's address.
 */
export const SendPaymentLinkEmail = defineRpc({
  subject: 'pm.rpc.payments.payment-link-email.send.v1',
  description: `e-mails the unit's payment links (ACH without fee, card with its fee) to each current tenant with an e-mail address, from the location's address; answers "${PAYMENT_LINKS_SENT}" and how many were sent. Takes \`Idempotency-Key\`. 409 "${NO_TENANT_EMAIL}"; the link errors of generate-rent-link`,
  access: 'payment:write',
  http: { method: 'POST', path: 'payments/send-payment-link-email', idempotent: true, timeoutMs: 30_000 },
  errors: { 404: [m.unitNotFound, m.connectNotOnboarded], 409: [NO_TENANT_EMAIL, m.rentNotSet], 502: m.providerUnavailable, 403: ACCESS_FORBIDDEN },
  request: z.object({ unit_id: IdRefSchema }),
  response: z.object({ message: z.string().max(200), sent: z.number().int().min(0).max(1_000) }),
  fixture: { request: { unit_id: unitId }, response: { message: PAYMENT_LINKS_SENT, sent: 1 } },
});

/**
 * The rent clock's run (the workflows worker's rentChargesWorkflow, with its service token; no HTTP binding): every
 * unit's due rent charges and late fees posted by `as_of`, with their reminders and late notices. Idempotent.
 */
export const PostDueRentCharges = defineRpc({
  subject: 'pm.rpc.payments.rent-charges.post-due.v1',
  description: "the rent clock's run: every unit's due rent and late fees posted by `as_of` in each location's time zone, with their reminders and late notices; each charge once however often it runs",
  request: z.object({ as_of: z.iso.datetime() }),
  // Counts of units and of entries posted: whole numbers from 0, bounded by what the platform holds.
  response: z.object({ units: z.number().int().nonnegative(), posted: z.number().int().nonnegative() }),
  fixture: { request: { as_of: '2026-12-01T08:00:00.000Z' }, response: { units: 12, posted: 12 } },
});
