import type { Sentence } from '../sentences.js';
import type { StatedFact } from './fact.js';

export interface LeaseClauses {
  /** What happens at the end of the term: renewal, extension, month-to-month afterwards. */
  renewalTerms?: StatedFact<string>;
  pets?: StatedFact<string>;
  /** Who pays which utilities. */
  utilities?: StatedFact<string>;
}

/** A clause is shown as written; the contract keeps at most this much of its text. */
const CLAUSE_MAX = 500;

interface ClauseRule {
  /** The sentence is about the subject. */
  about: RegExp;
  /** …and says something about it (not a heading, not a passing mention). */
  says: RegExp;
  /** Sentences that say more are preferred to the first that says anything ("renews automatically" over "if they do not wish to renew"). */
  prefer?: RegExp;
}

const UTILITY = String.raw`(?:electricity|electric|gas|water|sewer|trash|garbage|internet|cable|heat)`;
const RULES: Record<keyof LeaseClauses, ClauseRule> = {
  renewalTerms: {
    about: /\b(?:renew\w*|extension|extend\w*|hold\s?-?over|month[- ]to[- ]month)\b/iu,
    says: /\b(?:automatic\w*|option|may|shall|will|must|continu\w*|convert\w*|becomes?|successive|additional|unless|otherwise|offer\w*)\b/iu,
    prefer: /\b(?:automatic\w*|option\s+to\s+(?:renew|extend)|successive|renewal\s+term|month[- ]to[- ]month|hold\s?-?over|continu\w*|convert\w*)\b/iu,
  },
  pets: {
    about: /\b(?:pets?|animals?|dogs?|cats?)\b/iu,
    // What may be kept, not what a pet costs ("Pet Rent $75" in a rent line says nothing about pets being allowed).
    says: /\b(?:no|not|allowed|permitted|prohibited|consent|approval|keep|kept)\b/iu,
  },
  utilities: {
    about: new RegExp(String.raw`\butilit(?:y|ies)\b|\b${UTILITY}\b.*\b${UTILITY}\b`, 'iu'),
    says: /\b(?:pay\w*|responsib\w*|included|provide\w*|furnish\w*|account\w*|transfer\w*)\b/iu,
  },
};

/**
 * The renewal, pets and utilities clauses, as written: the first sentence that says something about each (one that
 * says more, for renewal), with the sentences right after it on the same subject ("Landlord pays for water. Tenant
 * pays for electricity.").
 */
export function leaseClauses(sentences: readonly Sentence[], pages: readonly string[]): LeaseClauses {
  const clauses: LeaseClauses = {};
  for (const [field, rule] of Object.entries(RULES) as [keyof LeaseClauses, ClauseRule][]) {
    const fits = (sentence: Sentence): boolean => rule.about.test(sentence.text) && rule.says.test(sentence.text) && sentence.text.split(/\s+/).length >= 5;
    const first = (rule.prefer && sentences.findIndex((sentence) => fits(sentence) && rule.prefer!.test(sentence.text))) ?? -1;
    const index = first >= 0 ? first : sentences.findIndex(fits);
    if (index < 0) continue;
    let last = index;
    while (last + 1 < sentences.length && sentences[last + 1]!.page === sentences[index]!.page && fits(sentences[last + 1]!)) last += 1;
    clauses[field] = clause(sentences[index]!, sentences[last]!, pages);
  }
  return clauses;
}

/** The text from the first sentence's start to the last's end, spacing made single; cut at a word before CLAUSE_MAX. */
function clause(first: Sentence, last: Sentence, pages: readonly string[]): StatedFact<string> {
  const written = pages[first.page - 1]!.slice(first.start, last.end);
  const text = written.replace(/\s+/g, ' ').trim();
  const value = text.length <= CLAUSE_MAX ? text : `${text.slice(0, text.lastIndexOf(' ', CLAUSE_MAX - 1))}…`;
  return { value, text: written, source: { page: first.page, sentence: written, start: first.start, end: last.end }, derived: false };
}
