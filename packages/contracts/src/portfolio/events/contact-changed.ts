import { z } from 'zod';
import { defineEvent } from '../../define.js';
import { isEmailAddress } from '../../text.js';
import { limits } from '../validation.js';

/** The e-mail addresses among a contact's details, as sends compare them: valid ones only, trimmed, lower-case, once each. */
export function contactEmails(details: readonly { type: string; value: string }[]): string[] {
  const emails = details.filter((detail) => detail.type === 'email').map((detail) => detail.value.trim().toLowerCase());
  return [...new Set(emails.filter((email) => email.length <= limits.email && isEmailAddress(email)))];
}

/**
 * A contact's whole state after any change (created, edited, given or taken out of locations, deleted with its last
 * location): who they are, the addresses they can be mailed at and the locations they belong to now (empty once
 * deleted). Messaging keeps the latest per contact, whatever order they arrive in, so Send E-mail reaches the
 * contacts page's people who are neither tenants nor partners.
 */
export const ContactChanged = defineEvent({
  subject: 'pm.portfolio.contact.changed.v1',
  data: z.object({
    contactId: z.string().min(1).max(limits.id),
    accountId: z.string().min(1).max(limits.id),
    name: z.string().max(limits.name),
    role: z.string().max(limits.role),
    emails: z.array(z.string().min(3).max(limits.email)).max(limits.contactDetails),
    /** The locations the contact belongs to now; empty once deleted from the last one. */
    locationIds: z.array(z.string().min(1).max(limits.id)).max(limits.listItems),
  }),
  fixture: {
    contactId: '01936f6e-c3d4-7e5f-8a6b-7c8d9e0f1a2b',
    accountId: 'usr_01HZX3',
    name: 'Sam Rivera',
    role: 'PLUMBER',
    emails: ['sam@riveraplumbing.example'],
    locationIds: ['01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c'],
  },
});
