import { z } from 'zod';
import { defineEvent } from '../../define.js';
import { limits } from '../../portfolio/validation.js';
import { TicketChangeSchema } from '../tickets.js';

/** A ticket was opened, assigned, unassigned or resolved (the Tickets board and the notify stream refresh on it). */
export const TicketChanged = defineEvent({
  subject: 'pm.messaging.ticket.changed.v1',
  data: z.object({
    ticketId: z.string().min(1),
    locationId: z.string().min(1),
    accountId: z.string().min(1),
    messageId: z.string().min(1),
    change: TicketChangeSchema,
    urgent: z.boolean(),
    /** The user now assigned, null when none. */
    assignedTo: z.string().min(1).max(limits.id).nullable(),
    /** Who made the change: a user id, or null for the system (opened from a draft). */
    by: z.string().min(1).max(limits.id).nullable(),
  }),
  fixture: {
    ticketId: '01937b30-0a1b-7c2d-8e3f-4a5b6c7d8e01',
    locationId: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c',
    accountId: 'usr_01HZX3',
    messageId: '01937b20-0a1b-7c2d-8e3f-4a5b6c7d8e9f',
    change: 'opened',
    urgent: true,
    assignedTo: null,
    by: null,
  },
});
