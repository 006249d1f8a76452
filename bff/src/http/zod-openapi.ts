import { textPatterns } from '@pm/contracts';
import { z } from 'zod';

/**
 * OpenAPI schemas straight from the contracts' zod definitions, so bff/openapi.json (and the web types generated
 * from it) can never drift from what the services parse.
 */
export function requestSchema(schema: z.ZodType): Record<string, unknown> {
  return countTrimmedInPatterns(
    z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'input', unrepresentable: 'any', override: (ctx) => addInputPatterns(ctx as never) }) as Record<string, unknown>,
  );
}

/** The patterns @pm/contracts registers for a text schema's input (`textPatterns`: what its refinements refuse). */
export function addInputPatterns(ctx: { zodSchema: z.core.$ZodTypes; jsonSchema: Record<string, unknown> }): void {
  const entry = textPatterns.get(ctx.zodSchema);
  addTextPatterns(ctx.jsonSchema, entry?.patterns);
  if (entry?.trimmed && ctx.jsonSchema['type'] === 'string') ctx.jsonSchema[TRIMMED] = true;
}

/** Marks, until `countTrimmedInPatterns` removes it, a string whose length its patterns bound after trimming. */
const TRIMMED = 'x-pm-trimmed';

/**
 * A trimmed text's `maxLength` (zod's, or lifted from a later stage) would count the spaces around it, which the
 * server trims away first: its patterns bound the trimmed length instead, so a padded value is not called invalid.
 */
export function countTrimmedInPatterns<T>(json: T): T {
  if (Array.isArray(json)) json.forEach((item) => countTrimmedInPatterns(item));
  else if (json !== null && typeof json === 'object') {
    const node = json as Record<string, unknown>;
    if (node[TRIMMED]) {
      delete node[TRIMMED];
      delete node['maxLength'];
    }
    Object.values(node).forEach((value) => countTrimmedInPatterns(value));
  }
  return json;
}

/** A value must match every pattern: the first is `pattern` unless the field's own `.regex()` is, the rest `allOf`. */
export function addTextPatterns(json: Record<string, unknown>, patterns: readonly string[] | undefined): void {
  if (json['type'] !== 'string') return;
  for (const pattern of patterns ?? []) {
    const present = [json['pattern'], ...((json['allOf'] ?? []) as Record<string, unknown>[]).map((part) => part['pattern'])];
    if (present.includes(pattern)) continue;
    if (json['pattern'] === undefined) json['pattern'] = pattern;
    else json['allOf'] = [...((json['allOf'] ?? []) as Record<string, unknown>[]), { pattern }];
  }
}

export function responseSchema(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'output', unrepresentable: 'any' }) as Record<string, unknown>;
}

export const errorSchema = {
  type: 'object',
  properties: { statusCode: { type: 'integer' }, message: { type: 'string' }, code: { type: 'string' } },
  required: ['statusCode', 'message'],
};
