import {
  GetBuildingSignature,
  ListBuildingEmailTemplates,
  UpdateBuildingEmailTemplate,
  UpdateBuildingSignature,
  type RequestInputOf,
  type ResponseOf,
} from '@pm/contracts';
import { baseApi } from '../../app/base-api.js';
import { invalidatesOnSuccess } from '../../app/cache-tags.js';
import { callOf } from '../../app/contract-endpoints.js';

/**
 * A building's e-mail templates and signature (spec 001 §3, §7). A save answers the saved version, which replaces the
 * cached one; the invite dialog's copy of the tenant-invite template is asked for again.
 */
export const emailTemplatesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listBuildingEmailTemplates: build.query<ResponseOf<typeof ListBuildingEmailTemplates>, string>({
      query: (id) => callOf(ListBuildingEmailTemplates)({ id }),
    }),
    updateBuildingEmailTemplate: build.mutation<ResponseOf<typeof UpdateBuildingEmailTemplate>, RequestInputOf<typeof UpdateBuildingEmailTemplate>>({
      query: callOf(UpdateBuildingEmailTemplate),
      // The invite dialog reads the building's tenant-invite template through its own call.
      invalidatesTags: invalidatesOnSuccess((_result, { id }) => [{ type: 'EmailTemplate', id }]),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const { data: saved } = await queryFulfilled.catch(() => ({ data: null }));
        if (!saved) return;
        dispatch(
          emailTemplatesApi.util.updateQueryData('listBuildingEmailTemplates', id, (templates) =>
            templates.map((template) => (template.slug === saved.slug ? saved : template)),
          ),
        );
      },
    }),
    getBuildingSignature: build.query<ResponseOf<typeof GetBuildingSignature>, string>({
      query: (id) => callOf(GetBuildingSignature)({ id }),
    }),
    updateBuildingSignature: build.mutation<ResponseOf<typeof UpdateBuildingSignature>, RequestInputOf<typeof UpdateBuildingSignature>>({
      query: callOf(UpdateBuildingSignature),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const { data: saved } = await queryFulfilled.catch(() => ({ data: null }));
        if (saved) dispatch(emailTemplatesApi.util.upsertQueryData('getBuildingSignature', id, saved));
      },
    }),
  }),
});

export const { useListBuildingEmailTemplatesQuery, useUpdateBuildingEmailTemplateMutation, useGetBuildingSignatureQuery, useUpdateBuildingSignatureMutation } =
  emailTemplatesApi;
