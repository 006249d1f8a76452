import {
  CaptchaTokenSchema,
  CONVERSATION_PARTICIPANTS_REQUIRED,
  CONVERSATION_TOO_MANY_PARTICIPANTS,
  CreateGroupConversation,
  CreatePropertyLocation,
  CreateUnit,
  identityMessages,
  NewPasswordSchema,
  SendEmail,
  SignUpBodySchema,
  TenantContactInputSchema,
  unitMessages,
} from '@pm/contracts';
import type { FormRule } from 'antd';
import { z } from 'zod';
import { contractListRules, contractRules } from './contract-rules.js';

type PlainRule = { required?: boolean; whitespace?: boolean; message?: string; validator?: (rule: unknown, value: unknown) => Promise<void> };

/** The required rule antd would apply, and what the validator says of `value` (undefined when it accepts it). */
async function check(rules: FormRule[], value: unknown) {
  const plain = rules as PlainRule[];
  const required = plain.find((rule) => rule.required);
  const validator = plain.find((rule) => rule.validator)!.validator!;
  const said = await validator({}, value).then(
    () => undefined,
    (error: Error) => error.message,
  );
  return { required: required && { whitespace: required.whitespace ?? false, message: required.message }, said };
}

describe('contractRules', () => {
  it("requires a field the contract requires, with the contract's message; blank text counts as empty", async () => {
    const rules = contractRules(CreateUnit.request.shape.name);
    expect(await check(rules, '   ')).toEqual({ required: { whitespace: true, message: unitMessages.nameRequired }, said: undefined });
  });

  it("refuses what the contract's limits and refinements refuse, in the contract's words", async () => {
    const rules = contractRules(CreateUnit.request.shape.name);
    expect((await check(rules, 'Unit 1A')).said).toBeUndefined();
    expect((await check(rules, 'x'.repeat(101))).said).toBe('Unit name must be at most 100 characters');
    expect((await check(rules, 'Unit\u0000')).said).toBe('Unit name contains characters that are not allowed');
    expect((await check(contractRules(NewPasswordSchema), 'short')).said).toBe(identityMessages.accountPasswordTooShort);
  });

  it("follows a limit changed in the schema: the rule is read from it, not written beside it", async () => {
    const name = (max: number) => z.string().min(1, 'Name is required').max(max, `Name must be at most ${max} characters`);
    expect((await check(contractRules(name(3)), 'abcd')).said).toBe('Name must be at most 3 characters');
    expect((await check(contractRules(name(10)), 'abcd')).said).toBeUndefined();
  });

  it('leaves an optional field alone when empty, unless the form requires it', async () => {
    expect(await check(contractRules(CaptchaTokenSchema), '')).toEqual({ required: undefined, said: undefined });
    expect((await check(contractRules(CaptchaTokenSchema, { required: true }), '')).required).toEqual({ whitespace: false, message: identityMessages.captchaRequired });
  });

  it("words the required rule as the screen does when the form asks for it, and reports a blank field once", async () => {
    const rules = contractRules(CreatePropertyLocation.request.shape.address_text, { required: 'Property Rental Address is required' });
    expect(await check(rules, '   ')).toEqual({ required: { whitespace: true, message: 'Property Rental Address is required' }, said: undefined });
    expect((await check(rules, 'x'.repeat(501))).said).toBe('Property Address must be at most 500 characters');
  });

  it('checks a value that is not text by its own type (a checkbox must be ticked, not merely set)', async () => {
    const rules = contractRules(SignUpBodySchema.shape.has_accepted_terms);
    expect(await check(rules, false)).toEqual({ required: { whitespace: false, message: identityMessages.termsRequired }, said: identityMessages.termsRequired });
    expect((await check(rules, true)).said).toBeUndefined();
  });

  it("maps the form's value to the request's shape when they differ", async () => {
    const rules = contractRules(TenantContactInputSchema, { input: (value) => ({ type: 'phone', value }) });
    expect((await check(rules, '555-123-4567')).said).toBeUndefined();
    expect((await check(rules, '12345')).said).toBe('Phone number must be in format (999) 999-9999');
  });

  it('words an issue as the screen does when the form says more than the schema (the address refused)', async () => {
    const rules = contractRules(SendEmail.request.shape.recipients, {
      message: (issue, value) => (Array.isArray(value) && typeof issue.path[0] === 'number' ? `${issue.message}: ${String(value[issue.path[0]])}` : issue.message),
    });
    expect((await check(rules, ['ann@example.com', 'not-an-address'])).said).toBe('Invalid email address: not-an-address');
    expect((await check(rules, Array.from({ length: 501 }, (_, n) => `r${n}@example.com`))).said).toBe('At most 500 recipients can be sent to at once');
    expect((await check(rules, ['ann@example.com'])).said).toBeUndefined();
  });
});

describe('contractListRules', () => {
  const said = (rules: ReturnType<typeof contractListRules>, value: unknown) =>
    rules[0]!.validator({}, value).then(
      () => undefined,
      (error: Error) => error.message,
    );

  it("reports what the schema says of the list itself, in the contract's words, and leaves its items' issues to them", async () => {
    const rules = contractListRules(CreateGroupConversation.request.shape.participants);
    expect(rules).toHaveLength(1);
    expect(await said(rules, [])).toBe(CONVERSATION_PARTICIPANTS_REQUIRED);
    expect(await said(rules, [{ phoneNumber: '' }, { phoneNumber: '555' }])).toBeUndefined();
    expect(await said(rules, [{ phoneNumber: '+15558880101' }])).toBeUndefined();
    expect(await said(rules, Array.from({ length: 11 }, (_, n) => ({ phoneNumber: `+1555888${String(n).padStart(4, '0')}` })))).toBe(CONVERSATION_TOO_MANY_PARTICIPANTS);
  });
});
