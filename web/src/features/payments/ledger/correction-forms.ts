import { RecordAdjustment, RefundPayment, ledgerCorrectionMessages, type RequestInputOf } from '@pm/contracts';
import type { FormRule } from 'antd';
import { contractRules } from '../../../lib/forms/contract-rules.js';
import { parseDollarsToCents } from '../../../lib/format/money.js';
import { rentTexts } from '../payment-texts.js';

const asCents = (typed: unknown) => (typeof typed === 'string' ? (parseDollarsToCents(typed) ?? typed) : typed);
const amountMessage = (issue: { message: string }, value: unknown) => (typeof value === 'string' ? rentTexts.amountFormat : issue.message);

export interface RefundValues {
  amount: string;
  reason: string;
}

/** The refund dialog's rules: the contract's, and at most what is left of the payment (`leftCents`). */
export const refundRules = (leftCents: number) => ({
  amount: [
    ...contractRules(RefundPayment.request.shape.amount, { required: rentTexts.amountRequired, input: asCents, message: amountMessage }),
    {
      validator(_rule: unknown, value: string | undefined) {
        const cents = value ? parseDollarsToCents(value) : null;
        return cents !== null && cents > leftCents ? Promise.reject(new Error(ledgerCorrectionMessages.refundTooHigh)) : Promise.resolve();
      },
    },
  ] satisfies FormRule[],
  reason: contractRules(RefundPayment.request.shape.reason),
});

export function refundRequestOf(unitId: string, paymentId: string, values: RefundValues): RequestInputOf<typeof RefundPayment> {
  const amount = parseDollarsToCents(values.amount);
  if (amount === null) throw new Error('the refund was not validated');
  const reason = (values.reason ?? '').trim();
  return { id: unitId, payment_id: paymentId, amount, ...(reason ? { reason } : {}) };
}

export interface AdjustmentValues {
  direction: 'credit' | 'charge';
  amount: string;
  description: string;
  effective_on: string;
}

const adjustmentShape = RecordAdjustment.request.shape;

/** The adjustment dialog's rules; the amount is typed without a sign (the direction says which), `today` the location's day. */
export const adjustmentRules = (today: string) => ({
  amount: [
    { required: true, message: rentTexts.amountRequired },
    {
      validator(_rule: unknown, value: string | undefined) {
        if (!value) return Promise.resolve();
        const cents = parseDollarsToCents(value);
        if (cents === null) return Promise.reject(new Error(rentTexts.amountFormat));
        const problem = adjustmentShape.amount.safeParse(cents).error?.issues[0]?.message;
        return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
      },
    },
  ] satisfies FormRule[],
  description: contractRules(adjustmentShape.description, { required: ledgerCorrectionMessages.descriptionRequired }),
  effective_on: [
    ...contractRules(adjustmentShape.effective_on, { required: rentTexts.paidOnRequired }),
    {
      validator(_rule: unknown, value: string | undefined) {
        return value && value > today ? Promise.reject(new Error(ledgerCorrectionMessages.adjustmentInFuture)) : Promise.resolve();
      },
    },
  ] satisfies FormRule[],
});

export function adjustmentRequestOf(unitId: string, values: AdjustmentValues): RequestInputOf<typeof RecordAdjustment> {
  const cents = parseDollarsToCents(values.amount);
  if (cents === null) throw new Error('the adjustment was not validated');
  return { id: unitId, amount: values.direction === 'credit' ? -cents : cents, description: values.description.trim(), effective_on: values.effective_on };
}
