import { GetTenantWelcome, type ResponseOf } from '@pm/contracts';
import { baseApi } from '../../app/base-api.js';
import { callOf } from '../../app/contract-endpoints.js';

/** The public landing page of a tenant invitation link: the token in the link is all it needs. */
export const tenantWelcomeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getTenantWelcome: build.query<ResponseOf<typeof GetTenantWelcome>, string>({
      query: (token) => callOf(GetTenantWelcome)({ token }),
    }),
  }),
});

export const { useGetTenantWelcomeQuery } = tenantWelcomeApi;
