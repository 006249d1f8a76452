import { ChangePassword, UpdateFullName, UpdatePhone, type RequestInputOf, type ResponseOf } from '@pm/contracts';
import { baseApi } from '../../app/base-api.js';
import { invalidatesOnSuccess } from '../../app/cache-tags.js';
import { callOf } from '../../app/contract-endpoints.js';

/** Account settings calls (spec 7: PUT user/full_name, user/password, user/phone). */
export const accountApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
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
  }),
});

export const { useUpdateFullNameMutation, useUpdatePasswordMutation, useUpdatePhoneMutation } = accountApi;
