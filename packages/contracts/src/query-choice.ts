import { z } from 'zod';

/*
 * A query parameter that picks one of a few values. The BFF reads every query string, so `?channel=` arrives as '' and
 * means "no choice made": the contract documents '' as allowed (the OpenAPI conformance run holds the API to what it
 * documents) and reads it as the parameter's absence.
 */

/** Optional: '' and absence both read as `undefined`. */
export function queryChoice<const Values extends readonly [string, ...string[]]>(values: Values, error: string) {
  return z
    .enum([...values, ''] as [...Values, ''], { error })
    .optional()
    .transform((value): Values[number] | undefined => value || undefined);
}

/** With a default: '' and absence both read as `fallback`. */
export function queryChoiceOr<const Values extends readonly [string, ...string[]]>(values: Values, error: string, fallback: Values[number]) {
  return z
    .enum([...values, ''] as [...Values, ''], { error })
    .optional()
    .transform((value): Values[number] => value || fallback);
}
