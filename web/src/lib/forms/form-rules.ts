import { EmailSchema, identityMessages, MIN_PASSWORD_LENGTH, NewPasswordSchema } from '@pm/contracts';
import type { FormInstance, FormRule } from 'antd';
import type { ZodType } from 'zod';
import { contractRules } from './contract-rules.js';

/** The validation messages of spec section 5, as the contracts name them, and the web's own helper text. */
export const messages = {
  ...identityMessages,
  passwordHelper: `Must be at least ${MIN_PASSWORD_LENGTH} characters`,
} as const;

export const emailRules: FormRule[] = contractRules(EmailSchema);

/** Sign-up and reset: required, then at least 8 characters. */
export const newPasswordRules: FormRule[] = contractRules(NewPasswordSchema);

/**
 * A confirmation field: required (by the contract's schema for it, or, where the request has none, with the form's
 * message), then equal to the `password` field, which only the form can check field by field.
 */
export function confirmPasswordRules(required: ZodType | string): FormRule[] {
  return [
    ...(typeof required === 'string' ? [{ required: true, message: required }] : contractRules(required, { required: true })),
    ({ getFieldValue }: Pick<FormInstance, 'getFieldValue'>) => ({
      validator(_rule: unknown, value: unknown) {
        if (!value || value === getFieldValue('password')) return Promise.resolve();
        return Promise.reject(new Error(messages.passwordsDoNotMatch));
      },
    }),
  ];
}
