/*
 * Identity's spec messages (spec 001 section 5), word for word, named once. This module imports nothing, so the web's
 * public pages can show them without downloading a schema.
 */
export const identityMessages = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  passwordRequired: 'Password is required',
  confirmRequired: 'Confirm Password is required',
  passwordsDoNotMatch: 'Passwords do not match',
  termsRequired: 'You must agree to the terms and conditions',
  captchaRequired: 'Captcha Token is required',
  fullNameRequired: 'Full Name is required',
  phoneRequired: 'Phone Number is required',
  accountPasswordTooShort: 'Password must be at least 8 characters',
  resetConfirmRequired: 'Please confirm your password',
  currentPasswordRequired: 'Current password is required',
  currentPasswordIncorrect: 'Current password is incorrect',
  noPasswordYet: 'Your account has no password yet. Use "Forgot password" on the login page to set one.',
  invalidLogin: 'Invalid login credentials',
  emailNotConfirmed: 'Email not confirmed',
  alreadyRegistered: 'User already registered',
  tooManyRequests: 'Too many requests. Please try again in a minute.',
} as const;

/** The shortest password sign-up, reset and the account page accept. */
export const MIN_PASSWORD_LENGTH = 8;
