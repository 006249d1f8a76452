import { mkdtempSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jest } from '@jest/globals';
import { AiRuntime, readAiConfig } from '@pm/ai';
import { loadAnswerExamples, type JudgedItem } from '../src/drafting/answer-judge/answer-examples.js';
import { EmbeddingAnswerJudge } from '../src/drafting/answer-judge/answer-judge.js';

/**
 * The answer judge fitted on the shipped bank with the local embedding model (MiniLM), as the service fits it. Its
 * cross-validated figures say what it does on messages it did not learn from; the cases below were written apart
 * from the bank (other items, other wording). The held-out split of the evaluation set is read by `npm run eval:ai` alone.
 */
let ai: AiRuntime;
let judge: EmbeddingAnswerJudge;

jest.setTimeout(300_000);

beforeAll(() => {
  ai = new AiRuntime(readAiConfig());
  judge = new EmbeddingAnswerJudge(ai.embeddings, loadAnswerExamples());
});

afterAll(async () => {
  await ai.close();
});

it('keeps, each message held out of the fit, at least 95 % of the answering pairs and refuses most of the others', async () => {
  const figures = await judge.crossValidated();
  writeSync(1, `answer judge: ${figures.pairs} pairs, threshold ${figures.threshold.toFixed(3)}, ${figures.folds}-fold answers kept ${figures.recall.toFixed(3)}, non-answers refused ${figures.refused.toFixed(3)}, precision ${figures.precision.toFixed(3)}\n`);
  expect(figures.recall).toBeGreaterThanOrEqual(0.95);
  expect(figures.refused).toBeGreaterThanOrEqual(0.5);
});

const hotTub: JudgedItem = { question: 'When can I use the hot tub?', answer: 'The hot tub on the pool deck is open 10 AM to 10 PM. No glass and no children under 12.' };
const bikes: JudgedItem = { question: 'Where do bikes go?', answer: 'Bicycles go on the racks in the P1 garage or in your unit. Not on balconies or in hallways.' };
const recycling: JudgedItem = { question: 'How does recycling work?', answer: 'Blue bins by the loading dock take paper, cans and plastics 1 to 5. Break down boxes flat.' };
const quiet: JudgedItem = { question: 'What are the quiet hours?', answer: 'Quiet hours are 10 PM to 8 AM on weeknights and midnight to 9 AM on weekends.' };
const lockout: JudgedItem = { question: "I'm locked out. What do I do?", answer: 'Call the office at 555-0123 during business hours. After hours a lockout visit costs $75.' };

/**
 * Written apart from the bank (other items, other wording): items that answer, asked in words of the tenant's own, and
 * near items for what the knowledge does not have (another amenity, another object in the same place). The judge is a
 * regression over sentence embeddings, not a rule: it is held to its cross-validated rates, and its misses are printed.
 */
const answering: [string, JudgedItem][] = [
  ['is the jacuzzi open after dinner, like 8pm?', hotTub],
  ['where am I supposed to keep my road bike', bikes],
  ['do you guys recycle glass bottles and pizza boxes?', recycling],
  ['how late can my upstairs neighbours play music on a saturday', quiet],
  ['left my keys inside and the door shut behind me, what now', lockout],
];
const nearMisses: [string, JudgedItem][] = [
  ['is there a steam room by the hot tub?', hotTub],
  ['can I charge my electric scooter in the garage?', bikes],
  ['where do I take old electronics like a broken TV?', recycling],
  ['is there a bike repair stand with tools?', bikes],
];

it('on cases written apart from the bank, keeps at least 4 of 5 answers and refuses at least 3 of 4 near misses', async () => {
  const verdicts = async (cases: [string, JudgedItem][]) => Promise.all(cases.map(async ([message, item]) => ({ message, item: item.question, ...(await judge.judge(message, [item]))[0]! })));
  const kept = await verdicts(answering);
  const refused = await verdicts(nearMisses);
  const misses = [...kept.filter((verdict) => !verdict.answers), ...refused.filter((verdict) => verdict.answers)];
  writeSync(1, `answer judge on written cases: ${kept.filter((verdict) => verdict.answers).length}/${kept.length} answers kept, ${refused.filter((verdict) => !verdict.answers).length}/${refused.length} near misses refused${misses.map((miss) => `; missed "${miss.message}" / "${miss.item}" (${miss.score.toFixed(2)})`).join('')}\n`);
  expect(kept.filter((verdict) => verdict.answers).length).toBeGreaterThanOrEqual(4);
  expect(refused.filter((verdict) => !verdict.answers).length).toBeGreaterThanOrEqual(3);
});

it('keeps the fitted model for the next process: a second judge with the same cache embeds no example', async () => {
  const cacheDir = mkdtempSync(join(tmpdir(), 'answer-cache-'));
  const examples = loadAnswerExamples();
  const counting = () => {
    const counted = { documents: 0 };
    const embeddings = {
      embedQuery: (text: string) => ai.embeddings.embedQuery(text),
      embedDocuments: (texts: string[]) => {
        counted.documents += texts.length;
        return ai.embeddings.embedDocuments(texts);
      },
    };
    return { counted, embeddings };
  };
  const first = counting();
  const fresh = new EmbeddingAnswerJudge(first.embeddings, examples, {}, cacheDir);
  await fresh.warm();
  expect(first.counted.documents).toBeGreaterThan(0);
  const second = counting();
  const cached = new EmbeddingAnswerJudge(second.embeddings, examples, {}, cacheDir);
  await cached.warm();
  expect(second.counted.documents).toBe(0);
  expect(await cached.crossValidated()).toEqual(await fresh.crossValidated());
  expect(await cached.judge('is there a steam room by the hot tub?', [hotTub])).toEqual(await fresh.judge('is there a steam room by the hot tub?', [hotTub]));
});
