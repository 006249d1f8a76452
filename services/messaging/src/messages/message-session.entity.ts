import { defineEntity, p } from '@mikro-orm/core';

const MessageSessionSchema = defineEntity({
  name: 'MessageSession',
  tableName: 'message_session',
  properties: {
    id: p.uuid().primary(),
    locationId: p.string().fieldName('location_id'),
    accountId: p.string().fieldName('account_id'),
    channel: p.enum(['sms', 'email'] as const),
    /** `tenant:<id>` for a known tenant, `sender:<address>` otherwise: one session per party and channel. */
    party: p.string(),
    tenantId: p.string().fieldName('tenant_id').nullable(),
    buildingId: p.string().fieldName('building_id').nullable(),
    fromName: p.string().fieldName('from_name').nullable(),
    fromAddress: p.string().fieldName('from_address'),
    toAddress: p.string().fieldName('to_address'),
    createdAt: p.datetime().fieldName('created_at'),
    updatedAt: p.datetime().fieldName('updated_at'),
  },
});

/** A conversation of a location with one tenant (or unknown sender) on one channel (spec 001 §3 Message session). */
export class MessageSession extends MessageSessionSchema.class {}
MessageSessionSchema.setClass(MessageSession);
export { MessageSessionSchema };
