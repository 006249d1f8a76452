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

/*
 * The refinements above are functions, which JSON Schema cannot show: each text schema below also carries the
 * patterns that together accept exactly what it accepts, so the API description (bff/openapi.json, generated from
 * these schemas) promises no value the server then refuses, and a client or a fuzzer can tell a valid value from the
 * description alone. `text.spec.ts` checks the classes against the regular expressions they stand for over every
 * code point. Written for every regex engine a reader of the description may use (ECMAScript, Python, Rust): \uXXXX
 * escapes within the BMP; the few forbidden characters beyond it are the characters themselves, in a pattern of their
 * own (schemathesis rewrites a pattern it merges a length into, and writes those in an escape its validator refuses).
 * Lone surrogates are left out: no engine but ECMAScript's can name them, and no UTF-8 request carries one.
 */

/** What `lineForbidden` refuses within the BMP, as the inside of a character class. */
const lineForbiddenClass =
  '\\u0000-\\u001f\\u007f-\\u009f\\u00ad\\u0600-\\u0605\\u061c\\u06dd\\u070f\\u0890-\\u0891\\u08e2\\u180e\\u200b-\\u200f\\u202a-\\u202e' +
  '\\u2060-\\u2064\\u2066-\\u206f\\ufeff\\ufff9-\\ufffb';
/** What `textForbidden` refuses within the BMP: the same but tabs, newlines and the zero-width joiners. */
const textForbiddenClass =
  '\\u0000-\\u0008\\u000b-\\u000c\\u000e-\\u001f\\u007f-\\u009f\\u00ad\\u0600-\\u0605\\u061c\\u06dd\\u070f\\u0890-\\u0891\\u08e2\\u180e' +
  '\\u200b\\u200e-\\u200f\\u202a-\\u202e\\u2060-\\u2064\\u2066-\\u206f\\ufeff\\ufff9-\\ufffb';
/** What both refuse beyond the BMP (format characters: tags, hieroglyph and shorthand controls). */
const astralForbiddenClass = '\u{110bd}\u{110cd}\u{13430}-\u{1343f}\u{1bca0}-\u{1bca3}\u{1d173}-\u{1d17a}\u{e0001}\u{e0020}-\u{e007f}';
/** What `String.prototype.trim` (and `\s`) removes. */
const trimmedClass = '\\u0009-\\u000d\\u0020\\u00a0\\u1680\\u2000-\\u200a\\u2028-\\u2029\\u202f\\u205f\\u3000\\ufeff';

/** An atom's character: ASCII `atext`, or beyond ASCII neither forbidden nor space (what trimming removes). */
const emailAtomChar = `[^\\u0000-\\u0020"(),.:;<>@\\[\\\\\\]\\u007f${lineForbiddenClass}${trimmedClass}]`;
/** A domain label's character: an ASCII letter or digit, or beyond ASCII the same as an atom's; and with the hyphen. */
const emailLabelChar = `[^\\u0000-\\u002f:-@\\[-\\u0060{-\\u007f${lineForbiddenClass}${trimmedClass}]`;
const emailLabelOrHyphen = `[^\\u0000-\\u002c./:-@\\[-\\u0060{-\\u007f${lineForbiddenClass}${trimmedClass}]`;
const emailShape = `${emailAtomChar}+(?:\\.${emailAtomChar}+)*@${emailLabelChar}(?:${emailLabelOrHyphen}{0,61}${emailLabelChar})?(?:\\.${emailLabelChar}(?:${emailLabelOrHyphen}{0,61}${emailLabelChar})?)+`;
const emailAddress = new RegExp(`^${emailShape}$`, 'u');

/**
 * One rule for an e-mail address, in every context: a local part and a domain of at least two labels, as a mail
 * server takes them (RFC 5322 dot-atom, with RFC 6531's characters beyond ASCII). The local part: ASCII letters and
 * digits, the other characters RFC 5322 allows unquoted, and any character beyond ASCII that is not a control, format
 * or space character; no dot first, last or doubled; at most 64 characters. Domain labels: ASCII letters and digits or
 * such characters beyond ASCII, with inner hyphens. Refused: the characters that make an address list or a quoted or
 * commented address ("a,b@c.d", "a<b@c.d", a quoted local part, "a(b)@c.d"), which a mail library splits or a mail
 * server refuses, and whatever `isCleanText` refuses. Spelled as explicit classes rather than Unicode properties, so
 * every engine reading the API description's pattern, whatever its Unicode version, draws the same line.
 */
export function isEmailAddress(value: string): boolean {
  const at = value.lastIndexOf('@');
  return at > 0 && at <= 64 && value.length <= 254 && emailAddress.test(value) && isCleanText(value);
}

export const textPattern = {
  /** No forbidden character beyond the BMP: a value must match this besides one of the patterns below. */
  beyondBmp: `^[^${astralForbiddenClass}]*$`,
  /** Kept as sent, no forbidden character. */
  clean: (multiline = false) => `^[^${forbiddenClass(multiline)}]*$`,
  /** Trimmed, then no forbidden character: what trimming removes may stand at either end. */
  trimmed: (multiline = false, max?: number) =>
    `^[${trimmedClass}]*(?:[^${forbiddenClass(multiline)}${trimmedClass}](?:[^${forbiddenClass(multiline)}]${upTo(max)}[^${forbiddenClass(multiline)}${trimmedClass}])?)?[${trimmedClass}]*$`,
  /** Trimmed, then not empty and no forbidden character. */
  trimmedNonBlank: (multiline = false, max?: number) =>
    `^[${trimmedClass}]*[^${forbiddenClass(multiline)}${trimmedClass}](?:[^${forbiddenClass(multiline)}]${upTo(max)}[^${forbiddenClass(multiline)}${trimmedClass}])?[${trimmedClass}]*$`,
  /** Kept as sent, not blank, no forbidden character. */
  nonBlank: (multiline = false) => `^[^${forbiddenClass(multiline)}]*[^${forbiddenClass(multiline)}${trimmedClass}][^${forbiddenClass(multiline)}]*$`,
  /** At least `min` characters once trimmed (`min` ≥ 2). */
  trimmedMinLength: (min: number) => `^[${trimmedClass}]*[^${trimmedClass}][\\s\\S]{${min - 2},}[^${trimmedClass}][${trimmedClass}]*$`,
  /** A value that matches `inner` once trimmed (`inner` without anchors). */
  trimmedAround: (inner: string) => `^[${trimmedClass}]*(?:${inner})[${trimmedClass}]*$`,
  /** `isEmailAddress` once trimmed, in patterns a value matches together: the shape, the local part's length, the whole length, no forbidden character beyond the BMP. */
  email: [
    `^[${trimmedClass}]*${emailShape}[${trimmedClass}]*$`,
    `^[${trimmedClass}]*[^@${trimmedClass}]{1,64}@`,
    `^[${trimmedClass}]*[^${trimmedClass}]{1,254}[${trimmedClass}]*$`,
    `^[^${astralForbiddenClass}]*$`,
  ],
  /** What `normalisePhone` takes: ten digits, "(", ")", spaces and dashes around them, a leading +1. */
  phone: `^[${trimmedClass}()-]*(?:\\+[${trimmedClass}()-]*1)?(?:[${trimmedClass}()-]*[0-9]){10}[${trimmedClass}()-]*$`,
} as const;

/** The characters between a trimmed text's first and last: at most `max` in all (`max` ≥ 2), or any number. */
function upTo(max: number | undefined): string {
  return max === undefined ? '*' : `{0,${max - 2}}`;
}

function forbiddenClass(multiline: boolean): string {
  return multiline ? textForbiddenClass : lineForbiddenClass;
}

/**
 * The patterns each text schema's input answers to (a value matches all of them), for the API description's generator
 * (bff/src/http): a registry of its own rather than `.meta()`, so they add to a field's own `.regex()` instead of
 * replacing it.
 */
export const textPatterns = z.registry<{ patterns: readonly string[]; trimmed?: boolean }>();

/** Registers the patterns a schema's input answers to; a contract adds its own where a transform refuses more. */
export function withPattern<Schema extends z.ZodType>(schema: Schema, ...patterns: string[]): Schema {
  textPatterns.add(schema, { patterns });
  return schema;
}

/**
 * The same for text the schema trims before it counts its length: the patterns bound the trimmed length themselves, and
 * the description shows no `maxLength`, which would count the spaces around it.
 */
export function withTrimmedPattern<Schema extends z.ZodType>(schema: Schema, ...patterns: string[]): Schema {
  textPatterns.add(schema, { patterns, trimmed: true });
  return schema;
}

/** A text schema's patterns: its own and, as every text refuses them, the forbidden characters beyond the BMP. */
function withTextPattern<Schema extends z.ZodType>(schema: Schema, pattern: string): Schema {
  return withPattern(schema, pattern, textPattern.beyondBmp);
}

type TextOptions = { multiline?: boolean; required?: string };

// The helpers below start from a bare z.string() to trim or default it; its length and characters are always limited
// by the bounded() it is piped into.

/** The checks every piece of typed text gets: at most `max` characters, no forbidden characters. */
export function bounded(label: string, max: number, multiline = false) {
  return withTextPattern(
    z
      .string()
      .max(max, textMessages.tooLong(label, max))
      .refine((value) => isCleanText(value, multiline), textMessages.notAllowed(label)),
    textPattern.clean(multiline),
  );
}

/** Text on one line, trimmed; missing, null or blank answers `<label> is required` (or the spec's own wording). */
export function requiredLine(label: string, max: number, options: TextOptions = {}) {
  const required = options.required ?? textMessages.required(label);
  return withTrimmedPattern(z.string({ error: required }), textPattern.trimmedNonBlank(options.multiline, max), textPattern.beyondBmp)
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
  return withTextPattern(z.string({ error: required }), textPattern.nonBlank(true))
    .nullish()
    .transform((value) => value ?? '')
    .pipe(z.string().refine((value) => value.trim() !== '', required).pipe(bounded(label, max, true)));
}

/** Text on one line, trimmed, possibly empty. */
export function line(label: string, max: number, options: { multiline?: boolean } = {}) {
  return withTrimmedPattern(z.string(), textPattern.trimmed(options.multiline, max), textPattern.beyondBmp).trim().pipe(bounded(label, max, options.multiline));
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
  return withTextPattern(
    (options.required ? text.min(1, options.required) : text)
      .max(max, textMessages.tooLong(label, max))
      .refine((value) => isCleanText(value), textMessages.notAllowed(label)),
    textPattern.clean(),
  );
}

/**
 * Multi-line text kept exactly as written (a signature), which the call must send: "" or null clears it, and a
 * request without the field is refused rather than read as "clear it".
 */
export function clearableText(label: string, max: number) {
  return withTextPattern(
    z.string({ error: (issue) => (issue.input === undefined ? textMessages.required(label) : textMessages.notText(label)) }),
    textPattern.clean(true),
  )
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
export const IdRefSchema = withTextPattern(
  z
    .string()
    .max(idMaxLength, idMessages.tooLong)
    .refine((value) => isCleanText(value), idMessages.notAllowed),
  textPattern.clean(),
);
