import { baseApi } from '../../app/base-api.js';
import { invalidatesOnSuccess } from '../../app/cache-tags.js';
import type { AccountType, SessionResponse, SessionUser } from '../../app/session-slice.js';

export interface SignUpRequest {
  full_name: string;
  email: string;
  password: string;
  confirm_password: string;
  has_accepted_terms: boolean;
  captchaToken?: string;
  campaign?: string;
  referral_metadata?: Record<string, string>;
}

export interface SignInRequest {
  email: string;
  password: string;
  captchaToken?: string;
}

export interface StoredReferral {
  id: string;
  referral_url: string;
  is_redirected: boolean;
}

export interface ReferralRequest {
  referralType: string;
  referralId: string;
  referralUrl: string;
  referralMetadata: Record<string, string>;
}

/**
 * The identity calls of the BFF (issue 3 API contract). Sign-in and refresh answer a session; the caller puts it
 * into the session slice, so the token never passes through the RTK Query cache.
 */
export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    signUp: build.mutation<{ email: string }, SignUpRequest>({
      query: (body) => ({ url: 'auth/sign-up', method: 'POST', body }),
    }),
    signIn: build.mutation<SessionResponse, SignInRequest>({
      query: (body) => ({ url: 'auth/sign-in', method: 'POST', body }),
    }),
    refreshSession: build.mutation<SessionResponse, void>({
      query: () => ({ url: 'auth/refresh', method: 'POST' }),
    }),
    startAnonymousSession: build.mutation<SessionResponse, { captchaToken?: string }>({
      query: (body) => ({ url: 'auth/anonymous', method: 'POST', body }),
    }),
    signOut: build.mutation<null, void>({
      query: () => ({ url: 'auth/sign-out', method: 'POST' }),
    }),
    resendVerification: build.mutation<{ sent: boolean }, { email: string }>({
      query: (body) => ({ url: 'auth/resend-verification', method: 'POST', body }),
    }),
    requestPasswordReset: build.mutation<{ sent: boolean }, { email: string; captchaToken?: string }>({
      query: (body) => ({ url: 'auth/forgot-password', method: 'POST', body }),
    }),
    recordResidentLogin: build.mutation<{ ok: boolean }, void>({
      query: () => ({ url: 'auth/resident-login', method: 'POST' }),
    }),
    getCurrentUser: build.query<SessionUser, void>({
      query: () => 'user/me',
      providesTags: ['CurrentUser'],
    }),
    updateAccountType: build.mutation<SessionUser, { account_type: AccountType; campaign?: string }>({
      query: (body) => ({ url: 'user/account-type', method: 'PUT', body }),
      invalidatesTags: invalidatesOnSuccess(['CurrentUser']),
    }),
    submitReferral: build.mutation<null, ReferralRequest>({
      query: (body) => ({ url: 'user/referral', method: 'POST', body }),
      invalidatesTags: invalidatesOnSuccess(['Referral']),
    }),
    getStoredReferral: build.query<StoredReferral | null, void>({
      query: () => 'user/referral',
      providesTags: ['Referral'],
    }),
    completeReferral: build.mutation<null, void>({
      query: () => ({ url: 'user/referral/complete', method: 'POST' }),
      invalidatesTags: invalidatesOnSuccess(['Referral']),
    }),
  }),
});

export const {
  useSignUpMutation,
  useSignInMutation,
  useResendVerificationMutation,
  useRequestPasswordResetMutation,
  useGetCurrentUserQuery,
  useUpdateAccountTypeMutation,
} = authApi;
