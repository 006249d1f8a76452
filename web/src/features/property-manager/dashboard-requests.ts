import type { ListInboxItems, ListTickets, RequestInputOf } from '@pm/contracts';

/** How many of the messages awaiting a reply the dashboard lists (the inbox has the rest). */
export const DASHBOARD_AWAITING_REPLY = 5;

/**
 * The dashboard's inbound list: the tenants' messages nobody has answered or archived yet, newest first. The shell
 * prefetches the same request, so the card finds it in the cache.
 */
export const awaitingReplyRequest = (locationId: string): RequestInputOf<typeof ListInboxItems> => ({
  location_id: locationId,
  from: 'tenants',
  filter: 'in_progress',
  limit: DASHBOARD_AWAITING_REPLY,
});

/** Only the open column's total is shown: one ticket is enough to count them. */
export const openTicketsRequest = (locationId: string): RequestInputOf<typeof ListTickets> => ({ location_id: locationId, status: 'open', limit: 1 });
