import { AssignTicket, ListTickets, ResolveTicket, type RequestInputOf, type ResponseOf } from '@pm/contracts';
import { baseApi } from '../../app/base-api.js';
import { invalidatesOnSuccess, LIST_ID } from '../../app/cache-tags.js';
import { callOf } from '../../app/contract-endpoints.js';
import type { TicketStatus } from './tickets.js';

const ticketLists = [{ type: 'Ticket' as const, id: LIST_ID }];
/** One column holds at most this many cards (the call's page limit); the column's count says when there are more. */
export const TICKETS_PER_COLUMN = 200;

export const ticketsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** One column of the board: the location's open or resolved tickets, newest first. */
    getTickets: build.query<ResponseOf<typeof ListTickets>, { locationId: string; status: TicketStatus }>({
      query: ({ locationId, status }) => callOf(ListTickets)({ location_id: locationId, status, limit: TICKETS_PER_COLUMN }),
      providesTags: (result) => [...ticketLists, ...(result?.items ?? []).map((ticket) => ({ type: 'Ticket' as const, id: ticket.id }))],
    }),
    resolveTicket: build.mutation<ResponseOf<typeof ResolveTicket>, RequestInputOf<typeof ResolveTicket>>({
      query: callOf(ResolveTicket),
      // The ticket moves from one column to the other: both lists are refetched.
      invalidatesTags: invalidatesOnSuccess(ticketLists),
    }),
    assignTicket: build.mutation<ResponseOf<typeof AssignTicket>, RequestInputOf<typeof AssignTicket>>({
      query: callOf(AssignTicket),
      invalidatesTags: invalidatesOnSuccess((_result, { id }) => [{ type: 'Ticket', id }]),
    }),
  }),
});

export const { useGetTicketsQuery, useResolveTicketMutation, useAssignTicketMutation } = ticketsApi;
