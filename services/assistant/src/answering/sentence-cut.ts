import { replyLanguageOf, type ReplyLanguage } from '../drafting/guards/language-detector.js';

/**
 * What an answer says when the token budget or the deadline ended it before the model did: it ends at its last
 * complete sentence and then says so, in the asker's language. Short and fixed, so nobody mistakes it for the model's.
 */
const STOPPED_NOTES: Record<ReplyLanguage, string> = {
  en: '(Answer stopped early.)',
  es: '(Respuesta interrumpida.)',
  fr: '(Réponse interrompue.)',
  de: '(Antwort vorzeitig beendet.)',
  pt: '(Resposta interrompida.)',
  it: '(Risposta interrotta.)',
  zh: '(回答提前结束。)',
  vi: '(Câu trả lời đã dừng sớm.)',
};

export function stoppedNote(language: string): string {
  return STOPPED_NOTES[replyLanguageOf(language)];
}

/** An answer cut at its last sentence, with the note after it on a line of its own. */
export function withStoppedNote(text: string, language: string): string {
  return `${text}\n${stoppedNote(language)}`;
}

/** Words after which a full stop does not end a sentence: they stand before a name or a number ("Dr. Lee", "No. 4"). */
const TITLES = new Set(['mr', 'mrs', 'ms', 'dr', 'prof', 'sr', 'jr', 'st', 'mt', 'ft', 'no', 'nos', 'apt', 'ste', 'vs', 'approx', 'est', 'dept', 'univ', 'bldg', 'fl']);
/**
 * Abbreviations that end a sentence as often as not ("at 7 a.m." / "at 7 a.m. on Tuesdays"): a sentence ends there
 * only when the next sentence visibly starts (a capital letter or a digit follows), never at the end of a cut text.
 */
const SOMETIMES_FINAL = new Set(['a.m', 'p.m', 'etc', 'inc', 'ltd', 'co', 'corp', 'e.g', 'i.e', 'u.s', 'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec']);

/**
 * A sentence end: terminal punctuation (and any closing quotes or brackets after it) followed by a space or the end of
 * the text; a CJK full stop, which needs no space; or a line break, which ends a list item.
 */
const BOUNDARY = /[.!?…]+["'”’)\]»]*(?=\s|$)|[。！？]+["'”’)\]」』]*|\n/gu;

/**
 * The text up to and including its last complete sentence, or '' when it holds none. For a text whose end was not
 * the writer's (a token budget, a deadline): a word or a number cut in two is never kept ("$1,250." of "$1,250.50",
 * "Dr." of "Dr. Lee", "7 a.m." of "7 a.m. on Tuesdays" are taken for unfinished), so what is kept is what was meant.
 */
export function endAtLastSentence(text: string): string {
  let end = 0;
  for (const match of text.matchAll(BOUNDARY)) {
    const at = match.index;
    const after = at + match[0].length;
    if (match[0] === '\n') {
      if (text.slice(end, at).trim() !== '') end = at;
      continue;
    }
    if (!match[0].startsWith('.') || endsSentence(text, at, after)) end = after;
  }
  return text.slice(0, end).trimEnd();
}

/** Whether the full stop at `at` (its punctuation and closing marks ending at `after`) ends a sentence. */
function endsSentence(text: string, at: number, after: number): boolean {
  const atEnd = text.slice(after).trim() === '';
  const word = /([\p{L}\p{N}.]+)$/u.exec(text.slice(0, at))?.[1] ?? '';
  const lower = word.toLowerCase();
  // A number just before a final full stop may go on ("3." of "3.5", "$1,250." of "$1,250.50").
  if (atEnd && /\d$/.test(word)) return false;
  // An initial ("J. Smith") or a title ("Dr. Lee") stands before a name.
  if (/^\p{Lu}$/u.test(word) || TITLES.has(lower)) return false;
  if (SOMETIMES_FINAL.has(lower)) return !atEnd && /^\s+[\p{Lu}\p{N}]/u.test(text.slice(after));
  return true;
}
