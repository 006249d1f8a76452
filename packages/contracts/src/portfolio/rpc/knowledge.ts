import { ACCESS_FORBIDDEN } from '../../access/permissions.js';
import { z } from 'zod';
import { defineRpc } from '../../define.js';
import { DeletedSchema, questionFixture, QuestionSchema, ruleFixture, RuleSchema } from '../knowledge.js';
import { IdRefSchema, limits, requiredText } from '../validation.js';
import { knowledgeMessages } from '../messages.js';

/** Spec 001 §5: Question and Answer, Description and Expected output are required, on create and on edit. */
const questionFields = { question: requiredText('Question', limits.question), answer: requiredText('Answer', limits.answer) };
const ruleFields = {
  description: requiredText('Description', limits.ruleDescription),
  expected_output: requiredText('Expected output', limits.ruleExpectedOutput),
};
const locationId = questionFixture.location_id;

/** GET question/all?location_id=. */
export const ListQuestions = defineRpc({
  subject: 'pm.rpc.portfolio.question.list.v1',
  http: { method: 'GET', path: 'question/all' },
  access: 'knowledge:read',
  request: z.object({ location_id: IdRefSchema.min(1) }),
  errors: { 404: 'Property location not found', 403: ACCESS_FORBIDDEN },
  response: z.array(QuestionSchema),
  fixture: { request: { location_id: locationId }, response: [questionFixture] },
});

/** POST question. */
export const CreateQuestion = defineRpc({
  subject: 'pm.rpc.portfolio.question.create.v1',
  http: { method: 'POST', path: 'question', status: 201, idempotent: true },
  access: 'knowledge:write',
  errors: { 400: [knowledgeMessages.questionRequired, knowledgeMessages.answerRequired], 404: 'Property location not found', 403: ACCESS_FORBIDDEN },
  request: z.object({ location_id: IdRefSchema.min(1), ...questionFields }),
  response: QuestionSchema,
  fixture: { request: { location_id: locationId, question: questionFixture.question, answer: questionFixture.answer }, response: questionFixture },
});

/** PUT question/{id}. */
export const UpdateQuestion = defineRpc({
  subject: 'pm.rpc.portfolio.question.update.v1',
  http: { method: 'PUT', path: 'question/:id' },
  access: 'knowledge:write',
  errors: { 404: 'Question not found', 403: ACCESS_FORBIDDEN },
  request: z.object({ id: IdRefSchema.min(1), ...questionFields }),
  response: QuestionSchema,
  fixture: { request: { id: questionFixture.id, question: questionFixture.question, answer: 'Behind building B.' }, response: { ...questionFixture, answer: 'Behind building B.' } },
});

/** DELETE question/{id}. */
export const DeleteQuestion = defineRpc({
  subject: 'pm.rpc.portfolio.question.delete.v1',
  http: { method: 'DELETE', path: 'question/:id' },
  access: 'knowledge:write',
  errors: { 404: 'Question not found', 403: ACCESS_FORBIDDEN },
  request: z.object({ id: IdRefSchema.min(1) }),
  response: DeletedSchema,
  fixture: { request: { id: questionFixture.id }, response: { deleted: true } },
});

/** GET rule/all?location_id=. */
export const ListRules = defineRpc({
  subject: 'pm.rpc.portfolio.rule.list.v1',
  http: { method: 'GET', path: 'rule/all' },
  access: 'knowledge:read',
  request: z.object({ location_id: IdRefSchema.min(1) }),
  errors: { 404: 'Property location not found', 403: ACCESS_FORBIDDEN },
  response: z.array(RuleSchema),
  fixture: { request: { location_id: locationId }, response: [ruleFixture] },
});

/** POST rule. */
export const CreateRule = defineRpc({
  subject: 'pm.rpc.portfolio.rule.create.v1',
  http: { method: 'POST', path: 'rule', status: 201, idempotent: true },
  access: 'knowledge:write',
  errors: { 400: [knowledgeMessages.descriptionRequired, knowledgeMessages.expectedOutputRequired], 404: 'Property location not found', 403: ACCESS_FORBIDDEN },
  request: z.object({ location_id: IdRefSchema.min(1), ...ruleFields }),
  response: RuleSchema,
  fixture: { request: { location_id: locationId, description: ruleFixture.description, expected_output: ruleFixture.expected_output }, response: ruleFixture },
});

/** PUT rule/{id}. */
export const UpdateRule = defineRpc({
  subject: 'pm.rpc.portfolio.rule.update.v1',
  http: { method: 'PUT', path: 'rule/:id' },
  access: 'knowledge:write',
  errors: { 404: 'Rule not found', 403: ACCESS_FORBIDDEN },
  request: z.object({ id: IdRefSchema.min(1), ...ruleFields }),
  response: RuleSchema,
  fixture: { request: { id: ruleFixture.id, description: ruleFixture.description, expected_output: 'Call the plumber.' }, response: { ...ruleFixture, expected_output: 'Call the plumber.' } },
});

/** DELETE rule/{id}. */
export const DeleteRule = defineRpc({
  subject: 'pm.rpc.portfolio.rule.delete.v1',
  http: { method: 'DELETE', path: 'rule/:id' },
  access: 'knowledge:write',
  errors: { 404: 'Rule not found', 403: ACCESS_FORBIDDEN },
  request: z.object({ id: IdRefSchema.min(1) }),
  response: DeletedSchema,
  fixture: { request: { id: ruleFixture.id }, response: { deleted: true } },
});
