import { knowledgeBaseOf, loadEvaluationSet, messagesOfSplit } from '@pm/assistant-eval';
import { resolveDates } from './date-resolver.js';
import { detectLanguage } from './language-detector.js';

/**
 * The date guard against every dated message of the evaluation set's tuning split (the held-out one is for `npm run eval:ai`) (the issue demands date accuracy 1.0): each
 * expected date is among those resolved in the property's time zone from the message's `now`, read in the language
 * the language guard detects, as the drafting pipeline reads it. No model involved, so it runs on every `npm test`.
 */
const set = loadEvaluationSet();
const dated = messagesOfSplit(set, 'tuning').filter((message) => message.expected.dates !== undefined);

it.each(dated.map((message) => [message.id, message] as const))('%s', (_id, message) => {
  const text = message.subject ? `${message.subject}\n${message.text}` : message.text;
  const { timezone } = knowledgeBaseOf(set, message.property_id).property;
  const found = resolveDates(text, { reference: new Date(message.expected.dates!.now), timeZone: timezone, language: detectLanguage(text).language }).map((date) => date.date);
  expect(found).toEqual(expect.arrayContaining(message.expected.dates!.mentions.map((mention) => mention.date)));
});
