import { z } from 'zod';
import { defineEvent } from '../../define.js';
import { draftLimits, DraftThreadEntrySchema, TimeZoneSchema } from '../drafts.js';
import { messagingLimits } from '../inbound.js';

/**
 * Messaging asks the assistant for a draft of a reply to one inbound message: recorded with the message itself (the
 * first draft) and by Regenerate. It carries everything the drafter reads (the message, the tenant's name, the
 * session's recent thread), so the assistant needs no copy of messaging's data. `draftId` is the draft version the
 * answer fills.
 */
export const DraftRequested = defineEvent({
  subject: 'pm.messaging.draft.requested.v1',
  data: z.object({
    locationId: z.string().min(1),
    accountId: z.string().min(1),
    draftId: z.string().min(1),
    messageId: z.string().min(1),
    sessionId: z.string().min(1),
    channel: z.enum(['sms', 'email']),
    tenantName: z.string().max(200).nullable(),
    subject: z.string().max(messagingLimits.subject).nullable(),
    body: z.string().max(messagingLimits.emailBody),
    /** Earlier messages of the session, oldest first. */
    thread: z.array(DraftThreadEntrySchema).max(draftLimits.thread),
    receivedAt: z.iso.datetime(),
    /**
     * The location's IANA time zone, in which the draft reads and writes dates ("tomorrow", "by Friday"). Absent in
     * events published before it existed: the assistant then uses the platform's default zone.
     */
    timeZone: TimeZoneSchema.optional(),
  }),
  fixture: {
    locationId: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c',
    accountId: 'usr_01HZX3',
    draftId: '01937b20-0a1b-7c2d-8e3f-4a5b6c7d8ea1',
    messageId: '01937b20-0a1b-7c2d-8e3f-4a5b6c7d8e9f',
    sessionId: '01937b20-0a1b-7c2d-8e3f-4a5b6c7d8ea0',
    channel: 'sms',
    tenantName: 'Maria Lopez',
    subject: null,
    body: 'My kitchen sink is leaking, water everywhere',
    thread: [{ from: 'tenant', text: 'Hi, is the laundry room open on Sundays?' }],
    receivedAt: '2026-11-24T10:15:00.000Z',
    timeZone: 'America/Chicago',
  },
});
