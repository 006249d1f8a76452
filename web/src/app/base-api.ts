import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { queryStringOf } from '@pm/contracts';
import { createRequestId } from '../lib/http/create-request-id.js';
import { refreshOutcomeOf, renewAfterRejection } from './session-renewal.js';
import { selectAccessToken } from './session-slice.js';
import type { RootState } from './store.js';
import { tagTypes } from './tag-types.js';

const bffQuery = fetchBaseQuery({
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
});

const isAuthCall = (args: string | FetchArgs) => (typeof args === 'string' ? args : args.url).startsWith('auth/');

/**
 * The BFF call, and once more after a 401 to a request sent with an access token that has since been renewed (an
 * expired token, a tab that slept): the renewal is the page's one shared refresh (session-renewal.ts), so a burst of
 * 401s costs one refresh. The auth calls answer 401 for their own reasons and are never retried.
 */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extraOptions) => {
  const sentWith = selectAccessToken(api.getState() as RootState);
  const result = await bffQuery(args, api, extraOptions);
  if (result.error?.status !== 401 || sentWith === null || isAuthCall(args)) return result;
  const refresh = async () => refreshOutcomeOf(await bffQuery({ url: 'auth/refresh', method: 'POST' }, api, extraOptions));
  if (!(await renewAfterRejection(api.dispatch, api.getState, sentWith, refresh))) return result;
  return bffQuery(args, api, extraOptions);
};

/**
 * The one RTK Query API of the app. Features add their endpoints with `baseApi.injectEndpoints` in their own
 * api.ts, so there is a single cache, a single middleware and one place that decides how the BFF is called.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes,
  // The spec's cache policy: data lives five minutes and a focused window does not refetch.
  keepUnusedDataFor: 300,
  refetchOnFocus: false,
  endpoints: () => ({}),
});
