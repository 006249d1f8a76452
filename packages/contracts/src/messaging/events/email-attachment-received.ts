import { z } from 'zod';
import { defineEvent } from '../../define.js';
import { LocationScopeSchema } from '../../portfolio/property-location.js';
import { messagingLimits } from '../inbound.js';

/**
 * An attachment of an inbound e-mail is stored (MinIO, `storageKey`) and listed on its message: the vault (issue 12)
 * files it among the property's documents. Recorded in the transaction that stores the message, once per message
 * and attachment; a duplicate delivery of the same Message-ID records nothing. The building and tenant are those of
 * the sender when the sender is a known tenant, else null.
 */
export const EmailAttachmentReceived = defineEvent({
  subject: 'pm.messaging.email-attachment.received.v1',
  data: LocationScopeSchema.extend({
    messageId: z.string().min(1),
    attachmentId: z.string().min(1),
    buildingId: z.string().min(1).nullable(),
    unitId: z.string().min(1).nullable(),
    tenantId: z.string().min(1).nullable(),
    fileName: z.string().min(1).max(messagingLimits.attachmentName),
    /** Sniffed from the file's first bytes, never the sender's claim. */
    contentType: z.string().min(1).max(messagingLimits.contentType),
    size: z.number().int().positive().max(messagingLimits.rawEmailBytes),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    storageKey: z.string().min(1).max(500),
    receivedAt: z.iso.datetime(),
  }),
  fixture: {
    locationId: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c',
    accountId: 'usr_01HZX3',
    ownerUserId: 'usr_01HZX3',
    messageId: '01937b20-0a1b-7c2d-8e3f-4a5b6c7d8e9f',
    attachmentId: '01937b20-0a1b-7c2d-8e3f-4a5b6c7d8eb1',
    buildingId: '01937a10-1c2d-7e3f-8a9b-0c1d2e3f4a5b',
    unitId: '01937a11-2d3e-7f4a-9b0c-1d2e3f4a5b6c',
    tenantId: '01937a12-3e4f-7a5b-8c1d-2e3f4a5b6c7d',
    fileName: 'lease-renewal-signed.pdf',
    contentType: 'application/pdf',
    size: 48213,
    sha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
    storageKey: 'mail/inbound-attachments/01937b20-0a1b-7c2d-8e3f-4a5b6c7d8ec2/01937b20-0a1b-7c2d-8e3f-4a5b6c7d8eb1',
    receivedAt: '2026-11-24T10:15:00.000Z',
  },
});
