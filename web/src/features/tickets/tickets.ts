import type { AccessRole, TicketView } from '@pm/contracts';
import { TICKET_ASSIGNED, TICKET_RESOLVED } from '@pm/contracts';

export type Ticket = TicketView;
export type TicketStatus = 'open' | 'resolved';

/** One column holds at most this many cards (the call's page limit); the column's count says when there are more. */
export const TICKETS_PER_COLUMN = 200;

/** Spec 001 §8 (Tickets toasts) and its loading error, word for word. */
export const ticketMessages = {
  resolved: TICKET_RESOLVED,
  resolveFailed: 'Failed to resolve ticket',
  assigned: TICKET_ASSIGNED,
  assignFailed: 'Failed to assign ticket',
  loadFailed: 'Failed to fetch tickets.',
  noOpen: 'No open tickets.',
  noResolved: 'No resolved tickets yet.',
} as const;

/** Resolving and assigning take `message:send` (owner, admin, manager), as the service decides. */
export function canChangeTickets(role: AccessRole | undefined): boolean {
  return role === 'OWNER' || role === 'ADMIN' || role === 'MANAGER';
}

/** The drag's payload type: only a card of this board is a ticket to drop. */
export const TICKET_DRAG_TYPE = 'application/x-pm-ticket';

/** What a dragged card carries, and whether dropping it on a column does anything (spec 001 §4). */
export function dropAction(ticket: { resolved: boolean }, column: TicketStatus): 'resolve' | 'none' {
  // Open → Resolved resolves; back to Open or within a column does nothing: a resolved ticket never reopens.
  return !ticket.resolved && column === 'resolved' ? 'resolve' : 'none';
}

const INTENT_LABELS: Record<string, string> = {
  emergency: 'Emergency',
  maintenance_request: 'Maintenance',
  payment_question: 'Payment',
  lease_question: 'Lease',
  amenity_question: 'Amenity',
  policy_question: 'Policy',
  neighbor_complaint: 'Neighbor complaint',
  move_in_out: 'Move in/out',
  general: 'General',
  other: 'Other',
};

export function intentLabel(intent: string | null): string | null {
  return intent ? (INTENT_LABELS[intent] ?? intent) : null;
}

/** Who wrote it, as the card names them. */
export function reporterOf(ticket: Ticket): string {
  return ticket.tenant?.full_name || ticket.sender_name || 'Unknown sender';
}
