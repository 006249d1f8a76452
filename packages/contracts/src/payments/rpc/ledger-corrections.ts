import { z } from 'zod';
import { ACCESS_FORBIDDEN } from '../../access/permissions.js';
import { defineRpc } from '../../define.js';
import { IdRefSchema } from '../../portfolio/validation.js';
import { rawText, textMessages } from '../../text.js';
import { RENT_CENTS_MAX, UnitLedgerSchema, centsSchema, paymentMessages as m, plainDaySchema } from '../rent.js';

/**
 * Corrections a manager makes to a unit's ledger from the console, each a new entry (nothing recorded is changed):
 * a refund of a payment, given back through the provider for a payment made through it (the provider's webhook then
 * records it, as every money movement) or recorded at once for one received by hand; and an adjustment, a charge or a
 * credit with its reason.
 */

/** Our words: the spec has no refund or adjustment. */
export const ledgerCorrectionMessages = {
  paymentNotFound: 'Payment not found',
  stillProcessing: 'This payment is still processing: it can be refunded once the bank has settled it',
  nothingToRefund: 'Nothing is left of this payment to refund',
  refundTooHigh: 'The refund is more than what is left of this payment',
  adjustmentZero: 'An adjustment must be a charge or a credit of at least one cent',
  adjustmentInFuture: 'An adjustment cannot be dated after today',
  descriptionRequired: 'Description is required',
  refundRequested: 'Refund requested: it shows in the ledger once the payment provider confirms it',
  refundRecorded: 'Refund recorded',
} as const;
const c = ledgerCorrectionMessages;

const unitId = '01937a11-2d3e-7f4a-9b0c-1d2e3f4a5b6c';
const ledgerFixture = {
  unit_id: unitId,
  balance: 185_000,
  processing: 0,
  total_lines: 2,
  lines: [
    { entry_id: `rent:${unitId}:2026-12`, date: '2026-12-01', kind: 'charge' as const, description: 'December 2026 rent', amount: 185_000, balance: 185_000, status: null, method: null },
    { entry_id: 'adjustment:01937a11-0000-7000-8000-000000000001', date: '2026-12-03', kind: 'adjustment' as const, description: 'Credit for the broken dishwasher', amount: -5_000, balance: 180_000, status: null, method: null },
  ],
};

/** A ledger entry id as the ledger answers it (`stripe:pi_…`, `manual:<uuid>`). */
const PaymentEntryIdSchema = rawText('Payment', 200, { required: c.paymentNotFound }).regex(/^[a-z]+:[A-Za-z0-9_:-]+$/, c.paymentNotFound);

/**
 * POST unit/{id}/refund: gives back part or all of what is left of a payment. Through the provider for one made
 * through it (the refund shows once its webhook arrives; the connected account's transfer is reversed), recorded at
 * once for one received by hand. A payment still processing cannot be refunded.
 */
export const RefundPayment = defineRpc({
  subject: 'pm.rpc.payments.payment.refund.v1',
  description: `refunds part or all of what is left of a payment: through the payment provider for one made through it (shown once the provider's webhook confirms it; \`refund.status\` \`requested\`), recorded at once for one received by hand (\`recorded\`). 201; takes \`Idempotency-Key\`. 409 while the payment is processing, or above what is left of it; 502 when the provider cannot be reached (nothing is recorded)`,
  access: 'payment:write',
  http: { method: 'POST', path: 'unit/:id/refund', status: 201, idempotent: true, timeoutMs: 30_000 },
  errors: {
    400: [m.amountNotPositive, m.amountTooHigh, c.paymentNotFound, textMessages.tooLong('Reason', 500)],
    404: [m.unitNotFound, c.paymentNotFound],
    409: [c.stillProcessing, c.nothingToRefund, c.refundTooHigh],
    502: m.providerUnavailable,
    403: ACCESS_FORBIDDEN,
  },
  request: z.object({ id: IdRefSchema, payment_id: PaymentEntryIdSchema, amount: centsSchema(), reason: rawText('Reason', 500).optional() }),
  response: z.object({ refund: z.object({ status: z.enum(['requested', 'recorded']), message: z.string().max(200) }), ledger: UnitLedgerSchema }),
  fixture: {
    request: { id: unitId, payment_id: 'manual:01937a11-0000-7000-8000-000000000002', amount: 5_000, reason: 'Overpaid' },
    response: { refund: { status: 'recorded', message: c.refundRecorded }, ledger: ledgerFixture },
  },
});

/** POST unit/{id}/adjustment: a charge (positive) or a credit (negative) with its reason, on a day up to today. */
export const RecordAdjustment = defineRpc({
  subject: 'pm.rpc.payments.adjustment.record.v1',
  description:
    "adds an adjustment to the unit's ledger: a charge (a positive amount in cents) or a credit (negative), with its description, dated up to today in the location's time zone. 201; takes `Idempotency-Key`",
  access: 'payment:write',
  http: { method: 'POST', path: 'unit/:id/adjustment', status: 201, idempotent: true },
  errors: { 400: [c.adjustmentZero, m.amountTooHigh, c.descriptionRequired, textMessages.tooLong('Description', 200), m.invalidDate, m.dateOutOfRange, c.adjustmentInFuture], 404: m.unitNotFound, 403: ACCESS_FORBIDDEN },
  request: z.object({
    id: IdRefSchema,
    amount: z
      .number({ error: c.adjustmentZero })
      .int(c.adjustmentZero)
      .min(-RENT_CENTS_MAX, m.amountTooHigh)
      .max(RENT_CENTS_MAX, m.amountTooHigh)
      .refine((cents) => cents !== 0, c.adjustmentZero),
    description: rawText('Description', 200, { required: c.descriptionRequired }).refine((text) => text.trim().length > 0, c.descriptionRequired),
    effective_on: plainDaySchema(),
  }),
  response: UnitLedgerSchema,
  fixture: { request: { id: unitId, amount: -5_000, description: 'Credit for the broken dishwasher', effective_on: '2026-12-03' }, response: ledgerFixture },
});
