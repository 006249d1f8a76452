import { z } from 'zod';
import { lineForbidden as forbidden, textPattern, withPattern } from './text.js';

/**
 * Free-form metadata a caller may send (a location's extras, a referral's campaign details): flat key → value pairs,
 * bounded so that no request can store thousands of keys or a megabyte under one. The values anyone sends today are
 * short strings; numbers, booleans and null are allowed, nested objects and arrays are not.
 */
export const metadataLimits = { keys: 50, keyLength: 100, valueLength: 1_000, numberMagnitude: 1e15 } as const;

export const metadataMessages = {
  tooManyKeys: `Metadata can have at most ${metadataLimits.keys} keys`,
  badKey: `Metadata keys must be 1 to ${metadataLimits.keyLength} characters, without control characters`,
  badValue: `Metadata values must be text of at most ${metadataLimits.valueLength.toLocaleString('en-US')} characters, a number, true, false or null`,
} as const;


export const MetadataValueSchema = z.union(
  [
    withPattern(
      z
        .string()
        .max(metadataLimits.valueLength, metadataMessages.badValue)
        .refine((value) => !forbidden.test(value), metadataMessages.badValue),
      textPattern.clean(),
      textPattern.beyondBmp,
    ),
    z.number().min(-metadataLimits.numberMagnitude, metadataMessages.badValue).max(metadataLimits.numberMagnitude, metadataMessages.badValue),
    z.boolean(),
    z.null(),
  ],
  { error: metadataMessages.badValue },
);

/** A metadata object: the known keys with their own rules, any other key a bounded flat value. */
export function metadataSchema<Shape extends z.ZodRawShape>(known: Shape = {} as Shape) {
  return z
    .object(known)
    .catchall(MetadataValueSchema)
    .superRefine((value, ctx) => {
      const keys = Object.keys(value);
      if (keys.length > metadataLimits.keys) ctx.addIssue({ code: 'custom', message: metadataMessages.tooManyKeys, input: value });
      else if (keys.some((key) => key.length === 0 || key.length > metadataLimits.keyLength || forbidden.test(key))) ctx.addIssue({ code: 'custom', message: metadataMessages.badKey, input: value });
    })
    .meta({ maxProperties: metadataLimits.keys });
}
