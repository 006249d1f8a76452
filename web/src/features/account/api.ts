import { baseApi } from '../../app/base-api.js';
import { invalidatesOnSuccess } from '../../app/cache-tags.js';
import type { SessionUser } from '../../app/session-slice.js';

/** Account settings calls (spec 7: PUT user/full_name, user/password, user/phone). */
export const accountApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    updateFullName: build.mutation<SessionUser, { full_name: string }>({
      query: (body) => ({ url: 'user/full_name', method: 'PUT', body }),
      invalidatesTags: invalidatesOnSuccess(['CurrentUser']),
    }),
    updatePassword: build.mutation<null, { password: string; confirm_password: string }>({
      query: (body) => ({ url: 'user/password', method: 'PUT', body }),
    }),
    updatePhone: build.mutation<SessionUser, { phone: string }>({
      query: (body) => ({ url: 'user/phone', method: 'PUT', body }),
      invalidatesTags: invalidatesOnSuccess(['CurrentUser']),
    }),
  }),
});

export const { useUpdateFullNameMutation, useUpdatePasswordMutation, useUpdatePhoneMutation } = accountApi;
