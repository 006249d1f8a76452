import { z } from 'zod';
import { TenantIntentSchema } from '../assistant/tenant-intents.js';
import { limits } from '../portfolio/validation.js';
import { messagingLimits } from './inbound.js';
import { MessageTenantSchema } from './inbox.js';

/** Whom a ticket is assigned to: a user who answers the location's messages, with their name as messaging knows it. */
export const TicketAssigneeSchema = z.object({
  id: z.string().min(1),
  /** Spec 001 §3: assignees carry manager.limitedUser (full_name, email); null while messaging has not heard of the user. */
  manager: z.object({
    limitedUser: z.object({ full_name: z.string().max(limits.name).nullable(), email: z.string().max(limits.email).nullable() }),
  }),
});

/**
 * Spec 001 §3 Ticket: what a tenant reported that needs doing, opened from an inbound message whose draft came back
 * urgent or about maintenance. `message` is the tenant's words; `email_id` / `sms_id` name the inbound message on its
 * channel (the other is null); `unit` is the tenant's unit when the sender is a known tenant.
 */
export const TicketSchema = z.object({
  id: z.string().min(1),
  message: z.string().max(messagingLimits.emailBody),
  intent: TenantIntentSchema.nullable(),
  urgent: z.boolean(),
  email_id: z.string().nullable(),
  sms_id: z.string().nullable(),
  session_id: z.string().nullable(),
  sender_name: z.string().max(limits.name).nullable(),
  unit: z.object({ id: z.string().min(1) }).nullable(),
  tenant: MessageTenantSchema.nullable(),
  assigned_to: TicketAssigneeSchema.nullable(),
  resolved: z.boolean(),
  resolved_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
});
export type TicketView = z.infer<typeof TicketSchema>;

/** What happened to a ticket, as `pm.messaging.ticket.changed.v1` and the audit trail name it. */
export const TicketChangeSchema = z.enum(['opened', 'assigned', 'unassigned', 'resolved']);
export type TicketChange = z.infer<typeof TicketChangeSchema>;
