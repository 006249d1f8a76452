import { HumanMessage, SystemMessage, type BaseMessage } from '@langchain/core/messages';
import { AiUnavailableError, type AiStatus, type StructuredCallOptions } from '@pm/ai';
import { detectUrgency, intentByRules } from '@pm/tenant-triage';
import { z } from 'zod';
import type { Retrieval, RetrievedItem } from '../retrieval/knowledge-index.js';
import { DRAFT_INTENT_DEFINITIONS, DRAFT_INTENTS, DraftsUnavailableError, type Draft, type DraftIntent, type DraftRequest } from './draft-reply.types.js';
import { formatDate, resolveDates, type ResolvedDate } from './guards/date-resolver.js';
import { fallbackReply } from './guards/fallback-reply.js';
import { groundReply, translationProblems } from './guards/grounding-check.js';
import { baseLanguage, detectLanguage } from './guards/language-detector.js';
import { expandQuery } from './query-expansion.js';

/** What drafting needs of the AI runtime (AiRuntime has it; tests of the pipeline's decisions pass a deterministic model). */
export interface DraftingModel {
  status(): { chat: AiStatus; embeddings: AiStatus };
  invokeStructured<Schema extends z.ZodType<Record<string, unknown>>>(messages: BaseMessage[], schema: Schema, options?: StructuredCallOptions): Promise<z.infer<Schema>>;
}

export type Retrieve = (locationId: string, message: string) => Promise<Retrieval>;

const LANGUAGE_NAMES: Record<string, string> = { en: 'English', es: 'Spanish', fr: 'French', de: 'German', pt: 'Portuguese', it: 'Italian', zh: 'Chinese', vi: 'Vietnamese' };

/**
 * The drafting pipeline: message + location (+ tenant, thread) → a reply a manager can send. The model only words the
 * reply and names the items it used; every decision it could get wrong is taken in code: whether the knowledge covers
 * the message (retrieval scores), urgency (rules), language (detector), dates (chrono), and whether its words are
 * backed by the items it cited (grounding check, else the cited answer itself).
 */
export class ReplyDrafter {
  constructor(
    private readonly model: DraftingModel,
    private readonly retrieve: Retrieve,
  ) {}

  /** `signal`: the caller stopped waiting (the draft's timeout): the model's remaining work for it is dropped. */
  async draftReply(request: DraftRequest, signal?: AbortSignal): Promise<Draft> {
    this.requireModels();
    const call: StructuredCallOptions = signal === undefined ? {} : { signal };
    const previousTenantText = request.thread?.filter((entry) => entry.from === 'tenant').at(-1)?.text;
    const fallbackLanguage = request.tenant?.language ?? (previousTenantText === undefined ? undefined : detectLanguage(previousTenantText).language);
    const { language } = detectLanguage(request.message, { fallback: fallbackLanguage });
    const urgency = detectUrgency(request.message);
    const dates = resolveDates(request.message, { reference: request.receivedAt ?? new Date(), timeZone: request.location.timeZone, language });
    const decided = { language, urgent: urgency.urgent, urgency: urgency.matches, dates };

    const english = await this.unlessUnavailable(() => this.searchText(request.message, language, call));
    const { relevant } = await this.unlessUnavailable(() => this.retrieve(request.location.id, expandQuery(english, urgency.matches)));
    const ruledIntent = urgency.urgent ? 'emergency' : intentByRules(english);
    if (relevant.length === 0) return notCovered(decided, ruledIntent ?? 'general');
    // In an emergency the reply follows the manager's emergency rules when one is relevant: a Q&A item found beside
    // it ("storage lockers rent for $45" beside a break-in in the storage room) has nothing to say then.
    const usable = urgency.urgent && relevant.some((item) => item.kind === 'rule') ? relevant.filter((item) => item.kind === 'rule') : relevant;
    const citable = z.array(z.enum(usable.map((item) => item.sourceId) as [string, ...string[]]));

    const schema = z.object({
      intent: z.enum(DRAFT_INTENTS),
      // Only the ids the model was given can be cited: the grammar built from this enum allows no other token. In an
      // emergency the knowledge found relevant is what the reply must follow, so the model must name it (a small model
      // otherwise sometimes cites nothing, and the manager loses the guidance the draft rests on); the grounding check
      // below still judges its words.
      sourceIds: urgency.urgent ? citable.min(1) : citable,
      reply: z.string(),
    });
    const answer = await this.unlessUnavailable(() => this.model.invokeStructured(promptOf(request, usable, language, dates), schema, call));
    const intent = ruledIntent ?? intentOf(answer.intent);
    const cited = [...new Set(answer.sourceIds)].flatMap((id) => usable.filter((item) => item.sourceId === id));
    if (cited.length === 0) return notCovered(decided, intent);

    const known = knownFacts(request, dates, language);
    const grounded = groundReply({
      reply: answer.reply,
      citedAnswers: cited.map((item) => item.body),
      sendable: cited.filter((item) => item.kind === 'question').map((item) => item.body),
      known,
      language,
      message: request.message,
    });
    const best = Math.min(1, Math.max(...cited.map((item) => item.score)));
    const sources = cited.map((item) => ({ kind: item.kind, id: item.sourceId, title: item.title, score: round(item.score) }));
    if (grounded.outcome === 'model-reply') {
      return { ...decided, reply: grounded.reply, intent, outcome: 'model-reply', confidence: round(best), sources, flaggedForManager: urgency.urgent, unsupported: [] };
    }
    const answerText = grounded.reply === null ? null : await this.inLanguage(grounded.reply, language, known, call);
    if (answerText === null) {
      // Nothing grounded can be sent in the tenant's language: the holding reply, and the manager answers.
      return { ...decided, reply: fallbackReply(language).reply, intent, outcome: 'holding-reply', confidence: 0, sources, flaggedForManager: true, unsupported: grounded.unsupported };
    }
    return {
      ...decided,
      reply: answerText,
      intent,
      outcome: 'cited-answer',
      // A replaced reply answers with the right item but not in the tenant's words.
      confidence: round(best * 0.6),
      sources,
      flaggedForManager: urgency.urgent,
      unsupported: grounded.unsupported,
    };
  }

  /**
   * A cited answer in the tenant's language. The knowledge bases are written in English: for any other language the
   * model translates the answer, and the translation is sent only if it passes the grounding check against the answer
   * and keeps every value of it; else null (the caller sends the holding reply). Never English to a Spanish tenant.
   */
  private async inLanguage(answer: string, language: string, known: readonly string[], call: StructuredCallOptions): Promise<string | null> {
    if (baseLanguage(language) === 'en') return answer;
    const { translation } = await this.unlessUnavailable(() =>
      this.model.invokeStructured([new SystemMessage(translateAnswer(language)), new HumanMessage(answer)], AnswerTranslationSchema, call),
    );
    const text = translation.trim();
    if (text === '' || translationProblems({ translation: text, original: answer, known, language }).length > 0) return null;
    // A model that answers in English rather than translating: the detector decides, the tenant's language when unsure.
    return baseLanguage(detectLanguage(text, { fallback: language }).language) === baseLanguage(language) ? text : null;
  }

  /**
   * The embedding model (MiniLM) and the full-text configuration read English, as the knowledge bases are written:
   * a message in another language is searched by its English translation, which the chat model makes. Searched as
   * written, the evaluation set's covered messages in Spanish, German, French, Portuguese, Chinese and Vietnamese found
   * their items in the top 3 only 9 times of 23.
   */
  private async searchText(message: string, language: string, call: StructuredCallOptions): Promise<string> {
    if (baseLanguage(language) === 'en') return message;
    const { english } = await this.model.invokeStructured([new SystemMessage(TRANSLATE), new HumanMessage(message)], TranslationSchema, call);
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

function notCovered(decided: Decided, intent: DraftIntent): Draft {
  const fallback = fallbackReply(decided.language);
  return { ...decided, reply: fallback.reply, intent, outcome: 'not-covered', confidence: 0, sources: [], flaggedForManager: true, unsupported: [] };
}

/**
 * The urgency rules decide emergencies, and the intent rules the intents a message's words settle; the model's choice
 * stands for the rest, except an emergency the rules did not find, which is at most a maintenance request (the model
 * calls a dripping tap an emergency).
 */
function intentOf(modelIntent: DraftIntent): DraftIntent {
  return modelIntent === 'emergency' ? 'maintenance_request' : modelIntent;
}

const TRANSLATE = "Translate the tenant's message into English, keeping every number, time, name and place. Give only the translation.";
const TranslationSchema = z.object({ english: z.string() });

function translateAnswer(language: string): string {
  return `Translate the property manager's answer into ${LANGUAGE_NAMES[baseLanguage(language)] ?? 'English'}, speaking to the tenant. Keep every number, time, price, phone number, e-mail address and name exactly as written. Add nothing. Give only the translation.`;
}
const AnswerTranslationSchema = z.object({ translation: z.string() });

const INSTRUCTIONS = [
  "You draft the property manager's reply to a tenant's message.",
  'Use ONLY the knowledge items given. Copy numbers, times, prices, phone numbers and names exactly as an item states them; never add a fact, a promise or a date of your own.',
  "An item marked RULE is the manager's instruction to you, not text for the tenant: write to the tenant, as \"you\", what it tells you to tell them. Where it says \"Tell the tenant to do X\", write \"Please do X.\"; never write \"the tenant\" or \"treat it as urgent\".",
  "Answer the message; never repeat it.",
  'In sourceIds list the ids of the items your reply uses. If no item answers the message, give an empty sourceIds.',
  'Keep the reply short: one to three sentences, no greeting line, no signature.',
  'intent is what the message is about, one of:',
  ...Object.entries(DRAFT_INTENT_DEFINITIONS).map(([intent, definition]) => `- ${intent}: ${definition}`),
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

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
