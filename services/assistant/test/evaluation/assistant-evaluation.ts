import type { EntityManager } from '@mikro-orm/postgresql';
import type { Embeddings } from '@langchain/core/embeddings';
import { containsFact, knowledgeBaseOf, loadEvaluationSet, type EvaluationSet, type TenantMessage } from '@pm/assistant-eval';
import { DraftsUnavailableError, type Draft } from '../../src/drafting/draft-reply.types.js';
import { findUnsupportedClaims } from '../../src/drafting/guards/grounding-check.js';
import { baseLanguage, detectLanguage } from '../../src/drafting/guards/language-detector.js';
import { knownFacts, ReplyDrafter, type DraftingModel } from '../../src/drafting/reply-drafter.js';
import { KnowledgeCopy, passageOf } from '../../src/knowledge/knowledge-copy.js';
import type { KnowledgeIndex, Retrieval } from '../../src/retrieval/knowledge-index.js';

/**
 * `npm run eval:ai`: the assistant's drafting pipeline, with the local default models, over the evaluation set
 * (packages/assistant-eval). The knowledge bases are written into the assistant's copy the way its consumers write it
 * (same passage, same embedding), under location ids private to this run.
 */
export interface EvaluationDeps {
  em: () => EntityManager;
  embeddings: Embeddings;
  index: KnowledgeIndex;
  /** The process's AiRuntime: the drafts are made by a ReplyDrafter over it whose searches the runner records. */
  model: DraftingModel;
  /** Location ids of this run: `<prefix><property id>`. */
  locationPrefix: string;
  log?: (line: string) => void;
}

export interface MessageOutcome {
  id: string;
  retrievalHit: boolean | null;
  draft: Draft;
  /** Why the reply counts as stating an unsupported fact (empty when it does not). */
  unsupported: string[];
  datesCorrect: boolean | null;
  latencyMs: number;
}

export interface EvaluationReport {
  messages: number;
  retrievalTop3: Ratio;
  unsupportedFacts: number;
  groundingReplaced: number;
  /** Of those, how many got the holding reply (no cited Q&A answer, or its translation failed the check). */
  groundingHeld: number;
  notCoveredHandled: Ratio;
  coveredAnswered: Ratio;
  languageMatch: Ratio;
  /** The reply's own text read by the language detector: what the tenant actually gets. */
  replyLanguageMatch: Ratio;
  urgencyPrecision: Ratio;
  urgencyRecall: Ratio;
  intentAccuracy: Ratio;
  dateAccuracy: Ratio;
  mustContain: Ratio;
  latencyP50Ms: number;
  latencyP95Ms: number;
  peakRssMb: number;
  outcomes: MessageOutcome[];
}

export interface Ratio {
  hits: number;
  of: number;
}

/**
 * `limit` messages drawn evenly across strata (property × covered × urgent × language), so a small run still holds
 * emergencies, uncovered questions and other languages; the order is the set's, so a given limit always picks the same.
 */
export function stratifiedSubset(messages: readonly TenantMessage[], limit: number): TenantMessage[] {
  if (limit >= messages.length) return [...messages];
  const strata = new Map<string, TenantMessage[]>();
  for (const message of messages) {
    const { covered, urgent } = message.expected;
    const key = `${urgent}|${covered}|${baseLanguage(message.language) === 'en'}|${message.property_id}`;
    strata.set(key, [...(strata.get(key) ?? []), message]);
  }
  const queues = [...strata.values()];
  const picked: TenantMessage[] = [];
  for (let round = 0; picked.length < limit; round += 1) {
    for (const queue of queues) {
      const next = queue[round];
      if (next !== undefined && picked.length < limit) picked.push(next);
    }
  }
  return picked;
}

export async function indexKnowledge(set: EvaluationSet, deps: EvaluationDeps): Promise<void> {
  const copy = new KnowledgeCopy();
  const em = deps.em();
  for (const kb of set.knowledge_bases) {
    const items = [
      ...kb.questions.map((q) => ({ kind: 'question' as const, sourceId: q.id, title: q.question, body: q.answer })),
      ...kb.rules.map((r) => ({ kind: 'rule' as const, sourceId: r.id, title: r.description, body: r.expected_output })),
    ];
    const vectors = await deps.embeddings.embedDocuments(items.map((item) => passageOf(item)));
    for (const [i, item] of items.entries()) {
      const state = { ...item, sourceId: `${deps.locationPrefix}${item.sourceId}`, locationId: `${deps.locationPrefix}${kb.property.id}`, accountId: 'eval', changedAt: new Date().toISOString() };
      await copy.save(em, state, `0-${i}`, vectors[i]!);
    }
  }
}

export async function runEvaluation(deps: EvaluationDeps, options: { limit?: number } = {}): Promise<EvaluationReport> {
  const set = loadEvaluationSet();
  await indexKnowledge(set, deps);
  const messages = stratifiedSubset(set.messages, options.limit ?? set.messages.length);
  const outcomes: MessageOutcome[] = [];
  // The pipeline's own retrieval (a message not in English is searched by its translation), recorded for the top-3 rate.
  let retrieval: Retrieval | undefined;
  const drafter = new ReplyDrafter(deps.model, async (locationId, text) => (retrieval = await deps.index.search(deps.em(), locationId, text)));
  let peakRss = process.memoryUsage().rss;
  for (const [n, message] of messages.entries()) {
    const kb = knowledgeBaseOf(set, message.property_id);
    const locationId = `${deps.locationPrefix}${kb.property.id}`;
    const location = { id: locationId, name: kb.property.name, timeZone: kb.property.timezone };
    const text = message.subject ? `${message.subject}\n${message.text}` : message.text;
    retrieval = undefined;
    const started = performance.now();
    let draft: Draft;
    try {
      draft = await drafter.draftReply({ message: text, location, receivedAt: message.expected.dates ? new Date(message.expected.dates.now) : new Date('2025-06-02T15:00:00Z') });
    } catch (error) {
      if (error instanceof DraftsUnavailableError) throw new Error(`npm run eval:ai needs the local models: ${error.message}`, { cause: error });
      throw error;
    }
    const latencyMs = performance.now() - started;
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    const hits = (retrieval as Retrieval | undefined)?.hits ?? [];
    const top3 = hits.map((hit) => hit.sourceId.slice(deps.locationPrefix.length));
    const citedBodies = draft.sources.flatMap((source) => hits.filter((hit) => hit.sourceId === source.id).map((hit) => hit.body));
    const unsupported = [
      ...message.expected.must_not_contain.filter((fact) => containsFact(draft.reply, fact)).map((fact) => `says "${fact}"`),
      // The holding reply is the product's own fixed text ("… as soon as possible"), not a claim drawn from a source.
      ...(draft.outcome === 'not-covered' || draft.outcome === 'holding-reply' ? [] : findUnsupportedClaims({ reply: draft.reply, sources: citedBodies, known: knownFacts({ location }, draft.dates, draft.language), language: draft.language }).map((claim) => `unsupported ${claim.kind} "${claim.text}"`)),
    ];
    const expectedDates = message.expected.dates?.mentions.map((mention) => mention.date);
    const datesCorrect = expectedDates ? expectedDates.every((date) => draft.dates.some((found) => found.date === date)) : null;
    const outcome: MessageOutcome = {
      id: message.id,
      retrievalHit: message.expected.covered ? message.expected.relevant_items.every((id) => top3.includes(id)) : null,
      draft,
      unsupported,
      datesCorrect,
      latencyMs,
    };
    outcomes.push(outcome);
    deps.log?.(`[${n + 1}/${messages.length}] ${message.id} ${draft.outcome} ${Math.round(latencyMs)} ms top3=${outcome.retrievalHit === null ? '-' : outcome.retrievalHit ? 'hit' : 'miss'} urgent=${draft.urgent} intent=${draft.intent} sources=${draft.sources.map((s) => s.id.slice(deps.locationPrefix.length)).join(',') || '-'} reply=${JSON.stringify(draft.reply.slice(0, 160))}${draft.unsupported.length ? ` refused: ${draft.unsupported.map((claim) => `${claim.kind} "${claim.text}"`).join(', ')}` : ''}${unsupported.length ? ` UNSUPPORTED: ${unsupported.join('; ')}` : ''}`);
  }
  peakRss = Math.max(peakRss, process.resourceUsage().maxRSS * 1024);
  return summarise(messages, outcomes, peakRss);
}

function summarise(messages: TenantMessage[], outcomes: MessageOutcome[], peakRss: number): EvaluationReport {
  const pairs = messages.map((message, i) => ({ message, outcome: outcomes[i]! }));
  const ratio = (selected: typeof pairs, correct: (pair: (typeof pairs)[number]) => boolean): Ratio => ({ hits: selected.filter(correct).length, of: selected.length });
  const covered = pairs.filter(({ message }) => message.expected.covered);
  const notCovered = pairs.filter(({ message }) => !message.expected.covered);
  const flaggedUrgent = pairs.filter(({ outcome }) => outcome.draft.urgent);
  const urgent = pairs.filter(({ message }) => message.expected.urgent);
  const latencies = outcomes.map((outcome) => outcome.latencyMs).sort((a, b) => a - b);
  return {
    messages: messages.length,
    retrievalTop3: ratio(covered, ({ outcome }) => outcome.retrievalHit === true),
    unsupportedFacts: outcomes.filter((outcome) => outcome.unsupported.length > 0).length,
    groundingReplaced: outcomes.filter((outcome) => outcome.draft.outcome === 'cited-answer' || outcome.draft.outcome === 'holding-reply').length,
    groundingHeld: outcomes.filter((outcome) => outcome.draft.outcome === 'holding-reply').length,
    // The tenant got the holding reply, flagged: whether nothing was retrieved or the model's reply could not be used.
    notCoveredHandled: ratio(notCovered, ({ outcome }) => (outcome.draft.outcome === 'not-covered' || outcome.draft.outcome === 'holding-reply') && outcome.draft.flaggedForManager),
    coveredAnswered: ratio(covered, ({ outcome }) => outcome.draft.outcome === 'model-reply' || outcome.draft.outcome === 'cited-answer'),
    languageMatch: ratio(pairs, ({ message, outcome }) => baseLanguage(outcome.draft.language) === baseLanguage(message.language)),
    replyLanguageMatch: ratio(pairs, ({ message, outcome }) => baseLanguage(detectLanguage(outcome.draft.reply, { fallback: outcome.draft.language }).language) === baseLanguage(message.language)),
    urgencyPrecision: ratio(flaggedUrgent, ({ message }) => message.expected.urgent),
    urgencyRecall: ratio(urgent, ({ outcome }) => outcome.draft.urgent),
    intentAccuracy: ratio(pairs, ({ message, outcome }) => outcome.draft.intent === message.expected.intent),
    dateAccuracy: ratio(pairs.filter(({ outcome }) => outcome.datesCorrect !== null), ({ outcome }) => outcome.datesCorrect === true),
    mustContain: ratio(covered, ({ message, outcome }) => message.expected.must_contain.every((fact) => containsFact(outcome.draft.reply, fact))),
    latencyP50Ms: percentile(latencies, 0.5),
    latencyP95Ms: percentile(latencies, 0.95),
    peakRssMb: Math.round(peakRss / 1024 / 1024),
    outcomes,
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!);
}

export function formatReport(report: EvaluationReport): string {
  const r = (ratio: Ratio): string => (ratio.of === 0 ? 'n/a (none in this run)' : `${(ratio.hits / ratio.of).toFixed(2)} (${ratio.hits}/${ratio.of})`);
  return [
    `assistant evaluation: ${report.messages} messages`,
    `  retrieval top-3 hit rate          ${r(report.retrievalTop3)}`,
    `  replies with an unsupported fact  ${report.unsupportedFacts}  (model replies replaced by the grounding check: ${report.groundingReplaced}, of which by the holding reply: ${report.groundingHeld})`,
    `  "not covered" handled correctly   ${r(report.notCoveredHandled)}`,
    `  covered messages answered         ${r(report.coveredAnswered)}`,
    `  replies stating every must-have   ${r(report.mustContain)}`,
    `  language match                    ${r(report.languageMatch)}`,
    `  reply text in the tenant's language ${r(report.replyLanguageMatch)}`,
    `  urgency precision                 ${r(report.urgencyPrecision)}`,
    `  urgency recall                    ${r(report.urgencyRecall)}`,
    `  intent accuracy                   ${r(report.intentAccuracy)}`,
    `  date accuracy                     ${r(report.dateAccuracy)}`,
    `  latency per draft p50 / p95       ${(report.latencyP50Ms / 1000).toFixed(1)} s / ${(report.latencyP95Ms / 1000).toFixed(1)} s`,
    `  peak RSS                          ${report.peakRssMb} MB`,
  ].join('\n');
}
