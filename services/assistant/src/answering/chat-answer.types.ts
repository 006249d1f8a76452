/** One thing the product knows, written by code from the services' data (so it is true by construction). */
export interface AnswerFact {
  /** Stable and citable, e.g. `location:<uuid>`, `knowledge:<uuid>`, `units:<locationId>`. */
  id: string;
  /** What it is, shown on the source chip: 'location', 'building', 'unit', 'tenant', 'knowledge', 'address'… */
  kind: string;
  /** The chip's label, e.g. "Maple Court" or "When is trash collected?". */
  title: string;
  /** The fact as one or a few plain sentences; counts, sums and dates already computed. */
  text: string;
  /** A web route the chip opens. */
  link?: string;
}

export interface ChatTurn {
  role: 'user' | 'assistant';
  text: string;
}

export type ChatAudience = 'manager' | 'resident';

export interface ChatAnswerInput {
  question: string;
  /** Every candidate fact; the answerer ranks them and keeps the relevant ones. */
  facts: readonly AnswerFact[];
  /** The last turns, oldest first, for follow-up questions. */
  history?: readonly ChatTurn[];
  /** Decides the wording and the "not covered" text. */
  audience: ChatAudience;
  /** IANA time zone, for "today" and the dates of the question. */
  timeZone: string;
  now?: Date;
}

export type ChatAnswerOutcome =
  /** The model's words, every claim of which a cited fact states. */
  | 'answered'
  /**
   * The facts' own text: the model's words said something the facts do not, or it wrote no complete sentence before
   * its deadline (then with the stopped note).
   */
  | 'cited-facts'
  /** No fact is relevant, or the model cited none: the fixed "I don't know" of the audience, in the asker's language. */
  | 'not-covered';

export interface ChatAnswerSource {
  id: string;
  kind: string;
  title: string;
  link?: string;
}

export interface ChatAnswer {
  answer: string;
  /** BCP-47, detected from the question (a short one inherits the conversation's). */
  language: string;
  outcome: ChatAnswerOutcome;
  /** What the answer rests on; empty when not covered. */
  sources: readonly ChatAnswerSource[];
  /** The claims of the model's words no cited fact stated (why an answer became `cited-facts`). */
  unsupported: readonly string[];
  /** The token budget or a deadline ended the model's answer: it ends at its last complete sentence, with a note saying so. */
  stoppedEarly: boolean;
}

/** The models are missing, unverified or failed to load: the message says which and what to do. */
export class AnswersUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AnswersUnavailableError';
  }
}
