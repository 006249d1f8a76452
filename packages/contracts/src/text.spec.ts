import { browserStringFields, hostileStrings, setAt, type HostileKind } from './testing/hostile-strings.js';
import { IdRefSchema, idMaxLength, isCleanText, isEmailAddress, optionalLine, requiredBody, requiredLine, requiredText } from './text.js';

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

describe('the one e-mail address rule', () => {
  it('takes the addresses people have', () => {
    for (const address of ['jordan.lee@example.com', 'o\'brien+rent@mail.example.co.uk', 'a_b-c@sub-domain.example.org', 'josé@correo.example', 'x@例え.jp', '1234@example.com']) {
      expect({ address, valid: isEmailAddress(address) }).toEqual({ address, valid: true });
    }
  });

  it('refuses what a mail library reads as a list, a quoted or commented address, or a mail server refuses', () => {
    const refused = [
      'a,b@example.com', 'jordan@example.com,other', 'a<b@example.com', 'a>b@example.com', '"a"@example.com', 'a(b)@example.com', 'a;b@example.com',
      'a:b@example.com', 'a[b]@example.com', 'a\\b@example.com', '.a@example.com', 'a.@example.com', 'a..b@example.com', 'a@example..com', 'a@-example.com',
      'a@example-.com', 'a@example', '@example.com', 'a@', 'a b@example.com', 'a@b@example.com', `${'a'.repeat(65)}@example.com`, `a@${'b'.repeat(64)}.com`,
      `a@${'b.'.repeat(130)}com`, 'a\u0000@example.com', 'a\u202e@example.com',
    ];
    for (const address of refused) expect({ address, valid: isEmailAddress(address) }).toEqual({ address, valid: false });
  });
});
