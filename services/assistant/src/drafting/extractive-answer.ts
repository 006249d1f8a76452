import { termsOf, type AnalysedQuestion } from './question-analysis.js';

/** An answer this long is sent whole: it is short enough for an SMS and its sentences lean on each other. */
const WHOLE_BELOW = 360;
const MAX_SENTENCES = 3;

/**
 * The reply when one Q&A item answers the question: the item's own sentences, never reworded (so nothing it does not
 * say can slip in). A long answer is cut to the sentences about the question's subject, in the item's order; the
 * first sentence stays when none is.
 */
export function extractiveAnswer(question: AnalysedQuestion, answer: string): string {
  const text = answer.replace(/\s+/g, ' ').trim();
  if (text.length <= WHOLE_BELOW) return text;
  const sentences = sentencesOf(text);
  const subjects = new Set(question.subjects);
  const about = sentences.filter((sentence) => [...termsOf(sentence)].some((term) => subjects.has(term)));
  const picked = (about.length > 0 ? about : sentences.slice(0, 1)).slice(0, MAX_SENTENCES);
  return picked.join(' ');
}

/** An answer's sentences: parted after a full stop before a capital, a digit or a bracket ("10 p.m. on" stays whole). */
export function sentencesOf(answer: string): string[] {
  return answer.split(/(?<=[.!?])\s+(?=[\p{Lu}\d(])/u).filter((sentence) => sentence.trim() !== '');
}
