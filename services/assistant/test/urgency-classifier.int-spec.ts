import { writeSync } from 'node:fs';
import { jest } from '@jest/globals';
import { AiRuntime, readAiConfig } from '@pm/ai';
import { loadEvaluationSet, messagesOfSplit } from '@pm/assistant-eval';
import { detectUrgency } from '@pm/tenant-triage';
import { EmbeddingUrgencyClassifier } from '../src/drafting/urgency/urgency-classifier.js';
import { loadUrgencyExamples } from '../src/drafting/urgency/urgency-examples.js';

/**
 * The urgency classifier fitted on the shipped bank with the local embedding model (MiniLM), as the service fits it.
 * Its leave-one-out figures say what it does on messages it did not learn from; the tuning split of the evaluation set,
 * which is not in the bank, is a second check. The held-out split is read by `npm run eval:ai` alone.
 */
let ai: AiRuntime;
let classifier: EmbeddingUrgencyClassifier;

jest.setTimeout(60_000);

beforeAll(() => {
  ai = new AiRuntime(readAiConfig());
  classifier = new EmbeddingUrgencyClassifier(ai.embeddings, loadUrgencyExamples());
});

afterAll(async () => {
  await ai.close();
});

it('flags, each scored by the rest of the bank, at least 95 % of its emergencies, at a threshold no higher than 0', async () => {
  const figures = await classifier.crossValidated();
  writeSync(1, `urgency classifier: ${figures.examples} examples, threshold ${figures.threshold.toFixed(3)}, leave-one-out recall ${figures.recall.toFixed(3)}, precision ${figures.precision.toFixed(3)}\n`);
  expect(figures.recall).toBeGreaterThanOrEqual(0.95);
  expect(figures.precision).toBeGreaterThanOrEqual(0.7);
  expect(figures.threshold).toBeLessThanOrEqual(0);
});

it('with the rules, flags every emergency of the tuning split written in English, and few routine messages', async () => {
  const english = messagesOfSplit(loadEvaluationSet(), 'tuning').filter((message) => message.language === 'en');
  const verdicts = await Promise.all(
    english.map(async (message) => {
      const text = message.subject ? `${message.subject}\n${message.text}` : message.text;
      const byRules = detectUrgency(text).urgent;
      const guess = await classifier.classify(text);
      return { id: message.id, expected: message.expected.urgent, byRules, byClassifier: guess.urgent, flagged: byRules || guess.urgent };
    }),
  );
  const urgent = verdicts.filter((verdict) => verdict.expected);
  const routine = verdicts.filter((verdict) => !verdict.expected);
  const classifierRecall = urgent.filter((verdict) => verdict.byClassifier).length / urgent.length;
  const falseAlarms = routine.filter((verdict) => verdict.flagged);
  writeSync(1, `tuning split (English): ${urgent.length} emergencies, classifier alone flags ${classifierRecall.toFixed(2)}; ${falseAlarms.length} of ${routine.length} routine messages flagged (${falseAlarms.map((verdict) => verdict.id).join(', ')})\n`);
  expect(urgent.filter((verdict) => !verdict.flagged).map((verdict) => verdict.id)).toEqual([]);
  expect(falseAlarms.length / routine.length).toBeLessThanOrEqual(0.05);
});

it('names the hazard a flagged message is nearest to, for the safety step', async () => {
  const guess = await classifier.classify('there is water running out of the light fixture in my kitchen ceiling');
  expect(guess).toMatchObject({ urgent: true, category: 'flood' });
  expect(guess.nearest.length).toBeGreaterThan(0);
});
