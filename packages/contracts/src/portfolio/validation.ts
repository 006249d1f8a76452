import { z } from 'zod';
import { idMaxLength, isEmailAddress, normalisePhone, requiredLine, textMessages, textPattern, withPattern, withTrimmedPattern } from '../text.js';
import { propertyLocationMessages, tenantMessages } from './messages.js';

// The shared text and id schemas, re-exported where the contexts first imported them from.
export { clearableText, IdRefSchema, line, normalisePhone, optionalLine, requiredBody, requiredLine, requiredText } from '../text.js';

/*
 * Portfolio's request rules and the spec's messages for them (000 §5, 001 §5, 002 §5), word for word. They live in
 * the contracts so the BFF refuses a bad body with the same message the service would, the service never trusts that
 * it did, and handlers receive clean values (trimmed text, phones as 10 digits). Rules that need the database or the
 * caller (the type a campaign may leave out, a unit inside a location) stay in the handlers.
 *
 * Required fields accept null or nothing on input: the schema, not the type, answers a missing one, with the spec's
 * message. Object fields are declared in form order, because the first issue is the one the caller gets.
 */

export const portfolioMessages = {
  ...textMessages,
  invalidEmail: tenantMessages.invalidEmail,
  invalidDate: 'Invalid date',
  leaseEndBeforeStart: tenantMessages.leaseEndBeforeStart,
  rentNotPositive: tenantMessages.rentNotPositive,
  rentTooHigh: 'Rent must be at most $1,000,000',
  unitsCountRequired: propertyLocationMessages.unitsCountRequired,
  unitsCountTooHigh: 'Units Count must be at most 10,000',
  unitsCountNotWhole: 'Units Count must be a whole number of at least 1',
  daysOutOfRange: 'Days must be between 1 and 365',
  noTenantSelected: tenantMessages.noTenantSelected,
  noLocationSelected: 'No location selected',
  atLeastOneLocation: 'At least one location is required',
  invalidRole: 'Invalid role',
} as const;

/** Limits of what a person types: generous for real use, small enough that no list or e-mail breaks on one row. */
export const limits = {
  name: 200,
  unitName: 100,
  address: 500,
  email: 254,
  phone: 40,
  label: 100,
  role: 100,
  question: 1_000,
  answer: 5_000,
  ruleDescription: 2_000,
  ruleExpectedOutput: 5_000,
  subject: 300,
  body: 20_000,
  signature: 5_000,
  search: 200,
  listItems: 200,
  contactDetails: 20,
  rentCentsMax: 100_000_000,
  id: idMaxLength,
  unitsCountMax: 10_000,
} as const;

export function requiredEmail(required = portfolioMessages.required('Email')) {
  return withPattern(requiredLine('Email', limits.email, { required }).refine(isEmailAddress, portfolioMessages.invalidEmail), ...textPattern.email);
}


/** "2026-02-28" yes; "2026-02-30", "2026-2-1", "tomorrow" no. */
/** A day that exists on the calendar, YYYY-MM-DD (leap years included), for the API description. */
export const isoDayPattern =
  '[0-9]{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)|02-(?:0[1-9]|1[0-9]|2[0-8]))|' +
  '(?:[0-9]{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)-02-29';

export function isIsoDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * A tenant's contacts as the Add/Edit dialogs send them: an empty value is dropped; an e-mail must look like x@y.z;
 * a phone must be 10 digits once "(", ")", spaces and dashes are removed (a leading +1 is accepted) and is kept as
 * those 10 digits. Nothing sent is no contacts.
 */
export const TenantContactInputSchema = z
  // maxLength for the API description: a longer value is refused below (too long for an e-mail, no phone number).
  .object({ type: z.enum(['email', 'phone'], { error: 'Contact type must be email or phone' }), value: z.string().meta({ maxLength: limits.email }).nullish() })
  .transform((contact, ctx) => {
    const value = contact.value?.trim() ?? '';
    if (!value) return null;
    if (contact.type === 'email') {
      if (value.length > limits.email) ctx.issues.push({ code: 'custom', message: portfolioMessages.tooLong('Email', limits.email), input: value });
      else if (!isEmailAddress(value)) ctx.issues.push({ code: 'custom', message: portfolioMessages.invalidEmail, input: value });
      return { type: 'email' as const, value };
    }
    const digits = value.length <= limits.phone ? normalisePhone(value) : null;
    if (!digits) ctx.issues.push({ code: 'custom', message: portfolioMessages.invalidPhone, input: value });
    return { type: 'phone' as const, value: digits ?? '' };
  });

export const TenantContactsInputSchema = z
  .array(TenantContactInputSchema)
  .max(limits.contactDetails, `A tenant can have at most ${limits.contactDetails} contacts`)
  .nullish()
  .transform((contacts) => (contacts ?? []).filter((contact) => contact !== null));

export const TenantFullNameSchema = requiredLine('Full name', limits.name);

/** A lease date: an ISO day that exists on the calendar; null or "" clears it, nothing keeps it. */
export const LeaseDateSchema = withTrimmedPattern(z.string({ error: portfolioMessages.invalidDate }), textPattern.trimmedAround(`|${isoDayPattern}`))
  .trim()
  .max(10, portfolioMessages.invalidDate)
  .nullish()
  .transform((value) => (value === undefined ? undefined : value || null))
  .refine((value) => value == null || isIsoDay(value), portfolioMessages.invalidDate);

/** Rent in whole cents, from 1 cent to $1,000,000 a month; null clears it. */
export const RentCentsSchema = z
  .number({ error: portfolioMessages.rentNotPositive })
  // Before the whole-number check: zod counts 1e20 as no safe integer, and the caller should hear it is too much.
  .max(limits.rentCentsMax, portfolioMessages.rentTooHigh)
  .int(portfolioMessages.rentNotPositive)
  .positive(portfolioMessages.rentNotPositive)
  .nullish();

/**
 * A location's declared units count (multi-unit locations); whether it is required depends on the type, so a missing
 * one is the service's 'Units Count is required', and a count that is there but wrong says what is wrong with it.
 */
export const UnitsCountSchema = z
  .number({ error: portfolioMessages.unitsCountNotWhole })
  .int(portfolioMessages.unitsCountNotWhole)
  .min(1, portfolioMessages.unitsCountNotWhole)
  .max(limits.unitsCountMax, portfolioMessages.unitsCountTooHigh)
  .nullish();

/** The expiring-leases window: default 60 days, a whole number from 1 to 365 otherwise (the raw query value). */
export const WindowDaysSchema = z
  // The meta is what the API description shows; the transform below is what refuses, with the spec's message.
  // An empty value (`?days=`) is the default window, as is no value at all.
  .union([
    z.number().meta({ type: 'integer', minimum: 1, maximum: 365 }),
    z.string().max(10, portfolioMessages.daysOutOfRange).meta({ pattern: `^$|${textPattern.trimmedAround('0{0,2}[1-9]|0?[1-9][0-9]|[12][0-9]{2}|3[0-5][0-9]|36[0-5]')}` }),
  ])
  .nullish()
  .transform((days, ctx) => {
    if (days === undefined || days === null || days === '') return 60;
    const n = typeof days === 'number' ? days : /^\s*\d{1,3}\s*$/.test(days) ? Number(days) : Number.NaN;
    if (!Number.isInteger(n) || n < 1 || n > 365) {
      ctx.issues.push({ code: 'custom', message: portfolioMessages.daysOutOfRange, input: days });
      return 60;
    }
    return n;
  });

/** "property manager" / "Property-Manager" → PROPERTY_MANAGER; nothing → OTHER (spec 002 §3: roles use underscores). */
export function normaliseContactRole(role: string): string {
  const value = role.toUpperCase().replace(/[^A-Z0-9]+/g, '_').replace(/^_+|_+$/g, '');
  return value || 'OTHER';
}

/** Spec 002 §5: every contact call is made for the selected location. */
export const SelectedLocationSchema = requiredLine('Location', limits.name, { required: portfolioMessages.noLocationSelected });
