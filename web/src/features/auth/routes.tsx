import type { RouteObject } from 'react-router';
import { LoginPage } from './log-in/LoginPage.js';
import { LogoutPage } from './log-out/LogoutPage.js';
import { ResetPasswordPage } from './reset-password/ResetPasswordPage.js';
import { SignUpPage } from './sign-up/SignUpPage.js';
import { VerifyEmailPage } from './verify-email/VerifyEmailPage.js';

/** The public authentication screens (spec 2.1), shown inside the public shell. */
export const authRoutes: RouteObject[] = [
  { path: 'login', Component: LoginPage },
  { path: 'signup', Component: SignUpPage },
  { path: 'verify-email/:email', Component: VerifyEmailPage },
  { path: 'reset-password', Component: ResetPasswordPage },
  { path: 'logout', Component: LogoutPage },
];
