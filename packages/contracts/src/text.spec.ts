import type { z } from 'zod';
import type { RpcContract } from './define.js';
import { rpcRegistry } from './registry.js';
import { IdRefSchema, idMaxLength, isCleanText, optionalLine, requiredBody, requiredLine, requiredText } from './text.js';

/*
 * Every string a caller can send, in every request of every context, refuses what no field may hold: a NUL byte
 * (PostgreSQL refuses it, so it would be a 500), a lone surrogate (half a character), a bidi override (text that
 * reads differently from what it is) and an over-long value, each with a message of the contract's own rather
 * than zod's default wording. Multi-line text and message bodies keep their newlines but refuse the same.
 */

const DEFAULT = '«zod default message»';
const hostile = {
  'a NUL byte': (value: string) => `${value}\u0000`,
  'a lone surrogate': (value: string) => `${value}\ud800`,
  'a bidi override': (value: string) => `\u202e${value}`,
  'an over-long value': (value: string) => value + 'a'.repeat(100_001),
} as const;

type Path = readonly (string | number)[];

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

function setAt(value: unknown, path: Path, leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path;
  const at = value ?? (typeof head === 'number' ? [] : {});
  const copy = (Array.isArray(at) ? [...(at as unknown[])] : { ...(at as object) }) as Record<string | number, unknown>;
  copy[head!] = setAt(copy[head!], rest, leaf);
  return copy;
}

function getAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((at, key) => (at == null ? undefined : (at as Record<string | number, unknown>)[key]), value);
}

/** The paths of the request where a caller may put a string: the fixture's strings, and fields a string would fill. */
function stringPaths(contract: RpcContract): { path: Path; base: string }[] {
  const found: { path: Path; base: string }[] = [];
  const accepts = (path: Path, candidate: unknown) => contract.request.safeParse(setAt(contract.fixture.request, path, candidate)).success;
  const visit = (schema: z.ZodType | null, value: unknown, path: Path) => {
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

/**
 * The requests a browser's call reaches: those bound to HTTP, and identity's, which the BFF's hand-written auth routes
 * (sign-up, sign-in, links, Google sign-in) call with what the browser sent. Service-to-service requests (a phone
 * call's transcript for the assistant) carry what a provider sent and are not refused for it.
 */
const reachedByBrowsers = rpcRegistry.filter((contract) => contract.http || contract.context === 'identity');

const cases = reachedByBrowsers
  .flatMap((contract) => stringPaths(contract).map(({ path, base }) => [contract.http ? `${contract.http.method} ${contract.http.path}` : contract.subject, path.join('.'), contract, path, base] as const));

describe('every string field of every request a browser can reach', () => {
  it('finds the fields (the walk is not empty)', () => {
    expect(cases.length).toBeGreaterThan(200);
    const named = cases.map(([call, field]) => `${call} ${field}`);
    // A body field, a query list, a path id, a list the fixture leaves out, an identity call of a hand-written route.
    for (const field of ['PUT user/full_name full_name', 'GET vault/tagging-options unit_ids', 'GET tenant/:id/document id', 'PUT vault/documents/:id/tags tenant_ids.0', 'pm.rpc.identity.user.sign-up.v1 body.full_name']) {
      expect(named).toContain(field);
    }
  });

  it.each(Object.keys(hostile) as (keyof typeof hostile)[])('refuses %s in every field, each with its own message', (kind) => {
    const accepted: string[] = [];
    const defaultWorded: string[] = [];
    for (const [call, field, contract, path, base] of cases) {
      const parsed = contract.request.safeParse(setAt(contract.fixture.request, path, hostile[kind](base)), { error: () => DEFAULT });
      if (parsed.success) accepted.push(`${call} ${field}`);
      else if (parsed.error.issues[0]!.message === DEFAULT) defaultWorded.push(`${call} ${field}`);
    }
    expect({ accepted, defaultWorded }).toEqual({ accepted: [], defaultWorded: [] });
  });
});

describe('the shared text and id schemas', () => {
  it('refuses control and formatting characters and lone surrogates on a line; keeps a whole emoji', () => {
    const name = requiredLine('Full Name', 200);
    expect(name.safeParse('  Alex Morgan ').data).toBe('Alex Morgan');
    for (const bad of ['Alex\u0000', 'Alex\u001b[31m', '\u202eAlex', 'Alex\u200b', 'Alex\ud800', '\udc00Alex', 'Alex\nMorgan']) {
      expect(name.safeParse(bad).error?.issues[0]?.message).toBe('Full Name contains characters that are not allowed');
    }
    expect(name.safeParse('Alex 😀').success).toBe(true);
    expect(name.safeParse('a'.repeat(201)).error?.issues[0]?.message).toBe('Full Name must be at most 200 characters');
    expect(name.safeParse(' ').error?.issues[0]?.message).toBe('Full Name is required');
  });

  it('keeps newlines, tabs and emoji sequences in multi-line text and refuses NUL, lone surrogates and bidi overrides', () => {
    for (const schema of [requiredText('Message', 1_000), requiredBody('Body', 1_000, 'Body is required'), optionalLine('Notes', 1_000, { multiline: true })]) {
      expect(schema.safeParse('Hello,\r\n\tthe family 👩‍👧 says hi').success).toBe(true);
      for (const bad of ['Hello\u0000', 'Hello\ud83d', '\u202eHello', 'Hello\u2066']) expect(schema.safeParse(bad).success).toBe(false);
    }
  });

  it('refuses ids that could name nothing, and leaves the rest to the lookup', () => {
    expect(IdRefSchema.safeParse('01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c').success).toBe(true);
    expect(IdRefSchema.safeParse('not-a-uuid').success).toBe(true);
    expect(IdRefSchema.safeParse('x'.repeat(idMaxLength + 1)).error?.issues[0]?.message).toBe('Ids are at most 100 characters');
    for (const bad of ['abc\u0000', 'abc\ud800', '\u202eabc']) expect(IdRefSchema.safeParse(bad).error?.issues[0]?.message).toBe('Ids contain characters that are not allowed');
    expect(isCleanText('a\u200db', true)).toBe(true);
    expect(isCleanText('a\u200db')).toBe(false);
  });
});
