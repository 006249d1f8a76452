import { defineEntity, p } from '@mikro-orm/core';

/** An attachment of an MMS as the provider announced it: where to fetch it and its type. */
export interface MediaReference {
  url: string;
  contentType: string;
}

const MessageSchema = defineEntity({
  name: 'Message',
  tableName: 'message',
  properties: {
    id: p.uuid().primary(),
    /** Who delivered it (`twilio`, `sandbox`) and its id there (Twilio's MessageSid): unique together. */
    provider: p.string(),
    externalId: p.string().fieldName('external_id'),
    channel: p.enum(['sms', 'email'] as const),
    direction: p.enum(['inbound', 'outbound'] as const),
    role: p.enum(['ai', 'tenant', 'property_manager', 'vendor'] as const),
    /** `unrouted`: sent to a number no location has; kept so nothing a tenant sent is lost. `outgoing`: a reply of ours, whose delivery state is its `outbound_delivery` row's. */
    status: p.enum(['received', 'unrouted', 'outgoing'] as const),
    sessionId: p.uuid().fieldName('session_id').nullable(),
    locationId: p.string().fieldName('location_id').nullable(),
    accountId: p.string().fieldName('account_id').nullable(),
    /** Null for a sender whose phone is no tenant's of the location (an unknown sender, shown as such). */
    tenantId: p.string().fieldName('tenant_id').nullable(),
    senderName: p.string().fieldName('sender_name').nullable(),
    /** False for an inbound e-mail whose sender was not authenticated (no DMARC, aligned SPF or DKIM pass, no trusted relay): bound to no tenant, shown marked. */
    senderVerified: p.boolean().fieldName('sender_verified').default(true),
    fromAddress: p.string().fieldName('from_address'),
    toAddress: p.string().fieldName('to_address'),
    body: p.text(),
    /** An e-mail's subject; null for SMS. */
    subject: p.string().nullable(),
    /** Where an e-mail's raw MIME is kept (MinIO key), exactly as received. */
    rawKey: p.string().fieldName('raw_key').nullable(),
    media: p.json<MediaReference[]>(),
    receivedAt: p.datetime().fieldName('received_at'),
    /** Inbox state of an inbound message (spec 001 §3 Inbox item): set by drafting and answering. */
    urgent: p.boolean(),
    repliedAt: p.datetime().fieldName('replied_at').nullable(),
    archivedAt: p.datetime().fieldName('archived_at').nullable(),
    /** Read by the location's team (shared read state): when, and by which user. */
    readAt: p.datetime().fieldName('read_at').nullable(),
    readBy: p.string().fieldName('read_by').nullable(),
    updatedAt: p.datetime().fieldName('updated_at'),
  },
});

/** One message of a session, as received from or sent to a tenant (or an unknown sender). */
export class Message extends MessageSchema.class {}
MessageSchema.setClass(Message);
export { MessageSchema };
