/**
 * Spec 001 section 5: tenant phones are typed as (999) 999-9999, formatted while typing, and sent as the digits.
 * A pasted "+1 (555) 123-4567" keeps its ten national digits.
 */
export const PHONE_PATTERN = /^\(\d{3}\) \d{3}-\d{4}$/;

function nationalDigits(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length > 10 && digits.startsWith('1') ? digits.slice(1, 11) : digits.slice(0, 10);
}

/** The text the phone field shows for what the user typed: as much of (999) 999-9999 as the digits fill. */
export function formatPhoneInput(value: string): string {
  const digits = nationalDigits(value);
  if (digits.length === 0) return '';
  if (digits.length < 4) return `(${digits}`;
  if (digits.length < 7) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** The value sent to the BFF: the field's text without "(", ")", spaces and dashes. */
export function phoneDigits(formatted: string): string {
  return formatted.replace(/[()\s-]/g, '');
}

/** A stored 10-digit phone as (555) 123-4567; anything else is shown as stored. */
export function displayPhone(value: string): string {
  return /^\d{10}$/.test(value) ? formatPhoneInput(value) : value;
}
