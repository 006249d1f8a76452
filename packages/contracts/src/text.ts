import { z } from 'zod';

/*
 * The one text schema and the one id schema of every context. Every string a caller sends (a body field, a query
 * parameter, an id in the path) goes through one of these, so a NUL byte, a lone surrogate, a bidi override or an
 * over-long value is the same 400 with the field's own message in every service, and never reaches PostgreSQL
 * (which refuses NUL in text and jsonb and would answer 500). The registry test sends each of those to every string
 * field of every request (`text.spec.ts`).
 */

/**
 * Forbidden on one line: control characters (NUL, escape sequences), invisible formatting (bidi overrides,
 * zero-width) and lone surrogates (half a character, which no encoding can store).
 */
export const lineForbidden = /[\p{Cc}\p{Cf}\p{Cs}]/u;
/**
 * Forbidden in multi-line text: the same, except newlines and tabs (and the \r a browser sends before \n), and the
 * zero-width joiners that hold emoji sequences together (a message body is allowed its 👩‍👧).
 */
export const textForbidden = /(?![\u200c\u200d])\p{Cf}|\p{Cs}|(?![\n\r\t])\p{Cc}/u;

export const textMessages = {
  tooLong: (label: string, max: number) => `${label} must be at most ${max.toLocaleString('en-US')} characters`,
  notAllowed: (label: string) => `${label} contains characters that are not allowed`,
  required: (label: string) => `${label} is required`,
  notText: (label: string) => `${label} must be text`,
  /** Spec 001 §5, the tenant's phone; the account's phone follows the same format. */
  invalidPhone: 'Phone number must be in format (999) 999-9999',
} as const;

/** Ids are uuids (36 characters) or prefixed ones; anything longer names nothing. */
export const idMaxLength = 100;

export const idMessages = {
  tooLong: `Ids are at most ${idMaxLength} characters`,
  notAllowed: 'Ids contain characters that are not allowed',
} as const;

/** True when the text has no character `lineForbidden` (or, multi-line, `textForbidden`) refuses. */
export function isCleanText(value: string, multiline = false): boolean {
  return !(multiline ? textForbidden : lineForbidden).test(value);
}

/**
 * One rule for an e-mail address, in every context: a local part and a domain of at least two labels, as a mail
 * server takes them. Letters and digits of any script; in the local part also the other characters RFC 5322 allows
 * unquoted (dot-atom: no dot first, last or doubled); domain labels of letters, digits and inner hyphens. Refused:
 * the characters that make an address list or a quoted or commented address ("a,b@c.d", "a<b@c.d", a quoted
 * local part, "a(b)@c.d"), which a mail library splits or a mail server refuses, and whatever `isCleanText` refuses.
 */
const emailAtom = "[\\p{L}\\p{N}\\p{M}!#$%&'*+/=?^_`{|}~-]+";
const emailLabel = '[\\p{L}\\p{N}\\p{M}](?:[\\p{L}\\p{N}\\p{M}-]{0,61}[\\p{L}\\p{N}\\p{M}])?';
const emailAddress = new RegExp(`^${emailAtom}(?:\\.${emailAtom})*@${emailLabel}(?:\\.${emailLabel})+$`, 'u');

export function isEmailAddress(value: string): boolean {
  const at = value.lastIndexOf('@');
  return at > 0 && at <= 64 && value.length <= 254 && emailAddress.test(value) && isCleanText(value);
}

type TextOptions = { multiline?: boolean; required?: string };

// The helpers below start from a bare z.string() to trim or default it; its length and characters are always limited
// by the bounded() it is piped into.

/** The checks every piece of typed text gets: at most `max` characters, no forbidden characters. */
export function bounded(label: string, max: number, multiline = false) {
  return z
    .string()
    .max(max, textMessages.tooLong(label, max))
    .refine((value) => isCleanText(value, multiline), textMessages.notAllowed(label));
}

/** Text on one line, trimmed; missing, null or blank answers `<label> is required` (or the spec's own wording). */
export function requiredLine(label: string, max: number, options: TextOptions = {}) {
  const required = options.required ?? textMessages.required(label);
  return z
    .string({ error: required })
    .nullish()
    .transform((value) => value ?? '')
    .pipe(z.string().trim().min(1, required).pipe(bounded(label, max, options.multiline)));
}

/** Multi-line text, trimmed, required. */
export function requiredText(label: string, max: number, options: Omit<TextOptions, 'multiline'> = {}) {
  return requiredLine(label, max, { ...options, multiline: true });
}

/** An e-mail body: required (not blank) but kept exactly as written, its leading indentation and final newline included. */
export function requiredBody(label: string, max: number, required: string) {
  return z
    .string({ error: required })
    .nullish()
    .transform((value) => value ?? '')
    .pipe(z.string().refine((value) => value.trim() !== '', required).pipe(bounded(label, max, true)));
}

/** Text on one line, trimmed, possibly empty. */
export function line(label: string, max: number, options: { multiline?: boolean } = {}) {
  return z.string().trim().pipe(bounded(label, max, options.multiline));
}

/** Optional text on one line: trimmed; null stays null, nothing stays undefined (a field left out keeps its value). */
export function optionalLine(label: string, max: number, options: { multiline?: boolean } = {}) {
  return line(label, max, options).nullish();
}

/**
 * Text kept exactly as sent (not trimmed): a token, a password, a cursor; bounded and free of forbidden characters.
 * With `required`, a missing or empty value answers that message.
 */
export function rawText(label: string, max: number, options: { required?: string } = {}) {
  const text = z.string(options.required ? { error: options.required } : undefined);
  return (options.required ? text.min(1, options.required) : text)
    .max(max, textMessages.tooLong(label, max))
    .refine((value) => isCleanText(value), textMessages.notAllowed(label));
}

/**
 * Multi-line text kept exactly as written (a signature), which the call must send: "" or null clears it, and a
 * request without the field is refused rather than read as "clear it".
 */
export function clearableText(label: string, max: number) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? textMessages.required(label) : textMessages.notText(label)) })
    .pipe(bounded(label, max, true))
    .nullable();
}

/**
 * Text that arrived from outside a request (a received e-mail, a provider's post) made storable rather than refused:
 * NUL bytes removed (PostgreSQL keeps none) and lone surrogates replaced by U+FFFD, everything else kept as sent.
 */
export function storableText(value: string): string {
  return value.replaceAll('\u0000', '').toWellFormed();
}

/** "(555) 123-4567", "555-123-4567", "+1 555 123 4567" → "5551234567"; anything else → null. */
export function normalisePhone(value: string): string | null {
  let digits = value.replace(/[()\s-]/g, '');
  if (digits.startsWith('+1')) digits = digits.slice(2);
  return /^\d{10}$/.test(digits) ? digits : null;
}

/**
 * An id the caller names. Ids are only looked up, so an empty or malformed one answers the resource's 404 like an
 * unknown one; what could never be an id (too long, control or formatting characters, a lone surrogate) is a 400, so
 * no request carries kilobytes or a NUL where an id goes.
 */
export const IdRefSchema = z
  .string()
  .max(idMaxLength, idMessages.tooLong)
  .refine((value) => isCleanText(value), idMessages.notAllowed);
