import { ApiParam } from '@nestjs/swagger';
import { IdRefSchema, textPatterns } from '@pm/contracts';
import { z } from 'zod';

/**
 * OpenAPI schemas straight from the contracts' zod definitions, so bff/openapi.json (and the web types generated
 * from it) can never drift from what the services parse.
 */
export function requestSchema(schema: z.ZodType): Record<string, unknown> {
  return finishSchema(
    z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'input', unrepresentable: 'any', override: (ctx) => addInputPatterns(ctx as never) }) as Record<string, unknown>,
  );
}

/** The patterns @pm/contracts registers for a text schema's input (`textPatterns`: what its refinements refuse). */
export function addInputPatterns(ctx: { zodSchema: z.core.$ZodTypes; jsonSchema: Record<string, unknown> }): void {
  const entry = textPatterns.get(ctx.zodSchema);
  addTextPatterns(ctx.jsonSchema, entry?.patterns);
  if (entry?.trimmed && ctx.jsonSchema['type'] === 'string') ctx.jsonSchema[TRIMMED] = true;
}

/** Marks, until `finishSchema` removes it, a string whose length its patterns bound after trimming. */
const TRIMMED = 'x-pm-trimmed';

/**
 * What zod's JSON Schema needs before OpenAPI 3.0 reads it as zod parses:
 * - a trimmed text's `maxLength` (zod's, or lifted from a later stage) would count the spaces around it, which the
 *   server trims away first: its patterns bound the trimmed length instead, so a padded value is not called invalid;
 * - a nullable `enum` lists null among its values, as OpenAPI 3.0.3 asks (`nullable` does not add to an `enum`), or
 *   a reader takes a null the server accepts for invalid.
 */
export function finishSchema<T>(json: T): T {
  if (Array.isArray(json)) json.forEach((item) => finishSchema(item));
  else if (json !== null && typeof json === 'object') {
    const node = json as Record<string, unknown>;
    if (node[TRIMMED]) {
      delete node[TRIMMED];
      delete node['maxLength'];
    }
    if (node['nullable'] === true && Array.isArray(node['enum']) && !node['enum'].includes(null)) node['enum'] = [...(node['enum'] as unknown[]), null];
    Object.values(node).forEach((value) => finishSchema(value));
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

/**
 * A path id of a hand-written route, described as a contract's ids are: what `IdRefSchema` refuses (the controller
 * parses the id with it, a 400) is what the description calls invalid.
 */
export function ApiIdParam(name: string): MethodDecorator {
  return ApiParam({ name, required: true, schema: requestSchema(IdRefSchema) });
}
