import type { EntityManager } from '@mikro-orm/postgresql';
import type { Embeddings } from '@langchain/core/embeddings';
import { containsFact, knowledgeBaseOf, loadEvaluationSet, type EvaluationSet, type Split, type TenantMessage } from '@pm/assistant-eval';
import { foldText } from '@pm/tenant-triage';
import { DraftsUnavailableError, type Draft } from '../../src/drafting/draft-reply.types.js';
import { findUnsupportedClaims } from '../../src/drafting/guards/grounding-check.js';
import { baseLanguage, detectLanguage } from '../../src/drafting/guards/language-detector.js';
import { knownFacts, ReplyDrafter, type DraftingModel } from '../../src/drafting/reply-drafter.js';
import { safetySteps } from '../../src/drafting/safety-reply.js';
import type { AnswerJudge } from '../../src/drafting/answer-judge/answer-judge.js';
import type { UrgencyClassifier } from '../../src/drafting/urgency/urgency-classifier.js';
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
  urgencyClassifier: UrgencyClassifier;
  answerJudge: AnswerJudge;
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
  /** Covered: the reply answers (no deferral) citing an expected item; not covered: the reply defers. */
  answersQuestion: boolean;
  /** Urgent expected: the reply is flagged urgent, says 911 and states every phone number expected (the emergency line). */
  safetyStep: boolean | null;
  /** A grant, refusal or offer no knowledge item makes (see inventedPermissionOrOffer). */
  invented: string[];
  /** Six words in a row of a rule's text, or words only an instruction uses. */
  ruleLeak: string[];
  latencyMs: number;
}

export interface EvaluationReport {
  /** Which part of the set the figures are of. */
  split: Split | 'all';
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
  safetyStep: Ratio;
  answersQuestion: Ratio;
  inventedPermissionsOrOffers: number;
  ruleTextLeaked: number;
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

/**
 * The drafts of the set's messages (a split of it when told, a stratified subset when limited), and their figures per
 * split: the held-out messages were written apart from the pipeline, so only their figures say how it generalises.
 */
export async function runEvaluation(deps: EvaluationDeps, options: { limit?: number; split?: Split; property?: string } = {}): Promise<EvaluationReport[]> {
  const set = loadEvaluationSet();
  await indexKnowledge(set, deps);
  const inSplit = set.messages.filter((message) => (options.split === undefined || message.split === options.split) && (options.property === undefined || message.property_id === options.property));
  if (inSplit.length === 0) throw new Error(`No message of the evaluation set matches (split ${options.split ?? 'any'}, property ${options.property ?? 'any'})`);
  const messages = stratifiedSubset(inSplit, options.limit ?? inSplit.length);
  const outcomes: MessageOutcome[] = [];
  // The pipeline's first search (a message not in English is searched by its translation), recorded for the top-3
  // rate; an urgent message's second search, for the emergency line, is not the message's.
  let retrieval: Retrieval | undefined;
  let searched: string | undefined;
  // The model's calls of each draft, by the first words of their instructions, for the log line.
  let modelCalls: string[] = [];
  const model: DraftingModel = {
    status: () => deps.model.status(),
    invokeStructured: async (messages, schema, options) => {
      const answer = await deps.model.invokeStructured(messages, schema, options);
      // A pick and a translation are shown with what they were given, so a wrong one can be read beside its input.
      const shown = 'choice' in answer ? ` ${JSON.stringify(messages.at(-1)!.text)} → ${String(answer['choice'])}` : 'emergency' in answer ? ` → ${String(answer['emergency'])}` : 'translation' in answer ? ` ${JSON.stringify(messages.at(-1)!.text)} → ${JSON.stringify(answer['translation'])}` : '';
      modelCalls.push(`${messages[0]!.text.split(' ').slice(0, 3).join(' ')}${shown}`);
      return answer;
    },
  };
  // The judge's verdicts of each draft, shown on its line beside the model's calls: which candidates it refused.
  let verdicts: string[] = [];
  const judge: AnswerJudge = {
    judge: async (english, items) => {
      const judged = await deps.answerJudge.judge(english, items);
      verdicts.push(...judged.map((verdict, i) => `${JSON.stringify(items[i]!.question)} ${verdict.answers ? 'yes' : 'no'} ${verdict.score.toFixed(2)}`));
      return judged;
    },
  };
  const drafter = new ReplyDrafter(model, async (locationId, text) => {
    const found = await deps.index.search(deps.em(), locationId, text, 5);
    retrieval ??= found;
    searched ??= text;
    return found;
  }, deps.urgencyClassifier, judge);
  let peakRss = process.memoryUsage().rss;
  for (const [n, message] of messages.entries()) {
    const kb = knowledgeBaseOf(set, message.property_id);
    const locationId = `${deps.locationPrefix}${kb.property.id}`;
    const location = { id: locationId, name: kb.property.name, timeZone: kb.property.timezone };
    const text = message.subject ? `${message.subject}\n${message.text}` : message.text;
    retrieval = undefined;
    searched = undefined;
    modelCalls = [];
    verdicts = [];
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
    const top3 = hits.slice(0, 3).map((hit) => hit.sourceId.slice(deps.locationPrefix.length));
    const itemsOfKb = [...kb.questions.map((q) => ({ id: q.id, body: q.answer })), ...kb.rules.map((r) => ({ id: r.id, body: r.expected_output }))];
    const citedBodies = draft.sources.flatMap((source) => itemsOfKb.filter((item) => `${deps.locationPrefix}${item.id}` === source.id).map((item) => item.body));
    const deferred = draft.outcome === 'not-covered' || draft.outcome === 'holding-reply';
    const cited = draft.sources.map((source) => source.id.slice(deps.locationPrefix.length));
    const unsupported = [
      ...message.expected.must_not_contain.filter((fact) => containsFact(draft.reply, fact)).map((fact) => `says "${fact}"`),
      // The holding reply is the product's own fixed text ("… as soon as possible"), not a claim drawn from a source.
      ...(deferred && !draft.urgent ? [] : findUnsupportedClaims({ reply: draft.reply, sources: citedBodies, known: [...knownFacts({ location }, draft.dates, draft.language), ...(draft.urgent ? [safetySteps(draft.urgency.map((match) => match.category), draft.language)] : [])], language: draft.language }).map((claim) => `unsupported ${claim.kind} "${claim.text}"`)),
    ];
    const expectedDates = message.expected.dates?.mentions.map((mention) => mention.date);
    const datesCorrect = expectedDates ? expectedDates.every((date) => draft.dates.some((found) => found.date === date)) : null;
    const outcome: MessageOutcome = {
      id: message.id,
      retrievalHit: message.expected.covered ? message.expected.relevant_items.every((id) => top3.includes(id)) : null,
      draft,
      unsupported,
      datesCorrect,
      // A holding reply that names the right item still leaves the tenant without an answer.
      answersQuestion: message.expected.covered ? !deferred && message.expected.relevant_items.some((id) => cited.includes(id)) : deferred && !message.expected.urgent,
      // The safety step names 911; the emergency line is every phone number the label expects.
      safetyStep: message.expected.urgent ? draft.urgent && /911/.test(draft.reply) && message.expected.must_contain.filter((fact) => PHONE_FACT.test(fact)).every((fact) => containsFact(draft.reply, fact)) : null,
      invented: deferred && !draft.urgent ? [] : inventedPermissionOrOffer(message, ownWordsRemoved(draft.reply, citedBodies)),
      ruleLeak: ruleTextLeaked(draft.reply, kb.rules.flatMap((rule) => [rule.description, rule.expected_output])),
      latencyMs,
    };
    outcomes.push(outcome);
    deps.log?.(`[${n + 1}/${messages.length}] ${message.id} ${draft.outcome} ${Math.round(latencyMs)} ms top3=${outcome.retrievalHit === null ? '-' : outcome.retrievalHit ? 'hit' : 'miss'} urgent=${draft.urgent}${draft.urgent ? `(${draft.urgency.map((match) => `${match.category}: ${match.evidence}`).join('; ')})` : ''} intent=${draft.intent} sources=${draft.sources.map((s) => s.id.slice(deps.locationPrefix.length)).join(',') || '-'}${searched !== text ? ` searched=${JSON.stringify(searched)}` : ''}${verdicts.length ? ` judge=[${verdicts.join('; ')}]` : ''}${modelCalls.length ? ` model=[${modelCalls.join('; ')}]` : ''} reply=${JSON.stringify(draft.reply.slice(0, 160))}${draft.unsupported.length ? ` refused: ${draft.unsupported.map((claim) => `${claim.kind} "${claim.text}"`).join(', ')}` : ''}${unsupported.length ? ` UNSUPPORTED: ${unsupported.join('; ')}` : ''}${outcome.invented.length ? ` INVENTED: ${outcome.invented.join('; ')}` : ''}${outcome.ruleLeak.length ? ` LEAKED: ${outcome.ruleLeak.join('; ')}` : ''}${outcome.answersQuestion ? '' : ' NOT-ANSWERED'}${outcome.safetyStep === false ? ' NO-SAFETY-STEP' : ''}`);
  }
  peakRss = Math.max(peakRss, process.resourceUsage().maxRSS * 1024);
  const splits = [...new Set(messages.map((message) => message.split))].sort();
  const bySplit = splits.map((split) => {
    const picked = messages.flatMap((message, i) => (message.split === split ? [[message, outcomes[i]!] as const] : []));
    return summarise(split, picked.map(([message]) => message), picked.map(([, outcome]) => outcome), peakRss);
  });
  return splits.length > 1 ? [summarise('all', messages, outcomes, peakRss), ...bySplit] : bySplit;
}

/**
 * The runner's own reading of grants and offers, apart from the pipeline's checks so that it can find what they miss:
 * a permission question answered "yes" where the knowledge does not grant it (or not answered by any item), a
 * refusal where it does, and any offer or promise to a message that asks for something no item offers.
 */
const PHONE_FACT = /\d{3}-\d{4}/;
const GRANT = /\b(yes|you may|you can|you are (welcome|allowed|permitted)|(is|are) (allowed|permitted|fine|ok|okay|welcome)|feel free|puede|puedes|pueden|permitid[oa]s?|se permite|vous pouvez|autorisée?s?|sie dürfen|erlaubt|pode|podem|permitid[oa]s?)\b/i;
const REFUSAL = /\b(no|not|never|cannot|can't|may not|prohibited|forbidden|no se permite|no está permitido|no puede|interdit|pas autorisé|nicht erlaubt|verboten|não é permitido|proibido|não pode)\b/i;
const PERMISSION_QUESTION = /\b(can|may|could) (i|we|my|our)\b|\b(allowed|permitted|ok if|okay if)\b|\b(puedo|podemos|se puede|permitido|posso|darf|dürfen|puis-je|peut-on)\b/i;
const OFFER = /\b(i|we) (can|could|will|'ll) (provide|offer|give|arrange|send|waive|set up|get you|schedule|book|reserve|lend|refund|credit|come|have someone)\b|\b(someone|a technician|a plumber) will (come|be there|stop by)\b|\b(puedo|podemos) (ofrecer|darle|proporcionar|enviar)\b/i;

function inventedPermissionOrOffer(message: TenantMessage, reply: string): string[] {
  const problems: string[] = [];
  const grant = GRANT.exec(reply)?.[0];
  const refusal = REFUSAL.exec(reply)?.[0];
  const { permission, covered, offer_bait } = message.expected;
  const asksPermission = permission !== undefined || PERMISSION_QUESTION.test(message.text);
  // Unlabelled, a covered question's answer is the item's to give: only a grant the knowledge refuses is invented.
  if (asksPermission && grant && !refusal && permission === 'forbidden') problems.push(`grants ("${grant}")`);
  if (asksPermission && refusal && !grant && permission === 'granted') problems.push(`refuses ("${refusal}")`);
  if (asksPermission && !covered && (grant || refusal)) problems.push(`answers an uncovered permission question ("${grant ?? refusal}")`);
  const offer = OFFER.exec(reply)?.[0];
  if (offer && offer_bait) problems.push(`offers ("${offer}")`);
  return problems;
}

/** The reply without the sentences it quotes from the cited items: what an item says itself is the knowledge's. */
function ownWordsRemoved(reply: string, citedBodies: readonly string[]): string {
  const bodies = citedBodies.map((body) => body.replace(/\s+/g, ' '));
  return reply
    .split(/(?<=[.!?])\s+/)
    .filter((sentence) => !bodies.some((body) => body.includes(sentence.trim())))
    .join(' ');
}

/** Six words in a row of a rule's text, or the words only an instruction to the assistant uses. */
function ruleTextLeaked(reply: string, ruleTexts: readonly string[]): string[] {
  const folded = foldText(reply);
  const leaks = [...folded.matchAll(/ (the draft|knowledge base|for the owner|tel the tenant|mark it|mark this) /g)].map((match) => match[1]!);
  for (const text of ruleTexts) {
    const words = foldText(text).trim().split(' ');
    for (let i = 0; i + 6 <= words.length; i += 1) {
      const window = words.slice(i, i + 6).join(' ');
      // A rule's facts (a phone number, an amount) may reach the tenant; its instructions may not.
      if (/\d/.test(window)) continue;
      if (folded.includes(` ${window} `)) {
        leaks.push(window);
        break;
      }
    }
  }
  return leaks;
}

function summarise(split: Split | 'all', messages: TenantMessage[], outcomes: MessageOutcome[], peakRss: number): EvaluationReport {
  const pairs = messages.map((message, i) => ({ message, outcome: outcomes[i]! }));
  const ratio = (selected: typeof pairs, correct: (pair: (typeof pairs)[number]) => boolean): Ratio => ({ hits: selected.filter(correct).length, of: selected.length });
  const covered = pairs.filter(({ message }) => message.expected.covered);
  const notCovered = pairs.filter(({ message }) => !message.expected.covered);
  const flaggedUrgent = pairs.filter(({ outcome }) => outcome.draft.urgent);
  const urgent = pairs.filter(({ message }) => message.expected.urgent);
  const latencies = outcomes.map((outcome) => outcome.latencyMs).sort((a, b) => a - b);
  return {
    split,
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
    safetyStep: ratio(urgent, ({ outcome }) => outcome.safetyStep === true),
    answersQuestion: ratio(pairs, ({ outcome }) => outcome.answersQuestion),
    inventedPermissionsOrOffers: outcomes.filter((outcome) => outcome.invented.length > 0).length,
    ruleTextLeaked: outcomes.filter((outcome) => outcome.ruleLeak.length > 0).length,
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
    `assistant evaluation (${report.split === 'all' ? 'all splits' : `${report.split} split`}): ${report.messages} messages`,
    `  retrieval top-3 hit rate          ${r(report.retrievalTop3)}`,
    `  replies with an unsupported fact  ${report.unsupportedFacts}  (model replies replaced by the grounding check: ${report.groundingReplaced}, of which by the holding reply: ${report.groundingHeld})`,
    `  "not covered" handled correctly   ${r(report.notCoveredHandled)}`,
    `  covered messages answered         ${r(report.coveredAnswered)}`,
    `  replies stating every must-have   ${r(report.mustContain)}`,
    `  language match                    ${r(report.languageMatch)}`,
    `  reply text in the tenant's language ${r(report.replyLanguageMatch)}`,
    `  urgency precision                 ${r(report.urgencyPrecision)}`,
    `  urgency recall                    ${r(report.urgencyRecall)}`,
    `  emergencies with the safety step  ${r(report.safetyStep)}`,
    `  answers the question (or defers)  ${r(report.answersQuestion)}`,
    `  permissions or offers invented    ${report.inventedPermissionsOrOffers}`,
    `  rule text leaked                  ${report.ruleTextLeaked}`,
    `  intent accuracy                   ${r(report.intentAccuracy)}`,
    `  date accuracy                     ${r(report.dateAccuracy)}`,
    `  latency per draft p50 / p95       ${(report.latencyP50Ms / 1000).toFixed(1)} s / ${(report.latencyP95Ms / 1000).toFixed(1)} s`,
    `  peak RSS                          ${report.peakRssMb} MB`,
  ].join('\n');
}
