import {
  type ForgotPassword,
  type RecordResidentLogin,
  type RequestInputOf,
  type ResendVerification,
  type ResponseOf,
  type SignIn,
  type SignUp,
} from '@pm/contracts';
import { baseApi } from '../../app/base-api.js';
import type { SessionResponse } from '../../app/session-slice.js';

/** The body of POST auth/sign-up; the form sends the terms box as it is (the BFF answers an unticked one with its message). */
export type SignUpRequest = Omit<RequestInputOf<typeof SignUp>['body'], 'has_accepted_terms'> & { has_accepted_terms: boolean };
export type SignInRequest = RequestInputOf<typeof SignIn>['body'];

/**
 * The identity calls of the BFF (issue 3 API contract). Sign-in and refresh answer a session; the caller puts it
 * into the session slice, so the token never passes through the RTK Query cache. The auth/… calls are the BFF's own
 * auth controller (cookies, client address), not bound contracts: their URLs are written here, their types still
 * come from the contracts.
 */
export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    signUp: build.mutation<ResponseOf<typeof SignUp>, SignUpRequest>({
      query: (body) => ({ url: 'auth/sign-up', method: 'POST', body }),
    }),
    signIn: build.mutation<SessionResponse, SignInRequest>({
      query: (body) => ({ url: 'auth/sign-in', method: 'POST', body }),
    }),
    refreshSession: build.mutation<SessionResponse, void>({
      query: () => ({ url: 'auth/refresh', method: 'POST' }),
    }),
    signOut: build.mutation<null, void>({
      query: () => ({ url: 'auth/sign-out', method: 'POST' }),
    }),
    resendVerification: build.mutation<ResponseOf<typeof ResendVerification>, RequestInputOf<typeof ResendVerification>['body']>({
      query: (body) => ({ url: 'auth/resend-verification', method: 'POST', body }),
    }),
    requestPasswordReset: build.mutation<ResponseOf<typeof ForgotPassword>, RequestInputOf<typeof ForgotPassword>['body']>({
      query: (body) => ({ url: 'auth/forgot-password', method: 'POST', body }),
    }),
    recordResidentLogin: build.mutation<ResponseOf<typeof RecordResidentLogin>, void>({
      query: () => ({ url: 'auth/resident-login', method: 'POST' }),
    }),
  }),
});

export const {
  useSignUpMutation,
  useSignInMutation,
  useResendVerificationMutation,
  useRequestPasswordResetMutation,
} = authApi;
