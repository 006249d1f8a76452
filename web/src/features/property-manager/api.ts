import { ListInboxItems, ListTickets, type ResponseOf } from '@pm/contracts';
import { baseApi } from '../../app/base-api.js';
import { LIST_ID } from '../../app/cache-tags.js';
import { callOf } from '../../app/contract-endpoints.js';

/** How many of the messages awaiting a reply the dashboard lists (the inbox has the rest). */
export const DASHBOARD_AWAITING_REPLY = 5;

export const propertyManagerApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // The dashboard's inbound list: the tenants' messages nobody has answered or archived yet, newest first. Tagged as
    // the inbox is, so the notify stream's live refresh and every reply or archive refresh it too.
    getAwaitingReply: build.query<ResponseOf<typeof ListInboxItems>, string>({
      query: (locationId) => callOf(ListInboxItems)({ location_id: locationId, from: 'tenants', filter: 'in_progress', limit: DASHBOARD_AWAITING_REPLY }),
      providesTags: [{ type: 'InboxItem', id: LIST_ID }],
    }),
    // Only the open column's total is shown: one ticket is enough to count them.
    getOpenTicketCount: build.query<number, string>({
      query: (locationId) => callOf(ListTickets)({ location_id: locationId, status: 'open', limit: 1 }),
      transformResponse: (page: ResponseOf<typeof ListTickets>) => page.total,
      providesTags: [{ type: 'Ticket', id: LIST_ID }],
    }),
  }),
});

export const { useGetAwaitingReplyQuery, useGetOpenTicketCountQuery } = propertyManagerApi;
