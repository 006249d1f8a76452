import { phoneDigits } from '../../../lib/format/phone-format.js';
import type { TenantContact } from '../tenant.js';

export interface TenantFormValues {
  full_name: string;
  unit_id?: string;
  emails: string[];
  phones: string[];
}

/** The contacts the BFF gets: e-mails trimmed, phones as digits, empty ones dropped (spec 001 section 5). */
export function toContacts(values: Pick<TenantFormValues, 'emails' | 'phones'>): TenantContact[] {
  const emails = (values.emails ?? []).map((value) => (value ?? '').trim()).filter(Boolean);
  const phones = (values.phones ?? []).map((value) => phoneDigits(value ?? '')).filter(Boolean);
  return [...emails.map((value) => ({ type: 'email' as const, value })), ...phones.map((value) => ({ type: 'phone' as const, value }))];
}
