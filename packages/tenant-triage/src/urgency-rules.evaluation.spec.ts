import { loadEvaluationSet, messagesOfSplit } from '@pm/assistant-eval';
import { detectUrgency } from './urgency-rules.js';

/**
 * The rules against the tuning messages of the assistant's evaluation set (packages/assistant-eval): the issue demands
 * urgency recall 1.0 on the emergencies, and a false alarm pages the manager at night. Runs without a model, so it
 * holds for the tuning split on every `npm test`, where the model's evaluation runs on a subset.
 */
// The tuning split only: the held-out messages are read by `npm run eval:ai` alone, so the rules are never fitted to
// them and their figures say how the rules do on messages nobody wrote the rules beside.
const messages = messagesOfSplit(loadEvaluationSet(), 'tuning');

// An e-mail is read with its subject, as the drafting pipeline receives it.
it.each(messages.map((message) => [message.id, message.subject ? `${message.subject}\n${message.text}` : message.text, message.expected.urgent] as const))('%s: "%s" is urgent: %s', (_id, text, urgent) => {
  expect(detectUrgency(text).urgent).toBe(urgent);
});
