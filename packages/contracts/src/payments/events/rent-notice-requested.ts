import { z } from 'zod';
import { defineEvent } from '../../define.js';
import { limits } from '../../portfolio/validation.js';

export const RENT_NOTICE_KINDS = ['payment_links', 'receipt', 'reminder', 'late_notice'] as const;

/** The languages a rent notice is also written in (by language code, as the assistant detects a tenant's). */
export const RENT_NOTICE_LANGUAGES = ['es'] as const;

const NoticeWordingSchema = z.object({ subject: z.string().min(1).max(300), body: z.string().min(1).max(10_000), sms: z.string().min(1).max(480) });

/**
 * Payments asks messaging to tell a tenant about their rent: the payment links the manager sent, a receipt for a
 * payment that arrived, a reminder before the due date, a late notice after the grace period. Payments words it, as an
 * e-mail and as a text message; messaging sends it through its outbox by e-mail (from the location's address, with the
 * building's signature) to a tenant with an address, and by SMS (from the location's number, when it has one) to a
 * tenant with a phone number, each once per `noticeId` (a redelivered event, or the same notice asked twice, sends
 * nothing more). `translations` words it in other languages: messaging sends the one of the language it knows the
 * tenant writes in (their messages' drafts), English otherwise.
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
    /** The tenant's e-mail address, or null for a tenant who has only a phone number. */
    email: z.string().min(3).max(limits.email).nullable(),
    /** The tenant's phone number (E.164), or null for one who has none. */
    phone: z.string().min(3).max(limits.phone).nullable().default(null),
    subject: z.string().min(1).max(300),
    body: z.string().min(1).max(10_000),
    /** The notice as a text message. */
    sms: z.string().min(1).max(480).nullable().default(null),
    translations: z.partialRecord(z.enum(RENT_NOTICE_LANGUAGES), NoticeWordingSchema).default({}),
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
    phone: '+15551234567',
    subject: 'Receipt: $1,850.00 rent received',
    body: 'Hello Maria Lopez,\n\nWe received your rent payment of $1,850.00 on December 2, 2026 (ACH). Thank you.',
    sms: 'Receipt: we received your rent payment of $1,850.00 for Building A, Unit 2B on December 2, 2026. Your balance is now $0.00. Thank you.',
    translations: {
      es: {
        subject: 'Recibo: recibimos $1,850.00 de renta',
        body: 'Hola Maria Lopez:\n\nRecibimos su pago de renta de $1,850.00 el 2 de diciembre de 2026 (ACH). Gracias.',
        sms: 'Recibo: recibimos su pago de renta de $1,850.00 para Building A, Unit 2B el 2 de diciembre de 2026. Su saldo ahora es $0.00. Gracias.',
      },
    },
    requestedBy: null,
  },
});
