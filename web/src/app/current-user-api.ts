import {
  ChangePassword,
  CompleteReferral,
  CreateReferral,
  GetCurrentUser,
  GetReferral,
  GetUserProperty,
  SetAccountType,
  SetUserPropertyByAddress,
  UpdateFullName,
  UpdatePhone,
  type RequestInputOf,
  type ResponseOf,
} from '@pm/contracts';
import { baseApi } from './base-api.js';
import { invalidatesOnSuccess, LIST_ID } from './cache-tags.js';
import { callOf } from './contract-endpoints.js';

/**
 * The signed-in user's own calls (user/…): who they are, the account settings (spec 7: PUT user/full_name,
 * user/password, user/phone), the account type and the stored referral. Shared by the auth, account and onboarding
 * features.
 */
export const currentUserApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCurrentUser: build.query<ResponseOf<typeof GetCurrentUser>, void>({
      query: () => callOf(GetCurrentUser)({}),
      providesTags: ['CurrentUser'],
    }),
    updateAccountType: build.mutation<ResponseOf<typeof SetAccountType>, RequestInputOf<typeof SetAccountType>>({
      query: callOf(SetAccountType),
      invalidatesTags: invalidatesOnSuccess(['CurrentUser']),
    }),
    // Answers 201 with the stored referral; the screens only need to know it was kept.
    submitReferral: build.mutation<ResponseOf<typeof CreateReferral>, RequestInputOf<typeof CreateReferral>>({
      query: callOf(CreateReferral),
      invalidatesTags: invalidatesOnSuccess(['Referral']),
    }),
    getStoredReferral: build.query<ResponseOf<typeof GetReferral>, void>({
      query: () => callOf(GetReferral)({}),
      providesTags: ['Referral'],
    }),
    // Answers 204: no body.
    completeReferral: build.mutation<null, void>({
      query: () => callOf(CompleteReferral)({}),
      invalidatesTags: invalidatesOnSuccess(['Referral']),
    }),
    updateFullName: build.mutation<ResponseOf<typeof UpdateFullName>, RequestInputOf<typeof UpdateFullName>>({
      query: callOf(UpdateFullName),
      invalidatesTags: invalidatesOnSuccess(['CurrentUser']),
    }),
    // Answers 204: no body.
    updatePassword: build.mutation<null, RequestInputOf<typeof ChangePassword>>({
      query: callOf(ChangePassword),
    }),
    updatePhone: build.mutation<ResponseOf<typeof UpdatePhone>, RequestInputOf<typeof UpdatePhone>>({
      query: callOf(UpdatePhone),
      invalidatesTags: invalidatesOnSuccess(['CurrentUser']),
    }),
    // The home the Terri chat answers about (spec 000 §7), one of the user's own locations: 404 until an address is given.
    getUserProperty: build.query<ResponseOf<typeof GetUserProperty>, void>({
      query: () => callOf(GetUserProperty)({}),
      providesTags: [{ type: 'PropertyLocation', id: LIST_ID }],
    }),
    setUserPropertyByAddress: build.mutation<ResponseOf<typeof SetUserPropertyByAddress>, RequestInputOf<typeof SetUserPropertyByAddress>>({
      query: callOf(SetUserPropertyByAddress),
      invalidatesTags: invalidatesOnSuccess([{ type: 'PropertyLocation', id: LIST_ID }]),
    }),
  }),
});

export const {
  useGetCurrentUserQuery,
  useUpdateAccountTypeMutation,
  useUpdateFullNameMutation,
  useUpdatePasswordMutation,
  useUpdatePhoneMutation,
  useGetStoredReferralQuery,
  useCompleteReferralMutation,
  useGetUserPropertyQuery,
  useSetUserPropertyByAddressMutation,
} = currentUserApi;
