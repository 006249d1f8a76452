import { z } from 'zod';
import { ACCESS_FORBIDDEN } from '../../access/permissions.js';
import { TENANT_INTENT_NAMES, type TenantIntent } from '../../assistant/tenant-intents.js';
import { defineRpc } from '../../define.js';
import { SelectedLocationSchema } from '../../portfolio/validation.js';

/**
 * The intents whose answers may go out without an approval. An emergency never does: it needs a person (and
 * notifies the emergency contacts), so it is not offered.
 */
export const AUTO_SENDABLE_INTENTS = TENANT_INTENT_NAMES.filter((intent) => intent !== 'emergency') as [TenantIntent, ...TenantIntent[]];
export const AutoSendIntentSchema = z.enum(AUTO_SENDABLE_INTENTS, { error: `Intent must be one of ${AUTO_SENDABLE_INTENTS.join(', ')}` });

/**
 * The least confidence an AI draft needs to be sent on its own, besides the owner's permission for its intent, a
 * ready draft that is not urgent nor flagged for the manager, and an answer grounded in at least one knowledge source.
 */
export const AUTO_SEND_MIN_CONFIDENCE = 0.8;

export const AutoSendSettingsSchema = z.object({
  location_id: z.string().min(1),
  /** Every intent that may be allowed, each on or off (off unless the owner turned it on). */
  intents: z.array(z.object({ intent: AutoSendIntentSchema, enabled: z.boolean() })).max(AUTO_SENDABLE_INTENTS.length),
  min_confidence: z.number().min(0).max(1),
});
export type AutoSendSettings = z.infer<typeof AutoSendSettingsSchema>;

const settingsFixture: AutoSendSettings = {
  location_id: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c',
  intents: AUTO_SENDABLE_INTENTS.map((intent) => ({ intent, enabled: intent === 'amenity_question' })),
  min_confidence: AUTO_SEND_MIN_CONFIDENCE,
};

/** GET messaging/auto-send?location_id=: which intents' answers the location sends without an approval. */
export const GetAutoSendSettings = defineRpc({
  subject: 'pm.rpc.messaging.auto-send.get.v1',
  description: 'every intent that may be auto-sent (all but emergency), on or off, and the confidence threshold',
  access: 'message:read',
  http: { method: 'GET', path: 'messaging/auto-send' },
  errors: { 400: 'No location selected', 404: 'Property location not found', 403: ACCESS_FORBIDDEN },
  request: z.object({ location_id: SelectedLocationSchema }),
  response: AutoSendSettingsSchema,
  fixture: { request: { location_id: settingsFixture.location_id }, response: settingsFixture },
});

/**
 * PUT messaging/auto-send: turns auto-send on or off for the intents named (the others keep their setting). Only
 * what a person may send may be sent for them: `message:send`.
 */
export const UpdateAutoSendSettings = defineRpc({
  subject: 'pm.rpc.messaging.auto-send.update.v1',
  description: 'turns the named intents on or off',
  access: 'message:send',
  http: { method: 'PUT', path: 'messaging/auto-send' },
  errors: { 400: ['No location selected', `Intent must be one of ${AUTO_SENDABLE_INTENTS.join(', ')}`, 'Each intent may be named once'], 404: 'Property location not found', 403: ACCESS_FORBIDDEN },
  request: z.object({
    location_id: SelectedLocationSchema,
    intents: z
      .array(z.object({ intent: AutoSendIntentSchema, enabled: z.boolean({ error: 'Enabled must be true or false' }) }))
      .max(AUTO_SENDABLE_INTENTS.length)
      .refine((items) => new Set(items.map((i) => i.intent)).size === items.length, 'Each intent may be named once'),
  }),
  response: AutoSendSettingsSchema,
  fixture: { request: { location_id: settingsFixture.location_id, intents: [{ intent: 'amenity_question', enabled: true }] }, response: settingsFixture },
});
