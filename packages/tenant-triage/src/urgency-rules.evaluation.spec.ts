import { loadEvaluationSet } from '@pm/assistant-eval';
import { detectUrgency } from './urgency-rules.js';

/**
 * The rules against every message of the assistant's evaluation set (packages/assistant-eval): the issue demands
 * urgency recall 1.0 on the emergencies, and a false alarm pages the manager at night. Runs without a model, so it
 * holds for the whole set on every `npm test`, where the model's evaluation runs on a subset.
 */
const { messages } = loadEvaluationSet();

// An e-mail is read with its subject, as the drafting pipeline receives it.
it.each(messages.map((message) => [message.id, message.subject ? `${message.subject}\n${message.text}` : message.text, message.expected.urgent] as const))('%s: "%s" is urgent: %s', (_id, text, urgent) => {
  expect(detectUrgency(text).urgent).toBe(urgent);
});
