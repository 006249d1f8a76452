import { z } from 'zod';
import { defineEvent } from '../../define.js';
import { LocationScopeSchema } from '../../portfolio/property-location.js';
import { InboundMediaSchema, messagingLimits } from '../inbound.js';

/**
 * A tenant (or an unknown sender) wrote to a location, and the message is stored: drafting, the inbox and
 * notifications start from here. `tenantId` is null when the sender's address is no tenant's of the location.
 */
export const MessageReceived = defineEvent({
  subject: 'pm.messaging.message.received.v1',
  data: LocationScopeSchema.extend({
    messageId: z.string().min(1),
    sessionId: z.string().min(1),
    channel: z.enum(['sms', 'email']),
    provider: z.string().min(1).max(50),
    externalId: z.string().min(1).max(messagingLimits.externalId),
    from: z.string().min(1).max(messagingLimits.address),
    to: z.string().min(1).max(messagingLimits.address),
    tenantId: z.string().min(1).nullable(),
    buildingId: z.string().min(1).nullable(),
    senderName: z.string().max(200).nullable(),
    body: z.string().max(messagingLimits.smsBody),
    media: z.array(InboundMediaSchema).max(messagingLimits.media),
    receivedAt: z.iso.datetime(),
  }),
  fixture: {
    locationId: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c',
    accountId: 'usr_01HZX3',
    ownerUserId: 'usr_01HZX3',
    messageId: '01937b20-0a1b-7c2d-8e3f-4a5b6c7d8e9f',
    sessionId: '01937b20-0a1b-7c2d-8e3f-4a5b6c7d8ea0',
    channel: 'sms',
    provider: 'sandbox',
    externalId: 'SM0123456789abcdef0123456789abcdef',
    from: '+15551234567',
    to: '+14155550123',
    tenantId: '01937a12-3e4f-7a5b-8c1d-2e3f4a5b6c7d',
    buildingId: '01937a10-1c2d-7e3f-8a9b-0c1d2e3f4a5b',
    senderName: 'Maria Lopez',
    body: 'My kitchen sink is leaking, water everywhere',
    media: [{ url: 'https://api.twilio.com/2010-04-01/Accounts/AC0/Messages/MM0/Media/ME0', contentType: 'image/jpeg' }],
    receivedAt: '2026-11-24T10:15:00.000Z',
  },
});
