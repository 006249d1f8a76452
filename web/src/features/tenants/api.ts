import { baseApi } from '../../app/base-api.js';
import { invalidatesOnSuccess, LIST_ID, providesList } from '../../app/cache-tags.js';
import type {
  CreateTenantRequest,
  DeleteTenantResult,
  InviteTemplate,
  InviteTenantsRequest,
  InviteTenantsResult,
  LocationBuilding,
  LocationUnit,
  Tenant,
  UpdateTenantMetadataRequest,
  UpdateTenantRequest,
} from './tenant.js';

const tenantLists = [{ type: 'Tenant' as const, id: LIST_ID }];
const tenantAndLists = (id: string) => [...tenantLists, { type: 'Tenant' as const, id }];

export const tenantsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getUnitTenants: build.query<Tenant[], string>({
      query: (unitId) => ({ url: 'tenant/all', params: { unit_id: unitId } }),
      providesTags: (result) => providesList(result, 'Tenant'),
    }),
    getLocationTenants: build.query<Tenant[], { locationId: string; archived?: boolean }>({
      query: ({ locationId, archived }) => ({
        url: `tenant/location/${encodeURIComponent(locationId)}`,
        ...(archived ? { params: { archived: 'true' } } : {}),
      }),
      providesTags: (result) => providesList(result, 'Tenant'),
    }),
    getTenant: build.query<Tenant, string>({
      query: (id) => `tenant/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Tenant', id }],
    }),
    createTenant: build.mutation<Tenant, CreateTenantRequest>({
      query: (body) => ({ url: 'tenant', method: 'POST', body }),
      // Spec 001 section 4: creating a tenant records hasTenant and firstTenantId in the onboarding progress.
      invalidatesTags: invalidatesOnSuccess([...tenantLists, 'OnboardingProgress']),
    }),
    updateTenant: build.mutation<Tenant, UpdateTenantRequest>({
      query: ({ id, ...body }) => ({ url: `tenant/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: invalidatesOnSuccess((_result, { id }) => tenantAndLists(id)),
    }),
    updateTenantMetadata: build.mutation<Tenant, UpdateTenantMetadataRequest>({
      query: ({ id, ...body }) => ({ url: `tenant/${encodeURIComponent(id)}/metadata`, method: 'PUT', body }),
      invalidatesTags: invalidatesOnSuccess((_result, { id }) => tenantAndLists(id)),
    }),
    deleteTenant: build.mutation<DeleteTenantResult, string>({
      query: (id) => ({ url: `tenant/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: invalidatesOnSuccess((_result, id) => tenantAndLists(id)),
    }),
    retrieveTenant: build.mutation<Tenant, string>({
      query: (id) => ({ url: `tenant/${encodeURIComponent(id)}`, method: 'POST' }),
      invalidatesTags: invalidatesOnSuccess((_result, id) => tenantAndLists(id)),
    }),
    setPrimaryTenant: build.mutation<Tenant, string>({
      query: (id) => ({ url: `tenant/${encodeURIComponent(id)}/set-primary`, method: 'POST' }),
      // The unit's other tenants lose primary, so every list showing them refetches.
      invalidatesTags: invalidatesOnSuccess((_result, id) => tenantAndLists(id)),
    }),
    getInviteTemplate: build.query<InviteTemplate, string>({
      query: (buildingId) => `tenant/invite-template/${encodeURIComponent(buildingId)}`,
    }),
    inviteTenants: build.mutation<InviteTenantsResult, InviteTenantsRequest>({
      query: (body) => ({ url: 'tenant/invite', method: 'POST', body }),
      // Spec 001 section 4: a successful invite records that onboarding e-mails were sent.
      invalidatesTags: invalidatesOnSuccess([...tenantLists, 'OnboardingProgress']),
    }),
    // The invite dialog needs the location's first building and the add dialog the location's units; the
    // buildings and units features own those screens, these are the tenant screens' read of the same calls.
    getTenantLocationBuildings: build.query<LocationBuilding[], string>({
      query: (locationId) => ({ url: 'building/all', params: { location_id: locationId } }),
    }),
    getTenantLocationUnits: build.query<LocationUnit[], string>({
      query: (locationId) => `property-location/${encodeURIComponent(locationId)}/units`,
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
  useGetTenantLocationBuildingsQuery,
  useGetTenantLocationUnitsQuery,
} = tenantsApi;
