import { z } from 'zod';
import { ACCESS_FORBIDDEN } from '../../access/permissions.js';
import { defineRpc } from '../../define.js';
import { PAGE_LIMIT_MAX, pageRequestFields, pageSchema } from '../../page.js';
import { queryChoiceOr } from '../../query-choice.js';
import { IdRefSchema, SelectedLocationSchema } from '../../portfolio/validation.js';
import { isCleanText } from '../../text.js';
import { TicketSchema, type TicketView } from '../tickets.js';

const LOCATION_NOT_FOUND = 'Property location not found';
export const TICKET_NOT_FOUND = 'Ticket not found';
/** Spec 001 §8 (Tickets toasts): the answers of Resolve and Assign, shown as they are. */
export const TICKET_RESOLVED = 'Ticket resolved successfully';
export const TICKET_ASSIGNED = 'Ticket assigned successfully';
/** An assignee must answer the location's messages: its owner, an admin or a manager of it. */
export const TICKET_ASSIGNEE_NOT_MANAGER = 'The assignee must be a manager of this property location';
const pageErrors = ['Invalid cursor', `Limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}`];

export const TicketStatusFilterSchema = queryChoiceOr(['open', 'resolved'], 'Status must be open or resolved', 'open');

const ticketFixture: TicketView = {
  id: '01937b30-0a1b-7c2d-8e3f-4a5b6c7d8e01',
  message: 'My kitchen sink is leaking, water everywhere',
  intent: 'emergency',
  urgent: true,
  email_id: null,
  sms_id: '01937b20-0a1b-7c2d-8e3f-4a5b6c7d8e9f',
  session_id: '01937b20-0a1b-7c2d-8e3f-4a5b6c7d8ea0',
  sender_name: 'Maria Lopez',
  unit: { id: '01937a11-2d3e-7f4a-9b0c-1d2e3f4a5b6c' },
  tenant: { id: '01937a12-3e4f-7a5b-8c1d-2e3f4a5b6c7d', full_name: 'Maria Lopez', unit_id: '01937a11-2d3e-7f4a-9b0c-1d2e3f4a5b6c', building_id: '01937a10-1c2d-7e3f-8a9b-0c1d2e3f4a5b' },
  assigned_to: { id: 'usr_01HZX9', manager: { limitedUser: { full_name: 'Jordan Lee', email: 'jordan@example.com' } } },
  resolved: false,
  resolved_at: null,
  created_at: '2026-11-24T10:15:08.000Z',
};

/**
 * GET ticket/all?location_id=&status=open|resolved&limit=&cursor=: a page of the location's tickets in one column of
 * the board (open by default), newest first.
 */
export const ListTickets = defineRpc({
  subject: 'pm.rpc.messaging.ticket.list.v1',
  description: "one column of the board, newest first (keyset pages): id, message (the tenant's words), intent, urgent, `email_id` / `sms_id` (the inbound message on its channel), session, sender, unit `{ id }`, tenant, `assigned_to { id, manager.limitedUser { full_name, email } }`, resolved, resolved_at, created_at",
  access: 'message:read',
  http: { method: 'GET', path: 'ticket/all' },
  errors: { 400: ['No location selected', 'Status must be open or resolved', ...pageErrors], 404: LOCATION_NOT_FOUND, 403: ACCESS_FORBIDDEN },
  request: z.object({ location_id: SelectedLocationSchema, status: TicketStatusFilterSchema, ...pageRequestFields }),
  response: pageSchema(TicketSchema),
  fixture: { request: { location_id: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c', status: 'open', limit: 50 }, response: { items: [ticketFixture], next_cursor: null, total: 1 } },
});

/** POST ticket/{id}/resolve: the ticket moves to Resolved for good; resolving a resolved ticket changes nothing. */
export const ResolveTicket = defineRpc({
  subject: 'pm.rpc.messaging.ticket.resolve.v1',
  description: '`{ message: "Ticket resolved successfully", ticket }`; resolving again changes nothing (no second audit entry); a resolved ticket never reopens',
  access: 'message:send',
  http: { method: 'POST', path: 'ticket/:id/resolve' },
  errors: { 404: TICKET_NOT_FOUND, 403: ACCESS_FORBIDDEN },
  request: z.object({ id: IdRefSchema }),
  response: z.object({ message: z.string().max(200), ticket: TicketSchema }),
  fixture: {
    request: { id: ticketFixture.id },
    response: { message: TICKET_RESOLVED, ticket: { ...ticketFixture, resolved: true, resolved_at: '2026-11-24T11:00:00.000Z' } },
  },
});

/** POST ticket/{id}/assign { managerId }: assigns the ticket to a user who manages the location, or unassigns it (null). */
export const AssignTicket = defineRpc({
  subject: 'pm.rpc.messaging.ticket.assign.v1',
  description: '`managerId` is a user id; it must reach the location with `message:send` (its owner, an admin or a manager: 400 "The assignee must be a manager of this property location" otherwise); `null` unassigns; `{ message: "Ticket assigned successfully", ticket }`. Names come from the partner directory (else the user directory)',
  access: 'message:send',
  http: { method: 'POST', path: 'ticket/:id/assign' },
  errors: { 400: [TICKET_ASSIGNEE_NOT_MANAGER, 'Manager is required'], 404: TICKET_NOT_FOUND, 403: ACCESS_FORBIDDEN },
  request: z.object({
    id: IdRefSchema,
    // null unassigns; a missing value is a mistake rather than an unassignment.
    managerId: z
      .string({ error: 'Manager is required' })
      .trim()
      .min(1, 'Manager is required')
      .max(100, TICKET_ASSIGNEE_NOT_MANAGER)
      .refine((value) => isCleanText(value), TICKET_ASSIGNEE_NOT_MANAGER)
      .nullable(),
  }),
  response: z.object({ message: z.string().max(200), ticket: TicketSchema }),
  fixture: { request: { id: ticketFixture.id, managerId: 'usr_01HZX9' }, response: { message: TICKET_ASSIGNED, ticket: ticketFixture } },
});
