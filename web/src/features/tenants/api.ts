import {
  CreateTenant,
  DeleteTenant,
  GetInviteTemplate,
  GetTenant,
  InviteTenants,
  ListLocationTenants,
  ListUnitTenants,
  RetrieveTenant,
  SetPrimaryTenant,
  UpdateTenant,
  UpdateTenantMetadata,
  type ResponseOf,
} from '@pm/contracts';
import { baseApi } from '../../app/base-api.js';
import { invalidatesOnSuccess, LIST_ID, providesList } from '../../app/cache-tags.js';
import { callOf } from '../../app/contract-endpoints.js';
import type { CreateTenantRequest, InviteTenantsRequest, UpdateTenantMetadataRequest, UpdateTenantRequest } from './tenant.js';

const tenantLists = [{ type: 'Tenant' as const, id: LIST_ID }];
const tenantAndLists = (id: string) => [...tenantLists, { type: 'Tenant' as const, id }];

// The location's buildings and units the tenant dialogs read are shared endpoints: app/location-data-api.ts.
export const tenantsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // Pages of tenants (`cursor` from the previous page's next_cursor); the server's page size unless `limit` is given.
    getUnitTenants: build.query<ResponseOf<typeof ListUnitTenants>, { unitId: string; cursor?: string | undefined }>({
      query: ({ unitId, cursor }) => callOf(ListUnitTenants)({ unit_id: unitId, cursor }),
      providesTags: (result) => providesList(result?.items, 'Tenant'),
    }),
    getLocationTenants: build.query<
      ResponseOf<typeof ListLocationTenants>,
      { locationId: string; archived?: boolean; cursor?: string | undefined; limit?: number | undefined; search?: string | undefined }
    >({
      // `archived` is left out (not "false") for the active tenants, as the screens have always asked; so is a blank search.
      query: ({ locationId, archived, cursor, limit, search }) =>
        callOf(ListLocationTenants)({ locationId, archived: archived || undefined, cursor, limit, search: search || undefined }),
      providesTags: (result) => providesList(result?.items, 'Tenant'),
    }),
    getTenant: build.query<ResponseOf<typeof GetTenant>, string>({
      query: (id) => callOf(GetTenant)({ id }),
      providesTags: (_result, _error, id) => [{ type: 'Tenant', id }],
    }),
    createTenant: build.mutation<ResponseOf<typeof CreateTenant>, CreateTenantRequest>({
      query: callOf(CreateTenant),
      // Spec 001 section 4: creating a tenant records hasTenant and firstTenantId in the onboarding progress.
      invalidatesTags: invalidatesOnSuccess([...tenantLists, 'OnboardingProgress']),
    }),
    updateTenant: build.mutation<ResponseOf<typeof UpdateTenant>, UpdateTenantRequest>({
      query: callOf(UpdateTenant),
      invalidatesTags: invalidatesOnSuccess((_result, { id }) => tenantAndLists(id)),
    }),
    updateTenantMetadata: build.mutation<ResponseOf<typeof UpdateTenantMetadata>, UpdateTenantMetadataRequest>({
      query: callOf(UpdateTenantMetadata),
      invalidatesTags: invalidatesOnSuccess((_result, { id }) => tenantAndLists(id)),
    }),
    deleteTenant: build.mutation<ResponseOf<typeof DeleteTenant>, string>({
      query: (id) => callOf(DeleteTenant)({ id }),
      invalidatesTags: invalidatesOnSuccess((_result, id) => tenantAndLists(id)),
    }),
    retrieveTenant: build.mutation<ResponseOf<typeof RetrieveTenant>, string>({
      query: (id) => callOf(RetrieveTenant)({ id }),
      invalidatesTags: invalidatesOnSuccess((_result, id) => tenantAndLists(id)),
    }),
    setPrimaryTenant: build.mutation<ResponseOf<typeof SetPrimaryTenant>, string>({
      query: (id) => callOf(SetPrimaryTenant)({ id }),
      // The unit's other tenants lose primary, so every list showing them refetches.
      invalidatesTags: invalidatesOnSuccess((_result, id) => tenantAndLists(id)),
    }),
    getInviteTemplate: build.query<ResponseOf<typeof GetInviteTemplate>, string>({
      query: (buildingId) => callOf(GetInviteTemplate)({ buildingId }),
      // The building's tenant-invite template, as its E-mail templates tab words it.
      providesTags: (_result, _error, buildingId) => [{ type: 'EmailTemplate', id: buildingId }],
    }),
    inviteTenants: build.mutation<ResponseOf<typeof InviteTenants>, InviteTenantsRequest>({
      query: callOf(InviteTenants),
      // Spec 001 section 4: a successful invite records that onboarding e-mails were sent.
      invalidatesTags: invalidatesOnSuccess([...tenantLists, 'OnboardingProgress']),
    }),
  }),
});

export const {
  useGetUnitTenantsQuery,
  useGetLocationTenantsQuery,
  useGetTenantQuery,
  useCreateTenantMutation,
  useUpdateTenantMutation,
  useUpdateTenantMetadataMutation,
  useDeleteTenantMutation,
  useRetrieveTenantMutation,
  useSetPrimaryTenantMutation,
  useGetInviteTemplateQuery,
  useInviteTenantsMutation,
} = tenantsApi;
