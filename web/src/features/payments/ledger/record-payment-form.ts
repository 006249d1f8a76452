import { MANUAL_PAYMENT_METHODS, paymentMessages, RecordPayment, type RequestInputOf } from '@pm/contracts';
import type { FormRule } from 'antd';
import { contractRules } from '../../../lib/forms/contract-rules.js';
import { parseDollarsToCents } from '../../../lib/format/money.js';
import { rentTexts } from '../payment-texts.js';
import { paymentMethodLabels } from '../rent-format.js';

export interface RecordPaymentValues {
  amount: string;
  method: (typeof MANUAL_PAYMENT_METHODS)[number] | undefined;
  paid_on: string;
  reference: string;
}

/** Spec 001 §9 payment methods, in its order. */
export const manualMethodOptions = MANUAL_PAYMENT_METHODS.map((method) => ({ value: method, label: paymentMethodLabels[method] }));

const asCents = (typed: unknown) => (typeof typed === 'string' ? (parseDollarsToCents(typed) ?? typed) : typed);
const shape = RecordPayment.request.shape;

/** The dialog's rules, from the contract's schema for each field; `today` is the location's day (no later payment). */
export const recordPaymentRules = (today: string) => ({
  amount: contractRules(shape.amount, {
    required: rentTexts.amountRequired,
    input: asCents,
    message: (issue, value) => (typeof value === 'string' ? rentTexts.amountFormat : issue.message),
  }),
  method: contractRules(shape.method, { required: rentTexts.methodRequired }),
  paid_on: [
    ...contractRules(shape.paid_on, { required: rentTexts.paidOnRequired }),
    {
      validator(_rule: unknown, value: string | undefined) {
        return value && value > today ? Promise.reject(new Error(paymentMessages.paidInFuture)) : Promise.resolve();
      },
    },
  ] satisfies FormRule[],
  reference: contractRules(shape.reference),
});

export function recordPaymentRequestOf(unitId: string, values: RecordPaymentValues): RequestInputOf<typeof RecordPayment> {
  const amount = parseDollarsToCents(values.amount);
  if (amount === null || values.method === undefined) throw new Error('the payment was not validated');
  const reference = (values.reference ?? '').trim();
  return { id: unitId, amount, method: values.method, paid_on: values.paid_on, ...(reference ? { reference } : {}) };
}
