import { randomUUID } from 'node:crypto';
import { writeSync } from 'node:fs';
import { jest } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import { AiRuntime } from '@pm/ai';
import { startServiceUnderTest, type ServiceUnderTest } from '@pm/nest-kit/testing';
import { startTestTokenIssuer, type TestTokenIssuer } from '@pm/testing';
import type { Split } from '@pm/assistant-eval';
import { assistantEnv } from '../src/config/assistant-env.js';
import { EmbeddingAnswerJudge } from '../src/drafting/answer-judge/answer-judge.js';
import { EmbeddingUrgencyClassifier } from '../src/drafting/urgency/urgency-classifier.js';
import { KnowledgeIndex } from '../src/retrieval/knowledge-index.js';
import { assistantService } from '../src/service.js';
import { formatReport, runEvaluation, type EvaluationReport } from './evaluation/assistant-evaluation.js';

/**
 * The evaluation of the drafting pipeline with the real local models. In CI (`npm test`) it runs a stratified subset
 * of 6 messages; `npm run eval:ai` runs this same file with EVAL_LIMIT=all (or EVAL_LIMIT=<n>) and prints the report.
 */
const requested = process.env.EVAL_LIMIT ?? '6';
const limit = requested === 'all' ? undefined : Number(requested);
if (limit !== undefined && !(Number.isInteger(limit) && limit > 0)) throw new Error(`EVAL_LIMIT must be a positive whole number or "all", not "${requested}"`);
// `npm test`'s subset asserts, so it draws from the tuning split: nothing is fitted to the held-out messages, whose
// figures only `npm run eval:ai` reports.
const requestedSplit = process.env.EVAL_SPLIT ?? (limit === undefined ? 'all' : 'tuning');
if (!['all', 'tuning', 'heldout'].includes(requestedSplit)) throw new Error(`EVAL_SPLIT must be "all", "tuning" or "heldout", not "${requestedSplit}"`);
const split = requestedSplit === 'all' ? undefined : (requestedSplit as Split);
/** One property's messages only (its id in packages/assistant-eval/data/knowledge), for a quick look at one. */
const property = process.env.EVAL_PROPERTY || undefined;

jest.setTimeout(limit === undefined ? 3 * 60 * 60_000 : 20 * 60_000);

let tokens: TestTokenIssuer;
let service: ServiceUnderTest;

beforeAll(async () => {
  tokens = await startTestTokenIssuer();
  service = await startServiceUnderTest({
    name: 'assistant',
    envSchema: assistantEnv,
    define: assistantService,
    env: { JWKS_URL: tokens.jwksUrl, JWT_ISSUER: tokens.issuer, JWT_AUDIENCE: tokens.audience },
  });
});

afterAll(async () => {
  await service?.close();
  await tokens?.close();
});

it(`drafts without an unsupported fact and flags every emergency (${limit ?? 'all'} messages of ${split ? `the ${split} split of ` : ''}the evaluation set)`, async () => {
  const app = service.app;
  const print = (line: string): void => void writeSync(1, `${line}\n`);
  const classifier = new EmbeddingUrgencyClassifier(app.get(AiRuntime).embeddings);
  const answerJudge = new EmbeddingAnswerJudge(app.get(AiRuntime).embeddings);
  const reports = await runEvaluation(
    {
      em: () => app.get(MikroORM).em.fork(),
      embeddings: app.get(AiRuntime).embeddings,
      index: app.get(KnowledgeIndex),
      urgencyClassifier: classifier,
      answerJudge,
      model: app.get(AiRuntime),
      locationPrefix: `eval-${randomUUID().slice(0, 8)}-`,
      log: print,
    },
    { limit, split, property },
  );
  for (const report of reports) print(formatReport(report));
  const bank = await classifier.crossValidated();
  print(`urgency classifier: ${bank.examples} examples, threshold ${bank.threshold.toFixed(3)}, leave-one-out recall ${bank.recall.toFixed(2)} precision ${bank.precision.toFixed(2)}`);
  const pairs = await answerJudge.crossValidated();
  print(`answer judge: ${pairs.pairs} pairs, threshold ${pairs.threshold.toFixed(3)}, ${pairs.folds}-fold (each message held out whole) answers kept ${pairs.recall.toFixed(2)}, non-answers refused ${pairs.refused.toFixed(2)}, precision ${pairs.precision.toFixed(2)}`);
  const [report] = reports as [EvaluationReport, ...EvaluationReport[]];

  expect(report.messages).toBe(limit ?? report.outcomes.length);
  for (const outcome of report.outcomes) {
    expect(outcome.draft.reply.length).toBeGreaterThan(0);
  }
  if (limit !== undefined) {
    expect(report.urgencyRecall.of).toBeGreaterThan(0);
    expect(report.outcomes.filter((outcome) => outcome.unsupported.length > 0).map((outcome) => [outcome.id, outcome.unsupported])).toEqual([]);
    expect(report.urgencyRecall.hits).toBe(report.urgencyRecall.of);
    expect(report.outcomes.filter((outcome) => outcome.ruleLeak.length > 0 || outcome.invented.length > 0).map((outcome) => [outcome.id, outcome.ruleLeak, outcome.invented])).toEqual([]);
  }
});
