import { z } from 'zod';
import { defineEvent } from '../../define.js';
import { PartnerRoleSchema } from '../property-location.js';
import { limits } from '../validation.js';

/** A partner's phone as events carry it: E.164 when it reads as a US number (10 digits, or 11 starting with 1), else null. */
export function partnerPhoneE164(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  if (/^\d{10}$/.test(digits)) return `+1${digits}`;
  if (/^1\d{10}$/.test(digits)) return `+${digits}`;
  return null;
}

/**
 * A partner's whole state after any change (accepted, details or emergency flag updated, role changed, removed from a
 * location or from all): who they are, how to reach them and which locations they are on (empty when removed from
 * the last one). Contexts that keep a partner directory (messaging notifies emergency contacts and assigns tickets)
 * keep the latest of these per partner, whatever order they arrive in.
 */
export const PartnerUpdated = defineEvent({
  subject: 'pm.portfolio.partner.updated.v1',
  data: z.object({
    partnerId: z.string().min(1),
    accountId: z.string().min(1),
    /** Null until a user with the partner's e-mail exists. */
    userId: z.string().nullable(),
    fullName: z.string().max(limits.name),
    email: z.string().min(1).max(limits.email),
    /** E.164, or null when the partner gave none or one that is not a US number. */
    phone: z.string().regex(/^\+1\d{10}$/).nullable(),
    role: PartnerRoleSchema,
    isEmergencyContact: z.boolean(),
    /** The locations the partner is on now; empty when they were removed from the last one. */
    locationIds: z.array(z.string().min(1)).max(10_000),
  }),
  fixture: {
    partnerId: '01936f6e-9c2d-7a10-8b3e-4f5a6b7c8d9e',
    accountId: 'usr_01HZX3',
    userId: 'usr_01HZX9',
    fullName: 'Jordan Lee',
    email: 'jordan@example.com',
    phone: '+15551234567',
    role: 'MANAGER',
    isEmergencyContact: true,
    locationIds: ['01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c'],
  },
});
