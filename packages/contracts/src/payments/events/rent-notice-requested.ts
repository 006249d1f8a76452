import { z } from 'zod';
import { defineEvent } from '../../define.js';
import { limits } from '../../portfolio/validation.js';

export const RENT_NOTICE_KINDS = ['payment_links', 'receipt', 'reminder', 'late_notice'] as const;

/**
 * Payments asks messaging to e-mail a tenant about their rent: the payment links the manager sent, a receipt for a
 * payment that arrived, a reminder before the due date, a late notice after the grace period. Payments words it;
 * messaging sends it through its outbox from the location's address with the building's signature, once per
 * `noticeId` (a redelivered event, or the same notice asked twice, sends nothing more).
 */
export const RentNoticeRequested = defineEvent({
  subject: 'pm.payments.rent-notice.requested.v1',
  data: z.object({
    /** What the notice is about, once: `receipt:<payment>`, `reminder:<charge>`, `late:<charge>`, `links:<request>`. */
    noticeId: z.string().min(1).max(300),
    kind: z.enum(RENT_NOTICE_KINDS),
    accountId: z.string().min(1).max(limits.id),
    locationId: z.string().min(1).max(limits.id),
    buildingId: z.string().min(1).max(limits.id),
    tenantId: z.string().min(1).max(limits.id),
    email: z.string().min(3).max(limits.email),
    subject: z.string().min(1).max(300),
    body: z.string().min(1).max(10_000),
    /** Who asked (a user id), or null for what the schedule and the provider's webhooks send on their own. */
    requestedBy: z.string().min(1).max(limits.id).nullable(),
  }),
  fixture: {
    noticeId: 'receipt:stripe:pi_3QabcDEF',
    kind: 'receipt',
    accountId: 'usr_01HZX3',
    locationId: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c',
    buildingId: '01937a10-1c2d-7e3f-8a9b-0c1d2e3f4a5b',
    tenantId: '01937a12-3e4f-7a5b-8c1d-2e3f4a5b6c7d',
    email: 'maria.lopez@example.com',
    subject: 'Receipt: $1,850.00 rent received',
    body: 'Hello Maria Lopez,\n\nWe received your rent payment of $1,850.00 on December 2, 2026 (ACH). Thank you.',
    requestedBy: null,
  },
});
