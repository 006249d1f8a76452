import { GetInviteTemplate, type ResponseOf } from '@pm/contracts';
import { baseApi } from '../../app/base-api.js';
import { callOf } from '../../app/contract-endpoints.js';

// The tenants' calls are generated (app/generated/portfolio-api.ts); the invite dialog reads messaging's template.
export const tenantsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getInviteTemplate: build.query<ResponseOf<typeof GetInviteTemplate>, string>({
      query: (buildingId) => callOf(GetInviteTemplate)({ buildingId }),
      // The building's tenant-invite template, as its E-mail templates tab words it.
      providesTags: (_result, _error, buildingId) => [{ type: 'EmailTemplate', id: buildingId }],
    }),
  }),
});

export const { useGetInviteTemplateQuery } = tenantsApi;
