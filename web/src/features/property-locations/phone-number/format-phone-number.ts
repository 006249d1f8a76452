/**
 * A US number as people read it: "+14155550123" or "4155550123" → "(415) 555-0123". Anything else is shown as
 * stored, so an unexpected value is still visible rather than mangled.
 */
export function formatPhoneNumber(value: string): string {
  const digits = value.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (national.length !== 10) return value;
  return `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
}
