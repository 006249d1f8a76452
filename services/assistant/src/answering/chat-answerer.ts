import { HumanMessage, SystemMessage, type BaseMessage } from '@langchain/core/messages';
import { AiUnavailableError, type AiStatus, type StreamedCallOptions, type StreamedStructured, type StructuredCallOptions } from '@pm/ai';
import { z } from 'zod';
import { formatDate, todayIn } from '../drafting/guards/date-resolver.js';
import { groundReply } from '../drafting/guards/grounding-check.js';
import { baseLanguage, detectLanguage } from '../drafting/guards/language-detector.js';
import { AnswersUnavailableError, type AnswerFact, type ChatAnswer, type ChatAnswerInput } from './chat-answer.types.js';
import type { FactRanking } from './fact-ranker.js';
import { notCoveredAnswer } from './not-covered-answer.js';
import { readPartialAnswer, wholeWords } from './partial-answer.js';
import { endAtLastSentence, withStoppedNote } from './sentence-cut.js';

export type RankFacts = (question: string, facts: readonly AnswerFact[]) => Promise<FactRanking>;

/** What the answerer needs of the AI runtime (AiRuntime has it; the unit tests give a stand-in). */
export interface AnsweringModel {
  status(): { chat: AiStatus; embeddings: AiStatus };
  invokeStructured<Schema extends z.ZodType<Record<string, unknown>>>(messages: BaseMessage[], schema: Schema, options?: StructuredCallOptions): Promise<z.infer<Schema>>;
  streamStructured<Schema extends z.ZodType<Record<string, unknown>>>(messages: BaseMessage[], schema: Schema, options?: StreamedCallOptions): Promise<StreamedStructured<z.infer<Schema>>>;
}

export interface AnswerOptions {
  /**
   * The model's answer so far, whole words only, each time it grows: for a chat that shows the answer while it is
   * written. These are the model's words before the grounding check; the answer returned is what counts.
   */
  onPartial?: (text: string) => void;
  /** The asker stops waiting here (their deadline): what the model wrote by then ends at its last sentence. */
  signal?: AbortSignal;
  /** Once the model writes its first token it has this long to finish (the deadline of the generation itself). */
  generationMs?: number;
}

const LANGUAGE_NAMES: Record<string, string> = { en: 'English', es: 'Spanish', fr: 'French', de: 'German', pt: 'Portuguese', it: 'Italian', zh: 'Chinese', vi: 'Vietnamese' };

/** A follow-up this short ("and the second one?") is searched together with the question before it. */
const FOLLOW_UP_WORDS = 5;
const HISTORY_TURNS = 4;
/**
 * An answer is one to four short sentences; the model may write up to this much, then the grammar closes the string
 * and the answer ends at its last complete sentence. The token budget is the same bound for scripts of a token or more
 * per character (Chinese), and the JSON around the answer.
 */
export const ANSWER_MAX_CHARS = 700;
export const ANSWER_MAX_TOKENS = 450;
/** Without a deadline from the caller, a generation ends this long after its first token. */
export const DEFAULT_GENERATION_MS = 30_000;
/** Facts quoted when the model wrote no complete sentence in time: the best ranked. */
const FALLBACK_FACTS = 2;

/**
 * Answers a chat question from facts the caller wrote from the services' data, the way drafting answers tenants: the
 * code decides whether anything covers the question (ranking scores), the model only words the answer and names the
 * facts it used (grammar-constrained to the ids it was given), and a grounding check in code sends the cited facts'
 * own text whenever the model's words say something they do not. Never an answer the facts do not support.
 *
 * Chat answers run at the model queue's `conversation` priority, so a tenant's draft never waits for one. An answer
 * the token budget or a deadline ends is never cut mid-word: it ends at its last complete sentence and says it
 * stopped (`stoppedNote`); when nothing complete was written, the best facts are quoted instead, with the same note.
 */
export class ChatAnswerer {
  constructor(
    private readonly model: AnsweringModel,
    private readonly rank: RankFacts,
  ) {}

  async answer(input: ChatAnswerInput, options: AnswerOptions = {}): Promise<ChatAnswer> {
    this.requireModels();
    const previousQuestion = input.history?.filter((turn) => turn.role === 'user').at(-1)?.text;
    const { language } = detectLanguage(input.question, { fallback: previousQuestion === undefined ? undefined : detectLanguage(previousQuestion).language });
    const notCovered = (): ChatAnswer => ({ ...notCoveredAnswer(input.audience, language), outcome: 'not-covered', sources: [], unsupported: [], stoppedEarly: false });
    const deadline = options.signal;

    const searchText = await this.unlessUnavailable(() => this.searchTextOf(input.question, previousQuestion, language, deadline));
    const { relevant } = await this.unlessUnavailable(() => this.rank(searchText, input.facts));
    if (relevant.length === 0) return notCovered();

    const facts = relevant.map((hit) => hit.fact);
    // The model sees each fact under a short name (F1, F2…): a fact's own id (`units:<uuid>`) costs dozens of tokens
    // to read and, cited, to write. The answer comes before the citations, so its first word is among the first
    // tokens the model writes: the asker reads while it writes.
    const aliases = facts.map((_fact, index) => `F${index + 1}`);
    const factOf = (alias: string): AnswerFact | undefined => facts[aliases.indexOf(alias)];
    const schema = z.object({
      answer: z.string().max(ANSWER_MAX_CHARS),
      // Only the names the model was given can be cited: the grammar built from this enum allows no other token.
      sourceIds: z.array(z.enum(aliases as [string, ...string[]])),
    });
    const today = todayIn(input.timeZone, input.now ?? new Date());
    const generation = await this.unlessUnavailable(() => this.generate(promptOf(input, facts, aliases, language, today), schema, options));

    const written = generation.value ?? readPartialAnswer(generation.text);
    const cited = [...new Set(generation.value?.sourceIds ?? written.sourceIds ?? [])].map(factOf).filter((fact): fact is AnswerFact => fact !== undefined);
    // The answer's string reached its bound: the grammar closed it there, whatever the sentence.
    const stoppedEarly = generation.end !== 'complete' || (written.answer ?? '').length >= ANSWER_MAX_CHARS;
    const answerText = stoppedEarly ? endAtLastSentence(written.answer ?? '') : (written.answer ?? '').trim();
    const reply = (text: string, outcome: ChatAnswer['outcome'], sources: readonly AnswerFact[], unsupported: readonly string[] = []): ChatAnswer => ({
      answer: text,
      language,
      outcome,
      sources: sources.map(({ id, kind, title, link }) => ({ id, kind, title, ...(link === undefined ? {} : { link }) })),
      unsupported,
      stoppedEarly,
    });

    if (answerText === '') {
      if (!stoppedEarly) return notCovered();
      // Nothing complete in time: the facts the model named, else the best ranked, are the honest answer.
      const quoted = cited.length > 0 ? cited : facts.slice(0, FALLBACK_FACTS);
      return reply(withStoppedNote(quoted.map((fact) => fact.text).join('\n'), language), 'cited-facts', quoted);
    }
    const groundedIn = (sources: readonly AnswerFact[]) =>
      groundReply({ reply: answerText, citedAnswers: sources.map((fact) => `${fact.title}. ${fact.text}`), known: [`${today} ${formatDate(today, language)}`], language });
    // What it cites must state every claim; a small model sometimes names too few facts (or none, or none yet when
    // the budget ended it), so its words may also rest on all the facts it was given.
    const checks = cited.length > 0 ? [{ sources: cited, grounded: groundedIn(cited) }] : [];
    if (checks[0]?.grounded.outcome !== 'model-reply') checks.push({ sources: facts, grounded: groundedIn(facts) });
    const passed = checks.find((check) => check.grounded.outcome === 'model-reply');
    if (passed) return reply(stoppedEarly ? withStoppedNote(answerText, language) : answerText, 'answered', passed.sources);
    // Words no fact supports and no fact named: nothing the product knows answers it.
    if (cited.length === 0) return notCovered();
    // The facts are short sentences written by code: all of those cited, as they are, are the honest answer.
    return reply(cited.map((fact) => fact.text).join('\n'), 'cited-facts', cited, checks[0]!.grounded.unsupported.map((claim) => claim.text));
  }

  /**
   * The model's answer, streamed: each time its text grows by a word the caller hears of it. The generation's own
   * deadline starts at the first token, so time spent waiting for the model (a tenant's draft goes first) is not
   * taken from the answer; the caller's signal bounds the whole.
   */
  private async generate<Schema extends z.ZodType<Record<string, unknown>>>(messages: BaseMessage[], schema: Schema, options: AnswerOptions): Promise<StreamedStructured<z.infer<Schema>>> {
    const generationEnds = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    let shown = '';
    const signal = options.signal === undefined ? generationEnds.signal : AbortSignal.any([options.signal, generationEnds.signal]);
    try {
      return await this.model.streamStructured(messages, schema, {
        priority: 'conversation',
        maxTokens: ANSWER_MAX_TOKENS,
        signal,
        onText: (json) => {
          timer ??= setTimeout(() => generationEnds.abort(new Error('The answer took its whole time')), options.generationMs ?? DEFAULT_GENERATION_MS);
          if (options.onPartial === undefined) return;
          const partial = wholeWords(readPartialAnswer(json).answer ?? '');
          if (partial.length <= shown.length) return;
          shown = partial;
          options.onPartial(partial);
        },
      });
    } catch (error) {
      // A remote provider fails on its deadline rather than keeping what it wrote: nothing was written then.
      if (signal.aborted && !(error instanceof AiUnavailableError)) return { text: '', end: 'stopped', value: undefined };
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * The facts and MiniLM are English: another language is searched by the question's English translation. A short
   * follow-up is searched with the question before it, which names what "it" is. Past the deadline the question is
   * searched as it is (MiniLM still finds numbers and names in it).
   */
  private async searchTextOf(question: string, previousQuestion: string | undefined, language: string, deadline: AbortSignal | undefined): Promise<string> {
    const words = question.trim().split(/\s+/).length;
    const text = previousQuestion !== undefined && words <= FOLLOW_UP_WORDS ? `${previousQuestion}\n${question}` : question;
    if (baseLanguage(language) === 'en') return text;
    try {
      const { english } = await this.model.invokeStructured([new SystemMessage(TRANSLATE), new HumanMessage(text)], TranslationSchema, {
        priority: 'conversation',
        ...(deadline === undefined ? {} : { signal: deadline }),
      });
      return english.trim() === '' ? text : english;
    } catch (error) {
      if (deadline?.aborted) return text;
      throw error;
    }
  }

  /** Why the models cannot answer now (missing, unverified, failed to load), or undefined when they can. */
  unavailable(): string | undefined {
    const { chat, embeddings } = this.model.status();
    if (!chat.available) return chat.message;
    if (!embeddings.available) return embeddings.message;
    return undefined;
  }

  private requireModels(): void {
    const unavailable = this.unavailable();
    if (unavailable !== undefined) throw new AnswersUnavailableError(unavailable);
  }

  /** A model that fails to load on first use is as unavailable as a missing one: never a made-up answer. */
  private async unlessUnavailable<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AiUnavailableError) throw new AnswersUnavailableError(error.message);
      throw error;
    }
  }
}

const TRANSLATE = 'Translate the question into English, keeping every number, time, name and place. Give only the translation.';
const TranslationSchema = z.object({ english: z.string() });

const ROLE: Record<ChatAnswerInput['audience'], string> = {
  manager: "You are the assistant of a property manager and answer their questions about their own portfolio.",
  resident: 'You are Terri, a friendly guide who answers a resident\'s questions about their home and community.',
};

const RULES = [
  'Use ONLY the facts given. Copy numbers, dates, prices, phone numbers and names exactly as a fact states them; never add a fact, a count, a date or a promise of your own.',
  'After the answer, list in sourceIds the names (F1, F2…) of the facts your answer uses. If no fact answers the question, say so and give an empty sourceIds.',
  'Answer in one to four short sentences, no greeting.',
].join('\n');

function promptOf(input: ChatAnswerInput, facts: readonly AnswerFact[], aliases: readonly string[], language: string, today: string): BaseMessage[] {
  // The fixed instructions come first, so the local model reuses their evaluated tokens across questions.
  const system = [ROLE[input.audience], RULES, '', 'Facts:', ...facts.map((fact, index) => `[${aliases[index]}] ${fact.title}: ${fact.text}`)].join('\n');
  const history = (input.history ?? [])
    .slice(-HISTORY_TURNS)
    .map((turn) => `${turn.role === 'user' ? 'Question' : 'Answer'}: ${turn.text}`)
    .join('\n');
  const human = [
    history ? `Earlier in this conversation:\n${history}\n` : '',
    `Today is ${formatDate(today, 'en')}.`,
    `Question: ${input.question}`,
    `Answer in ${LANGUAGE_NAMES[baseLanguage(language)] ?? 'English'}.`,
  ]
    .filter(Boolean)
    .join('\n');
  return [new SystemMessage(system), new HumanMessage(human)];
}
