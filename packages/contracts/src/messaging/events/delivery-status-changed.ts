import { z } from 'zod';
import { defineEvent } from '../../define.js';
import { OutboundPurposeSchema } from '../outbound.js';

/**
 * A send of messaging's outbox reached its end: the provider accepted it (`sent`) or it will never go (`failed`, after
 * its last retry or a permanent refusal). Recorded in the dispatcher's transaction that writes the outcome, so the
 * thread's Sent/Failed chip and the Sent lists change live through the notify stream. A retry scheduled in between is
 * not an outcome and is not announced. `messageId` is the thread message the send is (a reply), null for a send
 * outside a thread (an emergency notification, a bulk send).
 */
export const DeliveryStatusChanged = defineEvent({
  subject: 'pm.messaging.delivery.status-changed.v1',
  data: z.object({
    deliveryId: z.string().min(1),
    locationId: z.string().min(1),
    accountId: z.string().min(1),
    channel: z.enum(['sms', 'email']),
    purpose: OutboundPurposeSchema,
    messageId: z.string().min(1).nullable(),
    sessionId: z.string().min(1).nullable(),
    status: z.enum(['sent', 'failed']),
  }),
  fixture: {
    deliveryId: '01937b40-0a1b-7c2d-8e3f-4a5b6c7d8e02',
    locationId: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c',
    accountId: 'usr_01HZX3',
    channel: 'sms',
    purpose: 'reply',
    messageId: '01937b20-0a1b-7c2d-8e3f-4a5b6c7d8eb0',
    sessionId: '01937b20-0a1b-7c2d-8e3f-4a5b6c7d8ea0',
    status: 'sent',
  },
});
