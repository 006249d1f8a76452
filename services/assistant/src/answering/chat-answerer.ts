import { HumanMessage, SystemMessage, type BaseMessage } from '@langchain/core/messages';
import { AiUnavailableError } from '@pm/ai';
import { z } from 'zod';
import { formatDate, todayIn } from '../drafting/guards/date-resolver.js';
import { groundReply } from '../drafting/guards/grounding-check.js';
import { baseLanguage, detectLanguage } from '../drafting/guards/language-detector.js';
import type { DraftingModel } from '../drafting/reply-drafter.js';
import { AnswersUnavailableError, type AnswerFact, type ChatAnswer, type ChatAnswerInput } from './chat-answer.types.js';
import type { FactRanking } from './fact-ranker.js';
import { notCoveredAnswer } from './not-covered-answer.js';

export type RankFacts = (question: string, facts: readonly AnswerFact[]) => Promise<FactRanking>;

const LANGUAGE_NAMES: Record<string, string> = { en: 'English', es: 'Spanish', fr: 'French', de: 'German', pt: 'Portuguese', it: 'Italian', zh: 'Chinese', vi: 'Vietnamese' };

/** A follow-up this short ("and the second one?") is searched together with the question before it. */
const FOLLOW_UP_WORDS = 5;
const HISTORY_TURNS = 4;

/**
 * Answers a chat question from facts the caller wrote from the services' data, the way drafting answers tenants: the
 * code decides whether anything covers the question (ranking scores), the model only words the answer and names the
 * facts it used (grammar-constrained to the ids it was given), and a grounding check in code sends the cited facts'
 * own text whenever the model's words say something they do not. Never an answer the facts do not support.
 */
export class ChatAnswerer {
  constructor(
    private readonly model: DraftingModel,
    private readonly rank: RankFacts,
  ) {}

  async answer(input: ChatAnswerInput): Promise<ChatAnswer> {
    this.requireModels();
    const previousQuestion = input.history?.filter((turn) => turn.role === 'user').at(-1)?.text;
    const { language } = detectLanguage(input.question, { fallback: previousQuestion === undefined ? undefined : detectLanguage(previousQuestion).language });
    const notCovered = (): ChatAnswer => ({ ...notCoveredAnswer(input.audience, language), outcome: 'not-covered', sources: [], unsupported: [] });

    const searchText = await this.unlessUnavailable(() => this.searchTextOf(input.question, previousQuestion, language));
    const { relevant } = await this.unlessUnavailable(() => this.rank(searchText, input.facts));
    if (relevant.length === 0) return notCovered();

    const facts = relevant.map((hit) => hit.fact);
    const schema = z.object({
      // Only the ids the model was given can be cited: the grammar built from this enum allows no other token.
      sourceIds: z.array(z.enum(facts.map((fact) => fact.id) as [string, ...string[]])),
      answer: z.string(),
    });
    const today = todayIn(input.timeZone, input.now ?? new Date());
    const reply = await this.unlessUnavailable(() => this.model.invokeStructured(promptOf(input, facts, language, today), schema));
    const cited = facts.filter((fact) => reply.sourceIds.includes(fact.id));
    if (cited.length === 0 || reply.answer.trim() === '') return notCovered();

    const grounded = groundReply({
      reply: reply.answer,
      citedAnswers: cited.map((fact) => `${fact.title}. ${fact.text}`),
      known: [`${today} ${formatDate(today, language)}`],
      language,
    });
    const sources = cited.map(({ id, kind, title, link }) => ({ id, kind, title, ...(link === undefined ? {} : { link }) }));
    if (grounded.outcome === 'model-reply') return { answer: grounded.reply, language, outcome: 'answered', sources, unsupported: [] };
    // The facts are short sentences written by code: all of those cited, as they are, are the honest answer.
    return {
      answer: cited.map((fact) => fact.text).join('\n'),
      language,
      outcome: 'cited-facts',
      sources,
      unsupported: grounded.unsupported.map((claim) => claim.text),
    };
  }

  /**
   * The facts and MiniLM are English: another language is searched by the question's English translation. A short
   * follow-up is searched with the question before it, which names what "it" is.
   */
  private async searchTextOf(question: string, previousQuestion: string | undefined, language: string): Promise<string> {
    const words = question.trim().split(/\s+/).length;
    const text = previousQuestion !== undefined && words <= FOLLOW_UP_WORDS ? `${previousQuestion}\n${question}` : question;
    if (baseLanguage(language) === 'en') return text;
    const { english } = await this.model.invokeStructured([new SystemMessage(TRANSLATE), new HumanMessage(text)], TranslationSchema);
    return english.trim() === '' ? text : english;
  }

  private requireModels(): void {
    const { chat, embeddings } = this.model.status();
    if (!chat.available) throw new AnswersUnavailableError(chat.message);
    if (!embeddings.available) throw new AnswersUnavailableError(embeddings.message);
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
  'In sourceIds list the ids of the facts your answer uses. If no fact answers the question, give an empty sourceIds.',
  'Answer in one to four short sentences, no greeting.',
].join('\n');

function promptOf(input: ChatAnswerInput, facts: readonly AnswerFact[], language: string, today: string): BaseMessage[] {
  // The fixed instructions come first, so the local model reuses their evaluated tokens across questions.
  const system = [ROLE[input.audience], RULES, '', 'Facts:', ...facts.map((fact) => `[${fact.id}] ${fact.title}: ${fact.text}`)].join('\n');
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
