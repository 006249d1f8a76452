import { GetUserProperty, SetUserPropertyByAddress, type RequestInputOf, type ResponseOf } from '@pm/contracts';
import { baseApi } from './base-api.js';
import { invalidatesOnSuccess, LIST_ID } from './cache-tags.js';
import { callOf } from './contract-endpoints.js';

// The user's own identity calls (user/…) are generated: app/generated/identity-api.ts.
export const currentUserApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
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

export const { useGetUserPropertyQuery, useSetUserPropertyByAddressMutation } = currentUserApi;
