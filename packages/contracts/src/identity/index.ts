export * from './user.js';
export * from './messages.js';
export * from './validation.js';
export * from './events/user-registered.js';
export * from './events/account-type-changed.js';
export * from './events/anonymous-user-linked.js';
export * from './rpc/sign-up.js';
export * from './rpc/email-verification.js';
export * from './rpc/session.js';
export * from './rpc/password-recovery.js';
export * from './rpc/google-sign-in.js';
export * from './rpc/account.js';
export * from './rpc/referral.js';
export * from './rpc/service-token.js';

import { AccountTypeChanged } from './events/account-type-changed.js';
import { AnonymousUserLinked } from './events/anonymous-user-linked.js';
import { UserRegistered } from './events/user-registered.js';
import { ChangePassword, GetCurrentUser, RecordResidentLogin, SetAccountType, UpdateFullName, UpdatePhone } from './rpc/account.js';
import { ResendVerification, VerifyEmail } from './rpc/email-verification.js';
import { CompleteGoogleSignIn, StartGoogleSignIn } from './rpc/google-sign-in.js';
import { ForgotPassword, RecoverPassword } from './rpc/password-recovery.js';
import { CompleteReferral, CreateReferral, GetReferral } from './rpc/referral.js';
import { RefreshSession, SignIn, SignInAnonymously, SignOut } from './rpc/session.js';
import { IssueServiceToken } from './rpc/service-token.js';
import { SignUp } from './rpc/sign-up.js';

/** The identity context's events and requests, for the platform registry. */
export const identityEvents = [UserRegistered, AccountTypeChanged, AnonymousUserLinked] as const;
export const identityRequests = [
  SignUp,
  ResendVerification,
  VerifyEmail,
  SignIn,
  SignInAnonymously,
  RefreshSession,
  SignOut,
  ForgotPassword,
  RecoverPassword,
  StartGoogleSignIn,
  CompleteGoogleSignIn,
  GetCurrentUser,
  UpdateFullName,
  UpdatePhone,
  ChangePassword,
  SetAccountType,
  RecordResidentLogin,
  CreateReferral,
  GetReferral,
  CompleteReferral,
  IssueServiceToken,
] as const;
