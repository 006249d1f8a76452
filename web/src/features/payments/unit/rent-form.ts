import { paymentMessages, UpdateRentDetails, type RentDetails, type RequestInputOf } from '@pm/contracts';
import type { FormRule } from 'antd';
import { contractRules } from '../../../lib/forms/contract-rules.js';
import { centsToDollarText, parseDollarsToCents } from '../../../lib/format/money.js';
import { rentTexts } from '../payment-texts.js';

/** The rent form's fields: amounts as typed (dollars, text), days as numbers, dates as YYYY-MM-DD. */
export interface RentFormValues {
  rentDollars: string;
  dueDay: number | null;
  lateFeeDollars: string;
  graceDays: number | null;
  startDate: string;
  endDate: string;
}

export const rentFormValuesOf = (details: RentDetails): RentFormValues => ({
  rentDollars: centsToDollarText(details.amount),
  dueDay: details.due_day,
  lateFeeDollars: details.late_fee === 0 ? '' : centsToDollarText(details.late_fee),
  graceDays: details.grace_period_days,
  startDate: details.start_date ?? '',
  endDate: details.end_date ?? '',
});

/** Typed dollars as the contract's cents; text that is not an amount stays text, so the rule can say so. */
const asCents = (typed: unknown) => (typeof typed === 'string' ? (parseDollarsToCents(typed) ?? typed) : typed);
/** Typed text that is not an amount is the form's to explain; what parses is judged by the contract. */
const amountMessage = (issue: { message: string }, value: unknown) => (typeof value === 'string' ? rentTexts.amountFormat : issue.message);

const shape = UpdateRentDetails.request.shape;

/** Each field's rules, from the contract's schema for it (the form's amounts in dollars, the request's in cents). */
export const rentFormRules = {
  rentDollars: contractRules(shape.amount, { required: rentTexts.amountRequired, input: asCents, message: amountMessage }),
  dueDay: contractRules(shape.due_day, { required: true }),
  lateFeeDollars: contractRules(shape.late_fee, { input: asCents, message: amountMessage }),
  graceDays: contractRules(shape.grace_period_days, { required: true }),
  startDate: contractRules(shape.start_date),
  /** The end on or after the start: a rule across two fields, in the contract's words. */
  endDate: [
    ...contractRules(shape.end_date),
    ({ getFieldValue }) => ({
      validator(_rule: unknown, value: string | undefined) {
        const start = getFieldValue('startDate') as string | undefined;
        return value && start && value < start ? Promise.reject(new Error(paymentMessages.endBeforeStart)) : Promise.resolve();
      },
    }),
  ] satisfies FormRule[],
};

/** The request for validated values: cents parsed from the typed text, never from a float. */
export function rentRequestOf(unitId: string, values: RentFormValues): RequestInputOf<typeof UpdateRentDetails> {
  const amount = parseDollarsToCents(values.rentDollars);
  if (amount === null) throw new Error('the rent amount was not validated');
  const lateFee = (values.lateFeeDollars ?? '').trim();
  return {
    id: unitId,
    amount,
    due_day: values.dueDay ?? undefined,
    late_fee: lateFee === '' ? 0 : (parseDollarsToCents(lateFee) ?? 0),
    grace_period_days: values.graceDays ?? undefined,
    ...(values.startDate ? { start_date: values.startDate } : {}),
    end_date: values.endDate || null,
  };
}
