import type { z } from 'zod';
import { EmailSchema, PhoneSchema } from './identity/validation.js';
import { LeaseDateSchema, requiredEmail } from './portfolio/validation.js';
import { browserStringFields, hostileStrings, setAt, type HostileKind } from './testing/hostile-strings.js';
import { IdRefSchema, idMaxLength, isCleanText, isEmailAddress, line, optionalLine, rawText, requiredBody, requiredLine, requiredText, textPattern, textPatterns } from './text.js';

/*
 * Every string a caller can send, in every request of every context, refuses what no field may hold: a NUL byte
 * (PostgreSQL refuses it, so it would be a 500), a lone surrogate (half a character), a bidi override (text that
 * reads differently from what it is) and an over-long value, each with a message of the contract's own rather
 * than zod's default wording. Multi-line text and message bodies keep their newlines but refuse the same.
 */

const DEFAULT = '«zod default message»';
const cases = browserStringFields();

describe('every string field of every request a browser can reach', () => {
  it('finds the fields (the walk is not empty)', () => {
    expect(cases.length).toBeGreaterThan(200);
    const named = cases.map(({ call, field }) => `${call} ${field}`);
    // A body field, a query list, a path id, a list the fixture leaves out, an identity call of a hand-written route.
    for (const field of ['PUT user/full_name full_name', 'GET vault/tagging-options unit_ids', 'GET tenant/:id/document id', 'PUT vault/documents/:id/tags tenant_ids.0', 'pm.rpc.identity.user.sign-up.v1 body.full_name']) {
      expect(named).toContain(field);
    }
  });

  it.each(Object.keys(hostileStrings) as HostileKind[])('refuses %s in every field, each with its own message', (kind) => {
    const accepted: string[] = [];
    const defaultWorded: string[] = [];
    for (const { call, field, contract, path, base } of cases) {
      const parsed = contract.request.safeParse(setAt(contract.fixture.request, path, hostileStrings[kind](base)), { error: () => DEFAULT });
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

/** Addresses people have, and what a mail library reads as a list, a quoted or commented address, or a mail server refuses. */
const emailAddresses = {
  taken: ['jordan.lee@example.com', 'o\'brien+rent@mail.example.co.uk', 'a_b-c@sub-domain.example.org', 'josé@correo.example', 'x@例え.jp', '1234@example.com', 'x\u20f3y@b\u20f8.example'],
  refused: [
    'a,b@example.com', 'jordan@example.com,other', 'a<b@example.com', 'a>b@example.com', '"a"@example.com', 'a(b)@example.com', 'a;b@example.com',
    'a:b@example.com', 'a[b]@example.com', 'a\\b@example.com', '.a@example.com', 'a.@example.com', 'a..b@example.com', 'a@example..com', 'a@-example.com',
    'a@example-.com', 'a@example', '@example.com', 'a@', 'a b@example.com', 'a@b@example.com', `${'a'.repeat(65)}@example.com`, `a@${'b'.repeat(64)}.com`,
    `a@${'b.'.repeat(130)}com`, 'a\u0000@example.com', 'a\u202e@example.com', 'a\u00a0b@example.com', 'a@b\u200b.com', 'a@b\u3000c.com',
  ],
};

describe('the one e-mail address rule', () => {
  it('takes the addresses people have', () => {
    for (const address of emailAddresses.taken) expect({ address, valid: isEmailAddress(address) }).toEqual({ address, valid: true });
  });

  it('refuses what a mail library reads as a list, a quoted or commented address, or a mail server refuses', () => {
    for (const address of emailAddresses.refused) expect({ address, valid: isEmailAddress(address) }).toEqual({ address, valid: false });
  });
});

describe('the patterns the API description shows for them', () => {
  /** Every character but the surrogates, which no UTF-8 request carries and the patterns leave out. */
  const everything = Array.from({ length: 0x110000 }, (_, point) => point)
    .filter((point) => point < 0xd800 || point > 0xdfff)
    .map((point) => String.fromCodePoint(point));

  it.each([false, true])('forbid exactly the characters the refinement refuses (multi-line: %s)', (multiline) => {
    const patterns = [textPattern.clean(multiline), textPattern.beyondBmp].map((pattern) => new RegExp(pattern, 'u'));
    const accepted = everything.filter((char) => patterns.every((pattern) => pattern.test(char)));
    expect(accepted.join('')).toBe(everything.filter((char) => isCleanText(char, multiline)).join(''));
  });

  it('let at either end exactly what trimming removes', () => {
    const [, trimmedChar] = /^\^(\[.*?\])\*/.exec(textPattern.trimmed()) ?? [];
    const trimmed = new RegExp(`^${trimmedChar!}$`, 'u');
    expect(everything.filter((char) => !trimmed.test(char)).join('')).toBe(everything.filter((char) => char.trim() !== '').join(''));
  });

  it('accept what each schema accepts and refuse what it refuses', () => {
    const samples = ['', ' ', '\t\n', 'A', 'Alex', '  Alex Morgan ', 'Alex\nMorgan', '\nAlex\n', '\ufeffAlex\u3000', 'Alex\u0000', '\u202eAlex', 'a\u200db', ' \u200b ', 'Alex 😀', '\u{e0001}'];
    // The length is the trimmed one: padding does not count, and a trimmed value over the limit is refused.
    samples.push(` ${'a'.repeat(200)}\u00a0`, `${'a'.repeat(100)} ${'b'.repeat(99)}`, 'a'.repeat(201), ` a${' '.repeat(300)}`);
    const schemas = {
      requiredLine: requiredLine('Name', 200),
      requiredText: requiredText('Message', 200),
      requiredBody: requiredBody('Body', 200, 'Body is required'),
      line: line('Notes', 200),
      multilineLine: line('Notes', 200, { multiline: true }),
      rawText: rawText('Token', 200),
      id: IdRefSchema,
    };
    const disagree: string[] = [];
    for (const [name, schema] of Object.entries(schemas)) {
      const patterns = patternsOf(schema).map((pattern) => new RegExp(pattern, 'u'));
      // Text kept as sent keeps its `maxLength` (200 here); trimmed text counts its length in the patterns.
      const maxLength = isTrimmed(schema) ? Infinity : name === 'id' ? idMaxLength : 200;
      for (const sample of samples) {
        const described = sample.length <= maxLength && patterns.every((pattern) => pattern.test(sample));
        if (described !== schema.safeParse(sample).success) disagree.push(`${name} ${JSON.stringify(sample)}`);
      }
    }
    expect(disagree).toEqual([]);
  });

  it('show what the e-mail, phone and date fields refuse after trimming', () => {
    const cases: [string, z.ZodType, string[]][] = [
      ['account phone', PhoneSchema, ['(555) 123-4567', ' 555-123-4567 ', '+1 555 123 4567', '5551234567', '', '555123456', '15551234567', '+2 555 123 4567', '555\n1234567', '(555) 123-4567 x']],
      ['sign-in e-mail', EmailSchema, ['a@b.co', ' A@B.CO ', 'a@b', 'a b@c.de', '', ' ', 'a@b.c\u0000', '@b.co', ...emailAddresses.taken, ...emailAddresses.refused]],
      ['contact e-mail', requiredEmail(), ['a@b.co', ' a@b.co ', 'a@b', '', '\u202ea@b.co', ...emailAddresses.taken, ...emailAddresses.refused]],
      ['lease date', LeaseDateSchema, ['2026-02-28', ' 2024-02-29 ', '2026-02-29', '2026-13-01', '', '   ', '000000000', '2026-1-01']],
    ];
    const disagree: string[] = [];
    for (const [name, schema, samples] of cases) {
      const patterns = patternsOf(schema).map((pattern) => new RegExp(pattern, 'u'));
      expect(patterns.length).toBeGreaterThan(0);
      for (const sample of samples) {
        if (patterns.every((pattern) => pattern.test(sample)) !== schema.safeParse(sample).success) disagree.push(`${name} ${JSON.stringify(sample)}`);
      }
    }
    expect(disagree).toEqual([]);
  });
});

/** The schema and the schemas its input passes through first (a pipe's input side, a wrapper's inner schema). */
function inputChain(schema: z.ZodType): z.ZodType[] {
  const chain: z.ZodType[] = [];
  for (let current: z.ZodType | undefined = schema; current; ) {
    chain.push(current);
    const def = current.def as { type: string; in?: z.ZodType; innerType?: z.ZodType };
    current = def.type === 'pipe' ? def.in : def.innerType;
  }
  return chain;
}

function isTrimmed(schema: z.ZodType): boolean {
  return inputChain(schema).some((part) => textPatterns.get(part)?.trimmed);
}

/** The patterns registered along the schema's input side (where the API description's generator reads them). */
function patternsOf(schema: z.ZodType): readonly string[] {
  return inputChain(schema).flatMap((part) => textPatterns.get(part)?.patterns ?? []);
}
