import type { OpenAPIObject } from '@nestjs/swagger';
import * as contracts from '@pm/contracts';
import {
  bodyFieldsOf,
  hasBody,
  httpRequestMessages,
  IDEMPOTENCY_KEY_HEADER,
  IdempotencyKeySchema,
  idempotencyErrors,
  pathParamsOf,
  textPatterns,
  type BoundRpcContract,
} from '@pm/contracts';
import { z } from 'zod';
import { API_BASE_PATH } from './api-base-path.js';
import { addInputPatterns, addTextPatterns, finishSchema } from './zod-openapi.js';

type JsonSchema = Record<string, unknown>;

/**
 * The API description of every bound contract, generated from the same definitions the router serves: paths,
 * parameters, bodies, the success answer and every documented failure with its messages. Entity schemas exported by
 * `@pm/contracts` as `<Name>Schema` become shared components (`#/components/schemas/<Name>`) that answers refer to.
 */
export function addContractOperations(document: OpenAPIObject, bound: readonly BoundRpcContract[]): void {
  const names = exportNames();
  const components = (document.components ??= {});
  const schemas = (components.schemas ??= {}) as Record<string, JsonSchema>;
  schemas['ErrorBody'] = errorBodySchema;
  const shared = sharedSchemas();
  for (const contract of bound) {
    const path = `/${API_BASE_PATH}/${contract.http.path.replace(/:([a-zA-Z0-9_]+)/g, '{$1}')}`;
    const method = contract.http.method.toLowerCase();
    const operations = ((document.paths[path] ??= {}) as Record<string, unknown>);
    operations[method] = operationOf(contract, names.get(contract) ?? contract.subject, shared, schemas);
  }
}

function operationOf(contract: BoundRpcContract, name: string, shared: z.core.$ZodRegistry<{ id: string }>, schemas: Record<string, JsonSchema>) {
  const pathNames = new Set(pathParamsOf(contract.http.path));
  const requestJson = toSchema(contract.request, 'input', shared, schemas);
  const properties = (requestJson['properties'] ?? {}) as Record<string, JsonSchema>;
  const required = new Set((requestJson['required'] ?? []) as string[]);
  markRequiredFields(contract.request, properties, required);
  const parameters: Record<string, unknown>[] = [...pathNames].map((param) => ({
    name: param,
    in: 'path',
    required: true,
    schema: properties[param] ?? { type: 'string' },
  }));
  let requestBody: Record<string, unknown> | undefined;
  const others = Object.keys(properties).filter((field) => !pathNames.has(field));
  if (hasBody(contract.http)) {
    const bodyRequired = others.filter((field) => required.has(field));
    const body: JsonSchema = { ...requestJson, properties: Object.fromEntries(others.map((field) => [field, properties[field]])) };
    if (bodyRequired.length > 0) body['required'] = bodyRequired;
    else delete body['required'];
    // The router refuses a body call without a body whenever the call takes body fields (requestFromHttp).
    const multipart = contract.http.multipart;
    if (multipart && body['properties']) {
      // A form: the files are sent as binary parts of the binding's field; the BFF stores them and fills in the references.
      const files = multipart.field;
      const minItems = (body['properties'] as Record<string, JsonSchema>)[files]?.['minItems'];
      (body['properties'] as Record<string, JsonSchema>)[files] = {
        type: 'array',
        ...(minItems === undefined ? {} : { minItems }),
        maxItems: multipart.maxFiles,
        // An empty file is refused ("The file is empty."); a file's type is read from its bytes, which no schema can show.
        items: { type: 'string', format: 'binary', minLength: 1 },
        description: `Up to ${multipart.maxFiles} files of at most ${multipart.maxFileBytes / (1024 * 1024)} MiB each (${multipart.accept.join(', ')}), sent as parts named "${files}"; a list field is sent once per item.`,
      };
      // The router refuses a field the contract does not take (formBody in contract-router.ts).
      body['additionalProperties'] = false;
      requestBody = { required: true, content: { 'multipart/form-data': { schema: body } } };
    } else requestBody = { required: bodyFieldsOf(contract).length > 0, content: { 'application/json': { schema: body } } };
  } else {
    for (const field of others) parameters.push({ name: field, in: 'query', required: required.has(field), schema: properties[field] });
  }
  if (contract.http.idempotent) {
    parameters.push({
      name: IDEMPOTENCY_KEY_HEADER,
      in: 'header',
      required: false,
      description:
        'A key of your choice (a UUID, say) that makes a retry safe: the first answer is kept for 24 hours per user and key, ' +
        'and a retry with the same key and the same request gets that answer without creating again. The same key with a ' +
        'different request answers 422; a retry while the first request is still running answers 409.',
      schema: z.toJSONSchema(IdempotencyKeySchema, { target: 'openapi-3.0' }),
    });
  }
  const status = String(contract.http.status ?? 200);
  const responses: Record<string, unknown> = {
    [status]:
      status === '204'
        ? { description: 'Done; no content' }
        : { description: 'OK', content: { 'application/json': { schema: toSchema(contract.response, 'output', shared, schemas) } } },
  };
  const errors: Record<string, string | readonly string[]> = { 400: ['The request does not match its schema (the first problem is the message)'], ...contract.errors };
  if (hasBody(contract.http)) {
    errors[400] = [...new Set([...listOf(errors[400]), ...bodyMessages])];
    errors[415] ??= [httpRequestMessages.bodyNotJson];
  }
  if (contract.http.multipart) {
    // The file store's own refusals while a file streams in (FileStore.put).
    errors[415] = [httpRequestMessages.bodyNotForm, 'This file type is not recognised. Accepted: …', 'This file is a …, which is not accepted here. Accepted: …'];
    errors[413] = [`The file is larger than the limit of …`];
    errors[400] = [...listOf(errors[400]), `Send at most ${contract.http.multipart.maxFiles} files.`];
  }
  if (contract.http.auth !== 'public') errors[401] ??= ['Authentication required', 'Your session has expired. Please sign in again.'];
  if (contract.http.idempotent) {
    for (const [code, message] of Object.entries(idempotencyErrors)) errors[code] = [...listOf(errors[code]), message];
  }
  for (const [code, messages] of Object.entries(errors)) {
    const list = listOf(messages);
    responses[code] = {
      description: list.map((message) => `"${message}"`).join(' | '),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
    };
  }
  // A query of id lists can make the URL longer than Node's header limit (16 KB): Node itself answers 431, empty,
  // before any route runs.
  if (parameters.some((parameter) => (parameter as { schema?: { type?: string } }).schema?.type === 'array')) {
    responses['431'] = { description: '"Request Header Fields Too Large": the query string is longer than the server takes; ask for fewer ids' };
  }
  return {
    operationId: name,
    ...(contract.description ? { description: contract.description } : {}),
    tags: [contract.http.path.split('/')[0]!],
    ...(contract.http.auth === 'public' ? {} : { security: [{ bearer: [] }] }),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
  };
}

const bodyParserMessages = ['The request body is not valid JSON', 'The request body is nested too deeply'];
const bodyMessages = [httpRequestMessages.bodyRequired, httpRequestMessages.bodyNotObject, ...bodyParserMessages];

function listOf(messages: string | readonly string[] | undefined): readonly string[] {
  return messages === undefined ? [] : typeof messages === 'string' ? [messages] : messages;
}

/**
 * Required means required: a field the request refuses when it is missing (the contracts take a missing required
 * text as null so the schema can answer with the spec's message) is listed as required, and is not shown as nullable
 * when null is refused too.
 */
function markRequiredFields(request: z.ZodType, properties: Record<string, JsonSchema>, required: Set<string>): void {
  if (!(request instanceof z.ZodObject)) return;
  for (const [name, field] of Object.entries(request.shape as Record<string, z.ZodType>)) {
    const property = properties[name];
    if (!property) continue;
    if (!field.safeParse(undefined).success) required.add(name);
    if (property['nullable'] === true && !field.safeParse(null).success) {
      delete property['nullable'];
      if (Array.isArray(property['enum'])) property['enum'] = (property['enum'] as unknown[]).filter((value) => value !== null);
    }
    markNestedRequired(field, property);
  }
}

/** The same inside a field's objects (a list of participants each needing a phone), whose `required` zod leaves out. */
function markNestedRequired(field: z.ZodType, json: JsonSchema): void {
  const inner = unwrapped(field);
  if (inner instanceof z.ZodArray && json['items']) return markNestedRequired(inner.element as z.ZodType, json['items'] as JsonSchema);
  if (!(inner instanceof z.ZodObject) || !json['properties']) return;
  const properties = json['properties'] as Record<string, JsonSchema>;
  const required = new Set((json['required'] ?? []) as string[]);
  for (const [name, child] of Object.entries(inner.shape as Record<string, z.ZodType>)) {
    if (!properties[name]) continue;
    if (!child.safeParse(undefined).success) required.add(name);
    markNestedRequired(child, properties[name]);
  }
  if (required.size > 0) json['required'] = [...required];
}

/** A schema under its optional, nullable, default and pipe wrappers (the side a request is parsed from first). */
function unwrapped(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (let depth = 0; depth < 10; depth++) {
    const def = current._zod.def as { type: string; in?: z.ZodType; innerType?: z.ZodType };
    const next = def.type === 'pipe' ? def.in : def.innerType;
    if (!next) return current;
    current = next;
  }
  return current;
}

/** The limit keywords that matter to a caller; the input side of a pipe carries none of its output side's by itself. */
const limitKeywords = ['maxLength', 'maximum', 'minimum', 'exclusiveMaximum', 'exclusiveMinimum', 'maxItems', 'maxProperties'] as const;

/**
 * What the request side of the document shows beyond zod's own keywords: each text schema's pattern (`textPatterns`
 * of @pm/contracts: what its refinements refuse), and the limits of a pipe's later stages.
 */
function describeInput(ctx: { zodSchema: z.core.$ZodTypes; jsonSchema: JsonSchema }): void {
  addInputPatterns(ctx);
  liftPipeLimits(ctx);
}

/**
 * A pipe (`requiredLine`: null or nothing → "" → trimmed → bounded) is described by its input side, which would hide
 * the limits its later stages check: they are lifted onto the input, so the document shows what is refused. A later
 * stage's text pattern is lifted only onto a bare string, which reaches it unchanged (a trimming stage has its own).
 */
function liftPipeLimits(ctx: { zodSchema: z.core.$ZodTypes; jsonSchema: JsonSchema }): void {
  const def = ctx.zodSchema._zod.def;
  if (def.type !== 'pipe') return;
  const limits = limitsOf(def.out as z.ZodType);
  for (const keyword of limitKeywords) if (limits[keyword] !== undefined && ctx.jsonSchema[keyword] === undefined) ctx.jsonSchema[keyword] = limits[keyword];
  const input = def.in as z.ZodType;
  if (input._zod.def.type === 'string' && (input._zod.def.checks ?? []).length === 0 && !textPatterns.get(input)) {
    addTextPatterns(ctx.jsonSchema, textPatterns.get(def.out as z.ZodType)?.patterns);
  }
}

function limitsOf(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const def = schema._zod.def;
  const later = def.type === 'pipe' ? limitsOf((def as z.core.$ZodPipeDef).out as z.ZodType) : {};
  return { ...later, ...Object.fromEntries(limitKeywords.filter((keyword) => json[keyword] !== undefined).map((keyword) => [keyword, json[keyword]])) };
}

/**
 * What the JSON body parser in front of every route answers (json-body.ts), on every operation that takes a body,
 * the hand-written controllers' included, in the one error shape.
 */
export function addBodyParserFailures(document: OpenAPIObject): void {
  const ref = { $ref: '#/components/schemas/ErrorBody' };
  for (const operations of Object.values(document.paths)) {
    for (const operation of Object.values(operations as Record<string, { requestBody?: unknown; responses?: Record<string, unknown> }>)) {
      if (typeof operation !== 'object' || !operation?.requestBody) continue;
      const responses = (operation.responses ??= {});
      responses['400'] ??= { description: bodyParserMessages.slice(0, 2).map((message) => `"${message}"`).join(' | '), content: { 'application/json': { schema: ref } } };
      responses['413'] ??= { description: '"The request body is too large"', content: { 'application/json': { schema: ref } } };
    }
  }
}

/** One schema; the shared ones it contains become `$ref`s, their definitions added to the components once. */
function toSchema(schema: z.ZodType, io: 'input' | 'output', shared: z.core.$ZodRegistry<{ id: string }>, components: Record<string, JsonSchema>): JsonSchema {
  const json = z.toJSONSchema(schema, {
    target: 'openapi-3.0',
    io,
    unrepresentable: 'any',
    metadata: io === 'output' ? shared : undefined,
    override: io === 'input' ? (ctx) => describeInput(ctx as never) : undefined,
  }) as JsonSchema;
  const { definitions, ...rest } = finishSchema(json) as JsonSchema & { definitions?: Record<string, JsonSchema> };
  const rewrite = <T>(value: T): T => JSON.parse(JSON.stringify(value).replaceAll('"#/definitions/', '"#/components/schemas/')) as T;
  for (const [id, definition] of Object.entries(definitions ?? {})) components[id] ??= rewrite(definition);
  return rewrite(rest);
}

/** `TenantSchema` → component `Tenant`, for every zod schema the contracts package exports under that naming rule. */
function sharedSchemas(): z.core.$ZodRegistry<{ id: string }> {
  const registry = z.registry<{ id: string }>();
  for (const [name, value] of Object.entries(contracts)) {
    if (name.endsWith('Schema') && value instanceof z.ZodObject && !registry.has(value)) registry.add(value, { id: name.slice(0, -'Schema'.length) });
  }
  return registry;
}

/** The exported name of each contract (`GetTenant`), used as its operation id. */
function exportNames(): Map<unknown, string> {
  const names = new Map<unknown, string>();
  for (const [name, value] of Object.entries(contracts)) {
    if (typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'rpc' && !names.has(value)) names.set(value, name);
  }
  return names;
}

const errorBodySchema: JsonSchema = {
  type: 'object',
  description: 'Every failure of the API: the status again and a message written for the person using the product.',
  properties: {
    statusCode: { type: 'integer' },
    message: { type: 'string' },
    code: { type: 'string', description: 'A stable identifier of the kind of failure (bad_request, not_found, conflict, …)' },
  },
  required: ['statusCode', 'message'],
  additionalProperties: false,
};
