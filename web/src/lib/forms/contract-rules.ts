import type { FormRule } from 'antd';
import type { core, ZodType } from 'zod';

type ContractRuleOptions = {
  /**
   * The form requires the field although the request may leave it out (the captcha): `true` with the schema's message
   * for an empty value, or the form's own wording where the screen words it differently.
   */
  required?: boolean | string;
  /** The request's value for the form's, when they differ (a contact row `{ type, value }` for an e-mail input). */
  input?: (value: unknown) => unknown;
  /**
   * The screen's words for an issue where they say more than the schema's (Send E-mail names the address it refuses),
   * given the issue and the request's value its path points into; the schema's message otherwise.
   */
  message?: (issue: core.$ZodIssue, value: unknown) => string;
};

function firstIssue(schema: ZodType, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0];
}

function firstMessage(schema: ZodType, value: unknown): string | undefined {
  return firstIssue(schema, value)?.message;
}

/**
 * The field is required when the schema refuses it left out (or the form says so). Its message is the schema's own
 * for a missing or an empty value, whichever is worded (zod's "expected string" is not a message for a person).
 */
function requiredMessageOf(schema: ZodType, input: (value: unknown) => unknown, required: boolean | string | undefined): string | undefined {
  if (typeof required === 'string') return required;
  const missing = firstIssue(schema, input(undefined));
  if (!missing && !required) return undefined;
  const empty = firstIssue(schema, input(''));
  const worded = [missing, empty].find((issue) => issue && issue.code !== 'invalid_type');
  return (worded ?? missing ?? empty)?.message;
}

/**
 * A form field's antd rules read from the contract's zod schema for that field, so a limit or a message changes in
 * the contract alone: a `required` rule (antd's asterisk, and `whitespace` when the schema refuses blank text) with
 * the schema's message for an empty value, and one validator that parses anything typed with the schema itself and
 * shows its first issue (lengths, patterns, refinements, the same words the service answers).
 */
export function contractRules(schema: ZodType, options: ContractRuleOptions = {}): FormRule[] {
  const input = options.input ?? ((value: unknown) => value);
  const requiredMessage = requiredMessageOf(schema, input, options.required);
  const rules: FormRule[] = [];
  // A text field takes some text but refuses a blank one: blank text counts as empty (antd's `whitespace`).
  const empty = firstMessage(schema, input(''));
  const text = requiredMessage !== undefined && empty !== undefined && firstMessage(schema, input(' ')) === empty && firstMessage(schema, input('x')) !== empty;
  if (requiredMessage !== undefined) {
    // Without `whitespace` the rule checks emptiness by the value's own type (a checkbox's boolean, a select's list);
    // with it the value is validated as a string.
    rules.push(text ? { required: true, whitespace: true, message: requiredMessage } : { required: true, message: requiredMessage });
  }
  const reportedByRequired = (value: unknown) =>
    requiredMessage !== undefined && ((text && typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0));
  rules.push({
    validator(_rule, value: unknown) {
      // Nothing typed: the required rule speaks for a required field; an optional one left empty is fine. What the
      // required rule already reports (blank text, an empty list) is not reported twice.
      if (value === undefined || value === null || value === '' || reportedByRequired(value)) return Promise.resolve();
      // Contracts are parsed synchronously everywhere (the BFF and the services too): no refinement awaits.
      const request = input(value);
      const issue = firstIssue(schema, request);
      if (!issue) return Promise.resolve();
      return Promise.reject(new Error(options.message ? options.message(issue, request) : issue.message));
    },
  });
  return rules;
}

/**
 * A `Form.List`'s rules read from the contract's schema for the list: antd takes validators only there, and each
 * item's own Form.Item reports what is wrong with the item, so the list reports what the schema says of the list
 * itself (too few, too many) and leaves its items' issues to them.
 */
export function contractListRules(schema: ZodType): { validator: (rule: unknown, value: unknown) => Promise<void> }[] {
  return [
    {
      validator(_rule, value: unknown) {
        const issue = schema.safeParse(value).error?.issues.find((found) => found.path.length === 0);
        return issue ? Promise.reject(new Error(issue.message)) : Promise.resolve();
      },
    },
  ];
}
