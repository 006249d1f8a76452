import type { FormInstance, FormRule } from 'antd';

/** The validation messages of spec section 5, word for word. */
export const messages = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordHelper: 'Must be at least 8 characters',
  confirmPasswordRequired: 'Confirm Password is required',
  confirmResetRequired: 'Please confirm your password',
  passwordsDoNotMatch: 'Passwords do not match',
  termsRequired: 'You must agree to the terms and conditions',
  captchaRequired: 'Captcha Token is required',
  fullNameRequired: 'Full Name is required',
  phoneRequired: 'Phone Number is required',
} as const;

export const MIN_PASSWORD_LENGTH = 8;

// "Simple pattern": something@something.something, no spaces.
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailRules: FormRule[] = [
  { required: true, whitespace: true, message: messages.emailRequired },
  { pattern: emailPattern, message: messages.emailInvalid },
];

/** Sign-up and reset: required, then at least 8 characters. */
export const newPasswordRules: FormRule[] = [
  { required: true, message: messages.passwordRequired },
  { min: MIN_PASSWORD_LENGTH, message: messages.passwordTooShort },
];

/** A confirmation field that must equal the `password` field. */
export function confirmPasswordRules(requiredMessage: string): FormRule[] {
  return [
    { required: true, message: requiredMessage },
    ({ getFieldValue }: Pick<FormInstance, 'getFieldValue'>) => ({
      validator(_rule: unknown, value: unknown) {
        if (!value || value === getFieldValue('password')) return Promise.resolve();
        return Promise.reject(new Error(messages.passwordsDoNotMatch));
      },
    }),
  ];
}
