import { z } from 'zod';
import { ACCESS_FORBIDDEN } from '../../access/permissions.js';
import { defineRpc } from '../../define.js';
import { IdRefSchema, limits } from '../../portfolio/validation.js';
import { rawText } from '../../text.js';
import { LedgerDescriptionSchema, PaymentMethodNameSchema, PaymentStatusSchema, PeriodSchema, TimeZoneNameSchema, entryCents, paymentMessages as m, sumCents } from '../rent.js';

/** Our words: the spec has no owner statement. */
export const ownerStatementMessages = {
  month: 'Month must be YYYY-MM, from 2000-01 to 2099-12',
  futureMonth: 'A statement can only be made for this month or an earlier one',
} as const;

/** A month as the statement takes it (YYYY-MM), 2000–2099 as every rent date. */
export const StatementMonthSchema = rawText('Month', 7, { required: ownerStatementMessages.month })
  .regex(/^20[0-9]{2}-(0[1-9]|1[0-2])$/, ownerStatementMessages.month);

const StatementUnitSchema = z.object({
  unit_id: z.string(),
  building_name: z.string().max(limits.name),
  unit_name: z.string().max(limits.unitName),
  /** What was owed when the month began. */
  opening_balance: sumCents(),
  /** Rent, late fees and charges dated in the month (returned payments count as charges: the money came back). */
  charged: sumCents().nonnegative(),
  /** Payments, credits and refunds' opposite dated in the month. */
  credited: sumCents().nonnegative(),
  /** What was owed when the month ended: opening + charged − credited. */
  closing_balance: sumCents(),
  /** Payments dated in the month that arrived, less returns and refunds. */
  collected: sumCents().nonnegative(),
  /** Payments dated in the month still clearing (ACH). */
  processing: sumCents().nonnegative(),
});

const StatementPaymentSchema = z.object({
  date: z.iso.date(),
  unit_name: z.string().max(limits.name + limits.unitName + 10),
  method: PaymentMethodNameSchema,
  amount: entryCents(),
  status: PaymentStatusSchema,
  description: LedgerDescriptionSchema,
});

export const OwnerStatementSchema = z.object({
  location: z.object({ id: z.string(), name: z.string().max(limits.name), time_zone: TimeZoneNameSchema }),
  month: PeriodSchema,
  /** When it was made (the month may still be running). */
  generated_at: z.iso.datetime(),
  units: z.array(StatementUnitSchema),
  payments: z.array(StatementPaymentSchema),
  totals: z.object({ opening_balance: sumCents(), charged: sumCents(), credited: sumCents(), closing_balance: sumCents(), collected: sumCents(), processing: sumCents() }),
});
export type OwnerStatement = z.infer<typeof OwnerStatementSchema>;

const locationId = '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c';
const unitRow = { unit_id: '01937a11-2d3e-7f4a-9b0c-1d2e3f4a5b6c', building_name: 'Building A', unit_name: '2B', opening_balance: 0, charged: 185_000, credited: 185_000, closing_balance: 0, collected: 185_000, processing: 0 };

/**
 * GET property-location/{id}/owner-statement?month=YYYY-MM: the month's statement for the location's owner: per unit
 * what was owed at the start, charged, credited and owed at the end, what was collected and what is still clearing,
 * and every payment dated in the month, in the location's time zone. The BFF renders it as the PDF and CSV download.
 */
export const GetOwnerStatement = defineRpc({
  subject: 'pm.rpc.payments.owner-statement.get.v1',
  description:
    "the month's owner statement for a location (its time zone): per unit with rent, the opening balance, charges, credits and closing balance, the rent collected and still clearing, and every payment dated in the month; the BFF's `property-location/{id}/owner-statement/export` renders it as PDF or CSV",
  access: 'payment:read',
  http: { method: 'GET', path: 'property-location/:id/owner-statement' },
  errors: { 400: [ownerStatementMessages.month, ownerStatementMessages.futureMonth], 404: m.locationNotFound, 403: ACCESS_FORBIDDEN },
  request: z.object({ id: IdRefSchema, month: StatementMonthSchema }),
  response: OwnerStatementSchema,
  fixture: {
    request: { id: locationId, month: '2026-11' },
    response: {
      location: { id: locationId, name: 'Maple Court', time_zone: 'America/Chicago' },
      month: '2026-11',
      generated_at: '2026-12-07T18:00:00.000Z',
      units: [unitRow],
      payments: [{ date: '2026-11-02', unit_name: 'Building A, 2B', method: 'check', amount: 185_000, status: 'completed', description: 'Payment (check): Check 1042' }],
      totals: { opening_balance: 0, charged: 185_000, credited: 185_000, closing_balance: 0, collected: 185_000, processing: 0 },
    },
  },
});
