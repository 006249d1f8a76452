import { GetInboundCall, ListInboundCalls, type ResponseOf } from '@pm/contracts';
import { baseApi } from '../../app/base-api.js';
import { callOf } from '../../app/contract-endpoints.js';

export type InboundCallPage = ResponseOf<typeof ListInboundCalls>;
export type InboundCall = ResponseOf<typeof GetInboundCall>;

/** The Inbound Calls list and one call, with their transcripts. */
export const inboundCallsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getInboundCalls: build.query<InboundCallPage, { locationId: string; cursor?: string }>({
      query: ({ locationId, cursor }) => callOf(ListInboundCalls)({ location_id: locationId, limit: 50, ...(cursor ? { cursor } : {}) }),
      providesTags: [{ type: 'InboundCall', id: 'LIST' }],
    }),
    getInboundCall: build.query<InboundCall, string>({
      query: (id) => callOf(GetInboundCall)({ id }),
      providesTags: (_result, _error, id) => [{ type: 'InboundCall', id }],
    }),
  }),
});

export const { useGetInboundCallsQuery } = inboundCallsApi;
