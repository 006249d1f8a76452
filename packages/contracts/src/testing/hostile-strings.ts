import type { z } from 'zod';
import type { RpcContract } from '../define.js';
import { rpcRegistry } from '../registry.js';

/*
 * What no string field of a request may hold, and every string field of every request a browser can reach: the cases
 * of the contracts' own test (each schema refuses each, with a message of its own) and of the BFF's (the router answers
 * each over HTTP as the schema does, never with a 5xx, and asks no service).
 */

/** A value no field may hold, made from a value the field accepts. */
export const hostileStrings = {
  'a NUL byte': (value: string) => `${value}\u0000`,
  'a lone surrogate': (value: string) => `${value}\ud800`,
  'a bidi override': (value: string) => `\u202e${value}`,
  'an over-long value': (value: string) => value + 'a'.repeat(100_001),
} as const;

export type HostileKind = keyof typeof hostileStrings;

export type FieldPath = readonly (string | number)[];

function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema as z.ZodType & { def: Record<string, unknown> };
  for (;;) {
    const def = current.def as { type: string; in?: z.ZodType; innerType?: z.ZodType };
    if (def.type === 'pipe' && def.in) current = def.in as typeof current;
    else if ((def.type === 'optional' || def.type === 'nullable' || def.type === 'default' || def.type === 'prefault') && def.innerType) current = def.innerType as typeof current;
    else return current;
  }
}

function shapeOf(schema: z.ZodType): Record<string, z.ZodType> | null {
  const inner = unwrap(schema) as z.ZodType & { def: { type: string; shape?: Record<string, z.ZodType> } };
  return inner.def.type === 'object' ? (inner.def.shape ?? null) : null;
}

/** `value` with `leaf` at `path` (copies along the path; the rest shared). */
export function setAt(value: unknown, path: FieldPath, leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path;
  const at = value ?? (typeof head === 'number' ? [] : {});
  const copy = (Array.isArray(at) ? [...(at as unknown[])] : { ...(at as object) }) as Record<string | number, unknown>;
  copy[head!] = setAt(copy[head!], rest, leaf);
  return copy;
}

function getAt(value: unknown, path: FieldPath): unknown {
  return path.reduce<unknown>((at, key) => (at == null ? undefined : (at as Record<string | number, unknown>)[key]), value);
}

/** The paths of the request where a caller may put a string: the fixture's strings, and fields a string would fill. */
function stringPaths(contract: RpcContract): { path: FieldPath; base: string }[] {
  const found: { path: FieldPath; base: string }[] = [];
  const accepts = (path: FieldPath, candidate: unknown) => contract.request.safeParse(setAt(contract.fixture.request, path, candidate)).success;
  const visit = (schema: z.ZodType | null, value: unknown, path: FieldPath) => {
    if (typeof value === 'string') {
      found.push({ path, base: value });
      return;
    }
    if (Array.isArray(value)) {
      value.forEach((item, index) => visit(null, item, [...path, index]));
      return;
    }
    const shape = schema ? shapeOf(schema) : null;
    if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) visit(shape?.[key] ?? null, item, [...path, key]);
    }
    // Fields the fixture leaves out or sets to null, which a caller may fill with text.
    for (const key of Object.keys(shape ?? {})) {
      const field = [...path, key];
      const current = getAt(contract.fixture.request, field);
      if (typeof current === 'string' || (current !== null && typeof current === 'object')) continue;
      const candidates = ['Maple', '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c'];
      const base = candidates.find((candidate) => accepts(field, candidate));
      if (base) {
        found.push({ path: field, base });
        continue;
      }
      // A list of strings the fixture leaves out (a tag list, ids to act on).
      const item = candidates.find((candidate) => contract.request.safeParse(setAt(contract.fixture.request, field, [candidate])).success);
      if (item) found.push({ path: [...field, 0], base: item });
    }
  };
  visit(contract.request, contract.fixture.request, []);
  return found;
}

/** One string field of one request: the call's name, the field's, and a value the field accepts. */
export interface StringFieldCase {
  call: string;
  field: string;
  contract: RpcContract;
  path: FieldPath;
  base: string;
}

/**
 * The requests a browser's call reaches: those bound to HTTP, and identity's, which the BFF's hand-written auth routes
 * (sign-up, sign-in, links, Google sign-in) call with what the browser sent. Service-to-service requests (a phone
 * call's transcript for the assistant) carry what a provider sent and are not refused for it.
 */
export function browserStringFields(): StringFieldCase[] {
  return rpcRegistry
    .filter((contract) => contract.http || contract.context === 'identity')
    .flatMap((contract) =>
      stringPaths(contract).map(({ path, base }) => ({
        call: contract.http ? `${contract.http.method} ${contract.http.path}` : contract.subject,
        field: path.join('.'),
        contract,
        path,
        base,
      })),
    );
}
