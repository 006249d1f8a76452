import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { queryStringOf } from '@pm/contracts';
import { createRequestId } from '../lib/http/create-request-id.js';
import { selectAccessToken } from './session-slice.js';
import type { RootState } from './store.js';
import { tagTypes } from './tag-types.js';

/**
 * The one RTK Query API of the app. Features add their endpoints with `baseApi.injectEndpoints` in their own
 * api.ts, so there is a single cache, a single middleware and one place that decides how the BFF is called.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({
    baseUrl: '/api',
    // Lists as the parameter repeated, as the BFF's OpenAPI document has them (RTK's default joins them with commas).
    paramsSerializer: queryStringOf,
    prepareHeaders(headers, { getState }) {
      const accessToken = selectAccessToken(getState() as RootState);
      if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`);
      // Lets a failing screen be traced through the BFF and every service it fanned out to.
      headers.set('x-request-id', createRequestId());
      return headers;
    },
  }),
  tagTypes,
  // The spec's cache policy: data lives five minutes and a focused window does not refetch.
  keepUnusedDataFor: 300,
  refetchOnFocus: false,
  endpoints: () => ({}),
});
