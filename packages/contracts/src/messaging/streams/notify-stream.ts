import { z } from 'zod';
import { defineStream, streamSource } from '../../define-stream.js';
import { DeliveryStatusChanged } from '../events/delivery-status-changed.js';
import { MessageDraftCompleted } from '../events/draft-completed.js';
import { MessageDraftEdited } from '../events/draft-edited.js';
import { DraftRequested } from '../events/draft-requested.js';
import { MessageReceived } from '../events/message-received.js';
import { TicketChanged } from '../events/ticket-changed.js';
import { TicketChangeSchema } from '../tickets.js';

/**
 * GET msg/notify-stream (spec 000: managers' navbar): what changed in a location's communication, so the inbox, the
 * unread badge, the dashboard and the Tickets board refresh at once instead of polling. `type` says which list is
 * stale and `status` what happened: a message `received`; a draft `pending` (asked of the AI, first or regenerated),
 * `ready`, `failed` or `edited` by the team; a send (`delivery`) `sent` or `failed` for good; a ticket `opened`,
 * `assigned`, `unassigned` or `resolved`. `message_id` is the message concerned (for a delivery, the thread message
 * it is; null for a send outside a thread). The browser refetches what it shows; nothing of the content travels here.
 */
export const MessagingNotifyStream = defineStream({
  path: 'msg/notify-stream',
  eventName: 'notify',
  data: z.object({
    type: z.enum(['message', 'draft', 'delivery', 'ticket']),
    status: z.union([z.enum(['received', 'pending', 'ready', 'failed', 'edited', 'sent']), TicketChangeSchema]),
    location_id: z.string().min(1),
    message_id: z.string().min(1).nullable(),
    ticket_id: z.string().min(1).nullable(),
    urgent: z.boolean(),
  }),
  sources: [
    streamSource(MessageReceived, {
      locationOf: ({ data }) => data.locationId,
      project: ({ data }) => ({ type: 'message' as const, status: 'received' as const, location_id: data.locationId, message_id: data.messageId, ticket_id: null, urgent: false }),
    }),
    streamSource(MessageDraftCompleted, {
      locationOf: ({ data }) => data.locationId,
      project: ({ data }) => ({ type: 'draft' as const, status: data.status, location_id: data.locationId, message_id: data.messageId, ticket_id: null, urgent: data.urgent }),
    }),
    streamSource(DraftRequested, {
      locationOf: ({ data }) => data.locationId,
      project: ({ data }) => ({ type: 'draft' as const, status: 'pending' as const, location_id: data.locationId, message_id: data.messageId, ticket_id: null, urgent: false }),
    }),
    streamSource(MessageDraftEdited, {
      locationOf: ({ data }) => data.locationId,
      project: ({ data }) => ({ type: 'draft' as const, status: 'edited' as const, location_id: data.locationId, message_id: data.messageId, ticket_id: null, urgent: false }),
    }),
    streamSource(DeliveryStatusChanged, {
      locationOf: ({ data }) => data.locationId,
      project: ({ data }) => ({ type: 'delivery' as const, status: data.status, location_id: data.locationId, message_id: data.messageId, ticket_id: null, urgent: false }),
    }),
    streamSource(TicketChanged, {
      locationOf: ({ data }) => data.locationId,
      project: ({ data }) => ({ type: 'ticket' as const, status: data.change, location_id: data.locationId, message_id: data.messageId, ticket_id: data.ticketId, urgent: data.urgent }),
    }),
  ],
  description: "A location's communication changed: a message arrived, its draft was asked for, is ready, failed or was edited, a send went out or failed for good, a ticket opened or changed. The inbox, the unread badge, the Sent lists and the Tickets board refetch on it.",
  fixture: { type: 'ticket', status: 'opened', location_id: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c', message_id: '01937b20-0a1b-7c2d-8e3f-4a5b6c7d8e9f', ticket_id: '01937b30-0a1b-7c2d-8e3f-4a5b6c7d8e01', urgent: true },
});
