import { HumanMessage, SystemMessage, type BaseMessage } from '@langchain/core/messages';
import { AiUnavailableError, type AiStatus, type StructuredCallOptions } from '@pm/ai';
import { detectUrgency, foldText, intentByRules, isHouseRuleQuestion, type UrgencyVerdict } from '@pm/tenant-triage';
import { z } from 'zod';
import { RELEVANCE_THRESHOLD, type Retrieval, type RetrievedItem } from '../retrieval/knowledge-index.js';
import { clipped } from './answer-judge/answer-examples.js';
import type { AnswerJudge } from './answer-judge/answer-judge.js';
import { DraftsUnavailableError, type Draft, type DraftIntent, type DraftRequest, type DraftSource } from './draft-reply.types.js';
import { extractiveAnswer, sentencesOf } from './extractive-answer.js';
import { formatDate, resolveDates, type ResolvedDate } from './guards/date-resolver.js';
import { fallbackReply, requestPassedOn } from './guards/fallback-reply.js';
import { groundReply, maskValues, translationProblems, unmaskValues } from './guards/grounding-check.js';
import { baseLanguage, detectLanguage } from './guards/language-detector.js';
import { inventedPermissionsOrOffers, leakedRuleText, repetition } from './guards/reply-checks.js';
import { analyseQuestion, judgeItem, type AnalysedQuestion } from './question-analysis.js';
import { expandQuery } from './query-expansion.js';
import { emergencyContacts, rulesAbout, safetyLead } from './safety-reply.js';
import type { UrgencyClassifier } from './urgency/urgency-classifier.js';

/** What drafting needs of the AI runtime (AiRuntime has it; tests of the pipeline's decisions pass a deterministic model). */
export interface DraftingModel {
  status(): { chat: AiStatus; embeddings: AiStatus };
  invokeStructured<Schema extends z.ZodType<Record<string, unknown>>>(messages: BaseMessage[], schema: Schema, options?: StructuredCallOptions): Promise<z.infer<Schema>>;
}

export type Retrieve = (locationId: string, message: string) => Promise<Retrieval>;

const LANGUAGE_NAMES: Record<string, string> = { en: 'English', es: 'Spanish', fr: 'French', de: 'German', pt: 'Portuguese', it: 'Italian', zh: 'Chinese', vi: 'Vietnamese' };

/**
 * The drafting pipeline: message + location (+ tenant, thread) → a reply a manager can send. Every decision the model
 * could get wrong is taken in code, and the model only writes where code cannot:
 * - urgency: rules over the message and its English translation, then a classifier trained on a labelled bank of
 *   tenant messages (urgency/), then the model's second opinion where a hazard word is present that neither settled;
 *   any of them flags the message (combined for recall), and an urgent reply leads with the safety step and the emergency contacts
 *   (safety-reply.ts), in the tenant's language;
 * - whether an item answers: its subject and the kind of fact the question asks for (question-analysis.ts), then a
 *   judge learnt from labelled pairs of message and item (answer-judge/); when none does, the holding reply, flagged,
 *   with the near misses for the manager;
 * - the words: one Q&A item that answers is sent as its own sentences (translated and checked for another language);
 *   the model composes only when the question needs several items, and its reply is kept only if every fact is in
 *   them, it grants, refuses and offers only what they do, quotes no rule and does not loop; else the best answering
 *   item's own sentences, else the holding reply. A rule's text never reaches the tenant.
 */
export class ReplyDrafter {
  /**
   * Checked translations of the items' answers, by language and text: tenants ask the same questions, and a translation
   * is a model call of seconds. Only translations that passed their check are kept (a failed one is tried again next
   * time); an edited item has another text, hence another key. Bounded, oldest out first.
   */
  private readonly translations = new BoundedCache<string, string>(500);

  constructor(
    private readonly model: DraftingModel,
    private readonly retrieve: Retrieve,
    private readonly classifier: UrgencyClassifier,
    private readonly judge: AnswerJudge,
  ) {}

  /** `signal`: the caller stopped waiting (the draft's timeout): the model's remaining work for it is dropped. */
  async draftReply(request: DraftRequest, signal?: AbortSignal): Promise<Draft> {
    this.requireModels();
    const call: StructuredCallOptions = signal === undefined ? {} : { signal };
    const previousTenantText = request.thread?.filter((entry) => entry.from === 'tenant').at(-1)?.text;
    const fallbackLanguage = request.tenant?.language ?? (previousTenantText === undefined ? undefined : detectLanguage(previousTenantText).language);
    const { language } = detectLanguage(request.message, { fallback: fallbackLanguage });
    const english = await this.unlessUnavailable(() => this.searchText(request.message, language, call));
    const urgency = await this.urgencyOf(request.message, english, call);
    const dates = resolveDates(request.message, { reference: request.receivedAt ?? new Date(), timeZone: request.location.timeZone, language });
    const decided: Decided = { language, urgent: urgency.urgent, urgency: urgency.matches, dates };

    // A draft given up on (its deadline passed while the model worked) stops here rather than query on for no one.
    signal?.throwIfAborted();
    const retrieval = await this.unlessUnavailable(() => this.retrieve(request.location.id, expandQuery(english, urgency.matches)));
    if (urgency.urgent) return this.urgentDraft(request, retrieval, decided, signal);

    // Read with the repair words a broken thing or a pest adds (query-expansion), so "the disposal is jammed" is about
    // a repair, as the knowledge says it.
    const question = analyseQuestion(expandQuery(english, []));
    const ruledIntent = intentByRules(english) ?? 'general';
    const answering = await this.confirmed(english, await this.judged(english, answeringItems(question, retrieval)), call);
    if (answering.length === 0) return deferral(decided, ruledIntent, retrieval.hits);
    const [best] = answering as [Answering, ...Answering[]];
    const known = knownFacts(request, dates, language);
    // A second item is needed when it speaks of a subject of the question the best one does not. A permission or a
    // request is answered by the item's own words: a composed "please don't… you may…" contradicted itself where two
    // items were near the question.
    const ownWordsOnly = question.type === 'permission' || question.type === 'request';
    const others = ownWordsOnly ? [] : answering.slice(1).filter((other) => other.matched.some((term) => !best.matched.includes(term)));
    if (others.length === 0 && best.item.kind === 'question') {
      return this.citedAnswer(decided, ruledIntent, best, extractiveAnswer(question, best.item.body), retrieval, call);
    }
    const composed = await this.composed(request, [best, ...others], question, language, dates, known, call);
    if (composed) return { ...decided, ...composed, intent: ruledIntent, nearMisses: [] };
    const fallback = answering.find((candidate) => candidate.item.kind === 'question');
    if (fallback) return this.citedAnswer(decided, ruledIntent, fallback, extractiveAnswer(question, fallback.item.body), retrieval, call);
    // Only a rule answers (an instruction to the assistant) and the model's reply failed the checks: the manager writes.
    return { ...deferral(decided, ruledIntent, retrieval.hits), outcome: 'holding-reply', sources: [best].map(sourceOf) };
  }

  /**
   * Urgent: the safety step and whom to call, in the tenant's language, written in code; nothing else, so nothing
   * about another topic can follow them (a fire question once got the smoking policy after its safety step). Rules
   * about this hazard supply the contacts they name; the location's emergency line is searched for on its own, as
   * it is rarely among the items found for the hazard. The manager, flagged, adds what else the tenant needs.
   */
  private async urgentDraft(request: DraftRequest, retrieval: Retrieval, decided: Decided, signal: AbortSignal | undefined): Promise<Draft> {
    const categories = decided.urgency.map((match) => match.category);
    signal?.throwIfAborted();
    const line = await this.unlessUnavailable(() => this.retrieve(request.location.id, EMERGENCY_LINE_QUERY));
    const contacts = emergencyContacts(categories, [...retrieval.relevant, ...line.hits]);
    // The rules for this hazard are cited whether or not they give a number: the manager sees what they ask for.
    const used = [...new Map([...rulesAbout(categories, retrieval.relevant), ...contacts.map((contact) => contact.item)].map((item) => [item.sourceId, item])).values()];
    return {
      ...decided,
      reply: safetyLead(categories, contacts, decided.language),
      intent: 'emergency',
      outcome: used.length > 0 ? 'cited-answer' : 'holding-reply',
      confidence: used.length > 0 ? round(Math.min(1, Math.max(...used.map((item) => item.score)))) : 0,
      sources: used.map((item) => sourceOf({ item })),
      nearMisses: [],
      flaggedForManager: true,
      unsupported: [],
    };
  }

  /**
   * The candidates the answer judge (answer-judge/, learnt from labelled pairs) says answer the message. The subject
   * vocabulary finds candidates by the names they share with the message, and on knowledge bases it was not written
   * beside it finds near ones ("is there a sauna?" → the pool's hours): an item the judge refuses is neither the
   * answer, nor composed from, nor the fallback; with none left the draft is the holding reply with the near misses.
   */
  private async judged(english: string, candidates: Answering[]): Promise<Answering[]> {
    if (candidates.length === 0) return candidates;
    const verdicts = await this.unlessUnavailable(() => this.judge.judge(english, candidates.map(({ item }) => (item.kind === 'question' ? { question: item.title, answer: item.body } : { question: questionOf(item) }))));
    return candidates.filter((_, i) => verdicts[i]?.answers === true);
  }

  /**
   * The answering items code is sure of, and the one the model picks among the others: where an item names only some
   * of the message's subjects, or the message asks the manager to do something, the model is shown the message and
   * those items' questions, and picks the one the message asks, or none. A choice among questions, with "none"
   * offered, rather than a yes or no per item: asked "does this answer it?", the small model said yes to nearly
   * anything near the subject (construction noise → the quiet hours).
   */
  private async confirmed(english: string, answering: Answering[], call: StructuredCallOptions): Promise<Answering[]> {
    const unsure = answering.filter((candidate) => !candidate.sure).slice(0, MAX_CHOICES);
    if (unsure.length === 0) return answering;
    const options = unsure.map((candidate, i) => ({ key: String(i + 1), candidate }));
    const choices = options.map(({ key, candidate }) => `${key}. ${questionOf(candidate.item)}${candidate.item.kind === 'question' ? ` (answer: ${clipped(candidate.item.body, PICK_ANSWER_CHARS)})` : ''}`).join('\n');
    const schema = z.object({ choice: z.enum(['none', ...options.map(({ key }) => key)] as [string, ...string[]]) });
    const { choice } = await this.unlessUnavailable(() =>
      this.model.invokeStructured([new SystemMessage(PICK_QUESTION), new HumanMessage(`Tenant's message: ${english}\n\nQuestions:\n${choices}\nnone. None of these`)], schema, call),
    );
    const picked = options.find(({ key }) => key === choice)?.candidate;
    return answering.filter((candidate) => candidate.sure || candidate === picked);
  }

  /**
   * The item's own sentences, in the tenant's language; the holding reply when the translation fails its check. A
   * request for money off answered by the terms it asks about (passOn) gets them, and that the manager has the request:
   * granting or refusing it is the manager's, so the draft is flagged.
   */
  private async citedAnswer(decided: Decided, intent: DraftIntent, chosen: Answering, text: string, retrieval: Retrieval, call: StructuredCallOptions): Promise<Draft> {
    const answer = await this.inLanguage(text, decided.language, call);
    if (answer === null) {
      return { ...deferral(decided, intent, retrieval.hits), outcome: 'holding-reply', sources: [sourceOf(chosen)], nearMisses: [] };
    }
    const reply = chosen.passOn ? `${answer} ${requestPassedOn(decided.language)}` : answer;
    const flaggedForManager = chosen.passOn === true;
    return { ...decided, reply, intent, outcome: 'cited-answer', confidence: round(Math.min(1, chosen.item.score)), sources: [sourceOf(chosen)], nearMisses: [], flaggedForManager, unsupported: [] };
  }

  /**
   * The model's reply from several items, or null when it fails a check: a fact no item states, a permission, refusal
   * or offer no item makes, a rule's words, an echo of the message, or a loop.
   */
  private async composed(
    request: DraftRequest,
    items: Answering[],
    question: AnalysedQuestion,
    language: string,
    dates: ResolvedDate[],
    known: readonly string[],
    call: StructuredCallOptions,
  ): Promise<Pick<Draft, 'reply' | 'outcome' | 'confidence' | 'sources' | 'flaggedForManager' | 'unsupported'> | null> {
    const usable = items.map(({ item }) => item);
    const citable = z.array(z.enum(usable.map((item) => item.sourceId) as [string, ...string[]]));
    const schema = z.object({ sourceIds: citable, reply: z.string().max(MAX_REPLY) });
    const answer = await this.unlessUnavailable(() => this.model.invokeStructured(promptOf(request, usable, language, dates), schema, call));
    const cited = items.filter(({ item }) => answer.sourceIds.includes(item.sourceId));
    if (cited.length === 0) return null;
    const reply = answer.reply.trim();
    const sources = cited.map(({ item }) => item.body);
    const grounded = groundReply({ reply, citedAnswers: sources, sendable: [], known, language, message: request.message });
    const problems = [
      ...grounded.unsupported,
      ...leakedRuleText(reply, cited.filter(({ item }) => item.kind === 'rule').map(({ item }) => item)),
      ...inventedPermissionsOrOffers({ reply, sources, question: question.type }),
      ...repetition(reply),
    ];
    if (problems.length > 0 || reply === '' || baseLanguage(detectLanguage(reply, { fallback: language }).language) !== baseLanguage(language)) return null;
    const best = Math.min(1, Math.max(...cited.map(({ item }) => item.score)));
    return { reply, outcome: 'model-reply', confidence: round(best), sources: cited.map(sourceOf), flaggedForManager: false, unsupported: [] };
  }

  /**
   * Urgency, combined for recall: the rules over the message as written and over its English translation (the rules
   * read five languages; the translation covers the rest); then, unless the message asks about a house rule, the
   * classifier over the translation, which reads wording no rule lists; then, where a word of a hazard appears that
   * neither settled, the model's second opinion. A false alarm costs the manager a look, a missed emergency more. The
   * classifier's evidence is the bank's example the message is nearest to.
   */
  private async urgencyOf(message: string, english: string, call: StructuredCallOptions): Promise<UrgencyVerdict> {
    const verdicts = [detectUrgency(message), ...(english === message ? [] : [detectUrgency(english)])];
    const matches = [...new Map(verdicts.flatMap((verdict) => verdict.matches).map((match) => [match.category, match])).values()];
    if (matches.length > 0) return { urgent: true, matches };
    if (isHouseRuleQuestion(message) || isHouseRuleQuestion(english)) return { urgent: false, matches: [] };
    const guess = await this.unlessUnavailable(() => this.classifier.classify(english));
    if (guess.urgent) return { urgent: true, matches: [{ category: guess.category, evidence: `like "${guess.nearest}"` }] };
    const cue = hazardCue(foldText(english)) ?? hazardCue(foldText(message));
    if (cue === undefined) return { urgent: false, matches: [] };
    const { emergency } = await this.unlessUnavailable(() => this.model.invokeStructured([new SystemMessage(CLASSIFY_EMERGENCY), new HumanMessage(english)], EmergencySchema, call));
    return emergency ? { urgent: true, matches: [{ category: 'declared', evidence: cue }] } : { urgent: false, matches: [] };
  }

  /**
   * A cited answer in the tenant's language. The knowledge bases are written in English: for any other language the
   * model translates the answer, and the translation is sent only if it passes the grounding check against the answer
   * and keeps every value of it; else null (the caller sends the holding reply). Never English to a Spanish tenant.
   * A whole answer whose translation fails is tried again sentence by sentence: the small model drops or changes a
   * value of a long answer ("up to 2 more at $40 each" lost its price) that it keeps in a short one, and every
   * sentence must pass.
   */
  private async inLanguage(answer: string, language: string, call: StructuredCallOptions): Promise<string | null> {
    if (baseLanguage(language) === 'en') return answer;
    const whole = await this.translated(answer, language, call);
    if (whole !== null) return whole;
    const sentences = sentencesOf(answer);
    if (sentences.length < 2) return null;
    const parts: string[] = [];
    for (const sentence of sentences) {
      const part = await this.translated(sentence, language, call);
      if (part === null) return null;
      parts.push(part);
    }
    return parts.join(' ');
  }

  /** One text's checked translation (see inLanguage), or null; cached when it passed. */
  private async translated(text: string, language: string, call: StructuredCallOptions): Promise<string | null> {
    const key = `${baseLanguage(language)}\n${text}`;
    const cached = this.translations.get(key);
    if (cached !== undefined) return cached;
    // The values travel as placeholders (maskValues): the model translates the words around them only.
    const { masked, values } = maskValues(text);
    const { translation } = await this.unlessUnavailable(() =>
      this.model.invokeStructured([new SystemMessage(translateAnswer(language, values.length > 0)), new HumanMessage(masked)], AnswerTranslationSchema, call),
    );
    const unmasked = unmaskValues(translation.trim(), values);
    if (unmasked === null || unmasked === '' || translationProblems({ translation: unmasked, original: text, language }).length > 0) return null;
    // A model that answers in English rather than translating: the detector decides, the tenant's language when unsure.
    // It reads the words, not the values ("9 AM a 6 PM" kept as written is no English).
    if (baseLanguage(detectLanguage(translation, { fallback: language }).language) !== baseLanguage(language)) return null;
    this.translations.set(key, unmasked);
    return unmasked;
  }

  /**
   * The embedding model (MiniLM) and the full-text configuration read English, as the knowledge bases are written:
   * a message in another language is searched by its English translation, which the chat model makes. Searched as
   * written, the evaluation set's covered messages in Spanish, German, French, Portuguese, Chinese and Vietnamese found
   * their items in the top 3 only 9 times of 23.
   */
  private async searchText(message: string, language: string, call: StructuredCallOptions): Promise<string> {
    if (baseLanguage(language) === 'en') return message;
    // On one line: the model translated an e-mail's subject line and stopped there ("Visite de ma sœur\nBonjour, …").
    const oneLine = message.replace(/\s*\n+\s*/g, ' / ');
    const { english } = await this.model.invokeStructured([new SystemMessage(TRANSLATE), new HumanMessage(oneLine)], TranslationSchema, call);
    return english.trim() === '' ? message : english;
  }

  private requireModels(): void {
    const { chat, embeddings } = this.model.status();
    if (!chat.available) throw new DraftsUnavailableError(chat.message);
    if (!embeddings.available) throw new DraftsUnavailableError(embeddings.message);
  }

  /** A model that fails to load on first use is as unavailable as a missing one: never a made-up draft. */
  private async unlessUnavailable<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AiUnavailableError) throw new DraftsUnavailableError(error.message);
      throw error;
    }
  }
}

/** What the system itself vouches for in a reply (see findUnsupportedClaims): the computed dates and the names. */
export function knownFacts(request: Pick<DraftRequest, 'location' | 'tenant'>, dates: readonly ResolvedDate[], language: string): string[] {
  return [...dates.map((date) => `${date.date} ${formatDate(date.date, language)}${date.time ? ` ${date.time}` : ''}`), request.location.name ?? '', request.tenant?.name ?? ''].filter(Boolean);
}

type Decided = Pick<Draft, 'language' | 'urgent' | 'urgency' | 'dates'>;

/**
 * The holding reply in the tenant's language, flagged for the manager, with the items retrieval found nearest (the
 * manager sees what the knowledge has close by, and what to add).
 */
function deferral(decided: Decided, intent: DraftIntent, nearest: readonly RetrievedItem[]): Draft {
  const fallback = fallbackReply(decided.language);
  const nearMisses = nearest.slice(0, 3).map((item) => sourceOf({ item }));
  return { ...decided, reply: fallback.reply, intent, outcome: 'not-covered', confidence: 0, sources: [], nearMisses, flaggedForManager: true, unsupported: [] };
}

interface Answering {
  item: RetrievedItem;
  /** The question's subject terms the item speaks of. */
  matched: string[];
  /** Code is sure the item answers (see judgeItem); else the model is asked. */
  sure: boolean;
  /** It states the terms of what a request for money off asks, not the decision (see Judged.passOn). */
  passOn?: true;
}

/** MiniLM's cosine of message and item at which an item naming the subject is taken as answering without asking. */
const SURE_SEMANTIC = 0.6;

/**
 * Below the relevance threshold, an item still answers when it names the question's subject in its own title: the
 * embedding misses "where do amazon boxes go" → "Where are packages delivered?", the subject does not.
 */
const CANDIDATE_FLOOR = 0.3;

/** The retrieved items that answer the question (see judgeItem), most subject terms first, then by score. */
function answeringItems(question: AnalysedQuestion, retrieval: Retrieval): Answering[] {
  return retrieval.hits
    .filter((item) => item.score >= CANDIDATE_FLOOR)
    .map((item) => ({ item, judged: judgeItem(question, item), titled: judgeItem(question, { title: item.title, body: '' }) }))
    // A rule applies when its description does ("A tenant reports a break-in"): a word of its instructions ("check the
    // front door") does not make it about a doorbell camera.
    .filter(({ item, judged, titled }) => judged.answers && (item.kind === 'rule' ? titled.matched.length > 0 : item.score >= RELEVANCE_THRESHOLD || titled.matched.length > 0))
    // Close in meaning as well as naming the subject: sure, whatever other words the message has ("can I bring my dog?
    // He weighs 35 kg" → the pets item).
    .map(({ item, judged }) => ({
      item,
      matched: judged.matched,
      sure: judged.sure || (question.type !== 'request' && item.semantic >= SURE_SEMANTIC),
      ...(judged.passOn ? { passOn: true as const } : {}),
    }))
    .sort((a, b) => b.matched.length - a.matched.length || b.item.score - a.item.score)
    // Items that between them name every subject of a message with several ("the pet rules, and guest parking?") are
    // sure together, though each names only its part.
    .map((candidate, _i, all) => ({ ...candidate, sure: candidate.sure || (question.type !== 'request' && coversAll(question, all)) }));
}

function coversAll(question: AnalysedQuestion, answering: readonly { matched: string[] }[]): boolean {
  const named = new Set(answering.flatMap((candidate) => candidate.matched));
  return question.strong.every((term) => named.has(term));
}

function sourceOf({ item }: { item: RetrievedItem }): DraftSource {
  return { kind: item.kind, id: item.sourceId, title: item.title, score: round(item.score) };
}

/** Searched beside an urgent message's own search: the item that gives the location's emergency line. */
const EMERGENCY_LINE_QUERY = 'emergency maintenance line phone number after hours';

/**
 * A sign of danger the rules did not settle: the model's second opinion is asked (folded, see foldText). Not "water",
 * "hot" or "cold" alone: on the tuning split every second opinion those words asked was a false alarm (a dishwasher's
 * standing water, a running toilet), and the rules read floods and heat themselves. The model is not asked about every
 * message: asked whether a routine request was an emergency (a storage room, potholes, a dishwasher broken for a week),
 * the local model said yes to about half of them, however the question was put.
 */
const HAZARD_CUE = /(?<= )(smel|smels|smelt|smoke|smoky|burning|burnt|spark|sparks|gas|fire|flames|help|scared|afraid|danger|dangerous|stuck|breath|breathe|breathing|blod|bleding|police|hurt|unsafe|emergency|urgent|panic|panicking|screaming|fumes|roten eg|roten egs|sulfur|sulphur|jamed|ayuda|peligro|humo|olor|quemado|socoro|hilfe|gefahr|rauch|au secours|fumee|ajuda|perigo|fumaca|cuu|nguy hiem|chay|救命|危险|烟)(?= )/;
/**
 * Someone vulnerable beside a condition that can harm them ("no heat and a 2-month-old", "my 80-year-old mother can't
 * get the door open"): a cue in pair, as either word alone is everyday ("the baby's stroller", "it's cold out").
 */
const VULNERABLE = /(?<= )(baby|babies|infant|newborn|todler|months? old|wek old|weks old|elderly|pregnant|disabled|whelchair|oxygen|asthma|[789]\d (year|years|yr|yrs) old|[789]\d yo|she s [789]\d|he s [789]\d|(she|he) is [789]\d|grandma|grandpa|grandmother|grandfather)(?= )/;
const HARMFUL = /(?<= )(heat|heating|heater|furnace|boiler|cold|freezing|frezing|frozen|degres|below zero|hot|ac|air conditioning|coling|locked|lock|latch|dor|trap|can t get|cant get|can not get|canot get|dark|alone|sick|fever|vomiting)(?= )/;

/** The words that ask for the model's second opinion (see HAZARD_CUE and VULNERABLE), or undefined. */
function hazardCue(folded: string): string | undefined {
  const word = HAZARD_CUE.exec(folded);
  if (word) return word[0].trim();
  const vulnerable = VULNERABLE.exec(folded);
  const harmful = vulnerable && HARMFUL.exec(folded);
  return vulnerable && harmful ? `${vulnerable[0].trim()} ${harmful[0].trim()}` : undefined;
}
const CLASSIFY_EMERGENCY =
  "Decide if a tenant's message reports an emergency: a present danger to someone's life, health or safety, or damage to the building happening now (fire, smoke, gas, flooding, sewage, electrical hazard, break-in, someone hurt, trapped, or dangerous heat or cold for someone vulnerable). A question about rules, a past event, or a routine repair is not an emergency.";
const EmergencySchema = z.object({ emergency: z.boolean() });
const PICK_QUESTION =
  "Which of the listed questions is the tenant asking? Each question is followed by the start of its answer. Pick the number of the question whose answer tells the tenant what their message asks. Pick none if the message asks about a thing that no listed answer speaks of.";
/**
 * How much of a Q&A item's answer the pick shows beside its question: the answer says what the item covers (a pool's
 * item never mentions a sauna), and a short one keeps the prompt small.
 */
const PICK_ANSWER_CHARS = 160;

/** How many unsure items the model chooses among. */
const MAX_CHOICES = 3;

/** An item as a question: a Q&A item's own question, a rule's situation. */
function questionOf(item: RetrievedItem): string {
  return item.kind === 'question' ? item.title : `What to do when ${lowerFirst(item.title)}?`;
}

/** The longest reply the model may compose: a few SMS. */
const MAX_REPLY = 700;

const TRANSLATE = "Translate the tenant's message into English, keeping every number, time, name and place. Give only the translation.";
const TranslationSchema = z.object({ english: z.string() });

function translateAnswer(language: string, placeholders: boolean): string {
  const keep = placeholders ? 'Copy every placeholder such as {1} exactly once, unchanged, where it belongs. Keep every number and name as written.' : 'Keep every number and name as written.';
  return `Translate the property manager's answer into ${LANGUAGE_NAMES[baseLanguage(language)] ?? 'English'}, speaking to the tenant. ${keep} Add nothing. Give only the translation.`;
}
const AnswerTranslationSchema = z.object({ translation: z.string() });

const INSTRUCTIONS = [
  "You draft the property manager's reply to a tenant's message.",
  'Use ONLY the knowledge items given. Copy numbers, times, prices, phone numbers and names exactly as an item states them; never add a fact, a promise or a date of your own.',
  "An item marked RULE is the manager's instruction to you, not text for the tenant: write to the tenant, as \"you\", what it tells you to tell them. Where it says \"Tell the tenant to do X\", write \"Please do X.\"; never write \"the tenant\" or \"treat it as urgent\".",
  "Answer the tenant's question and only that; never repeat the message.",
  'Say yes, no, or offer to do something only where an item says so.',
  'In sourceIds list the ids of the items your reply uses. If no item answers the message, give an empty sourceIds.',
  'Keep the reply short: one to three sentences, no greeting line, no signature.',
].join('\n');

function promptOf(request: DraftRequest, items: RetrievedItem[], language: string, dates: ResolvedDate[]): BaseMessage[] {
  const place = request.location.name ? ` of ${request.location.name}` : '';
  const knowledge = items.map((item) => `[${item.sourceId}] ${item.kind === 'rule' ? `RULE when ${lowerFirst(item.title)}` : item.title}\n${item.body}`).join('\n\n');
  // The instructions come first and never change, so the local model reuses their evaluated tokens across drafts.
  const system = [
    INSTRUCTIONS,
    '',
    `Knowledge items${place}:`,
    knowledge,
  ].join('\n');
  const thread = (request.thread ?? []).map((entry) => `${entry.from === 'tenant' ? 'Tenant' : 'Manager'}: ${entry.text}`).join('\n');
  const dateLines = dates.map((date) => `"${date.text}" means ${formatDate(date.date, language)}${date.time ? ` at ${date.time}` : ''}.`).join(' ');
  const human = [
    thread ? `Earlier messages:\n${thread}\n` : '',
    `Tenant${request.tenant?.name ? ` (${request.tenant.name})` : ''}: ${request.message}`,
    dateLines ? `\n(${dateLines})` : '',
    `\nWrite the reply in ${LANGUAGE_NAMES[language.slice(0, 2)] ?? 'English'}.`,
  ].join('');
  return [new SystemMessage(system), new HumanMessage(human)];
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** A Map that forgets its oldest entry past `limit`. */
class BoundedCache<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly limit: number) {}

  get(key: K): V | undefined {
    return this.entries.get(key);
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value as K);
  }
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
