import { z } from 'zod';
import type { BoundRpcContract, HttpBinding, RequestInputOf } from './define.js';

/*
 * The two halves of a contract's HTTP binding, kept side by side so they cannot disagree: the web turns a request into
 * a call (`httpCallOf`), the BFF turns a call back into the request (`requestFromHttp`).
 */

const bodyMethods = new Set(['POST', 'PUT', 'PATCH']);

export function hasBody(http: HttpBinding): boolean {
  return bodyMethods.has(http.method);
}

/** The `:name` parameters of a binding's path, in order. */
export function pathParamsOf(path: string): string[] {
  return path.split('/').filter((segment) => segment.startsWith(':')).map((segment) => segment.slice(1));
}

export type QueryValue = string | number | boolean;

/** A query parameter's value: one, or a list sent as the parameter repeated (`?unit_ids=a&unit_ids=b`), as OpenAPI has it. */
export type QueryParam = QueryValue | readonly QueryValue[];

/**
 * The query string of a call's parameters (without `?`): a list as the parameter repeated, once per item, which is how
 * the BFF's OpenAPI document describes array parameters and how it reads them back (an array, or one string for one).
 */
export function queryStringOf(params: Record<string, QueryParam | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? (value as readonly QueryValue[]) : [value as QueryValue]) search.append(name, String(item));
  }
  return search.toString();
}

/** What fetch needs to make a call: RTK Query's FetchArgs shape, without depending on it. */
export interface HttpCall {
  url: string;
  method: HttpBinding['method'];
  params?: Record<string, QueryParam>;
  body?: Record<string, unknown>;
  /**
   * A call bound `multipart`: its text fields as form parts, in order (a list once per item), instead of `body`; the
   * caller appends the files under the binding's field.
   */
  form?: [string, string][];
}

/**
 * The call for one request: path parameters filled in (encoded), the other fields in the query string (GET/DELETE)
 * or the JSON body. Undefined and null fields are left out of a query string (they mean "not given").
 */
export function httpCallOf<C extends BoundRpcContract>(contract: C, request: RequestInputOf<C>): HttpCall {
  const { method, path } = contract.http;
  const fields = { ...(request as Record<string, unknown>) };
  const url = path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment;
      const name = segment.slice(1);
      const value = fields[name];
      delete fields[name];
      return encodeURIComponent(String(value ?? ''));
    })
    .join('/');
  if (contract.http.multipart) {
    const form: [string, string][] = [];
    for (const [name, value] of Object.entries(fields)) {
      if (name === contract.http.multipart.field || value === undefined || value === null) continue;
      for (const item of Array.isArray(value) ? value : [value]) form.push([name, String(item)]);
    }
    return { url, method, form };
  }
  if (hasBody(contract.http)) return { url, method, body: fields };
  const params: Record<string, QueryParam> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    params[name] = Array.isArray(value) ? value.map(queryValueOf) : queryValueOf(value);
  }
  return Object.keys(params).length > 0 ? { url, method, params } : { url, method };
}

function queryValueOf(value: unknown): QueryValue {
  return typeof value === 'number' || typeof value === 'boolean' ? value : String(value);
}

/** A call the HTTP binding itself refuses (no body, a body of the wrong kind), before the contract parses anything. */
export class HttpRequestError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 415 = 400,
  ) {
    super(message);
  }
}

export const httpRequestMessages = {
  bodyRequired: 'The request body is required',
  bodyNotObject: 'The request body must be a JSON object',
  bodyNotJson: 'The request body must be JSON (Content-Type: application/json)',
  bodyNotForm: 'The request body must be a form (Content-Type: multipart/form-data)',
} as const;

/** The request fields a body call takes in its body: every field that is not a path parameter. */
export function bodyFieldsOf(contract: BoundRpcContract): string[] {
  if (!hasBody(contract.http) || !(contract.request instanceof z.ZodObject)) return [];
  const path = new Set(pathParamsOf(contract.http.path));
  return Object.keys(contract.request.shape as Record<string, unknown>).filter((name) => !path.has(name));
}

/**
 * The request a call stands for, before the contract parses it: the JSON body's fields (POST/PUT/PATCH), then the
 * query string's (empty values left out; the others coerced to what the field accepts: "true" → true, "20" → 20 where the field wants a boolean or a
 * number), then the path parameters, which win. `body` is undefined when the call sent none: a body call that takes
 * fields in its body must send a JSON object (`{}` says "nothing to change"), so a lost body never reads as a request
 * to clear everything. A body that is not a JSON object is refused.
 */
export function requestFromHttp(
  contract: BoundRpcContract,
  parts: { params: Record<string, string>; query: Record<string, unknown>; body: unknown },
): Record<string, unknown> {
  const request: Record<string, unknown> = {};
  if (hasBody(contract.http)) {
    if (parts.body === undefined) {
      if (bodyFieldsOf(contract).length > 0) throw new HttpRequestError(httpRequestMessages.bodyRequired);
    } else {
      if (typeof parts.body !== 'object' || parts.body === null || Array.isArray(parts.body)) throw new HttpRequestError(httpRequestMessages.bodyNotObject);
      for (const [name, value] of Object.entries(parts.body)) if (name !== '__proto__') request[name] = value;
    }
  }
  const shape = contract.request instanceof z.ZodObject ? (contract.request.shape as Record<string, z.ZodType>) : {};
  for (const [name, raw] of Object.entries(parts.query)) {
    // `?location_id=` is how a form says "none selected": an empty value is a field not given.
    if (name === '__proto__' || raw === '') continue;
    request[name] = coerceQueryValue(shape[name], raw);
  }
  for (const name of pathParamsOf(contract.http.path)) request[name] = parts.params[name] ?? '';
  return request;
}

/**
 * A number written as JSON writes one, which is how the API description's integers and numbers are sent: not
 * `Number()`'s wider reading, which would take " 30 ", "0x1e" or "30" padded with no-break spaces for 30, so a value
 * the description calls invalid would be accepted.
 */
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

function coerceQueryValue(field: z.ZodType | undefined, raw: unknown): unknown {
  if (field === undefined || typeof raw !== 'string') return raw;
  // The typed reading first: a field that takes a number or a string gets 30 for "30", as the caller sent it.
  const candidates: unknown[] = [];
  if (raw === 'true' || raw === 'false') candidates.push(raw === 'true');
  if (JSON_NUMBER.test(raw)) candidates.push(Number(raw));
  return candidates.find((candidate) => field.safeParse(candidate).success) ?? raw;
}
