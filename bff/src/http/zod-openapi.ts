import { z } from 'zod';

/**
 * OpenAPI schemas straight from the contracts' zod definitions, so bff/openapi.json (and the web types generated
 * from it) can never drift from what the services parse.
 */
export function requestSchema(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
}

export function responseSchema(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'output', unrepresentable: 'any' }) as Record<string, unknown>;
}

export const errorSchema = {
  type: 'object',
  properties: { statusCode: { type: 'integer' }, message: { type: 'string' }, code: { type: 'string' } },
  required: ['statusCode', 'message'],
};
