import { detectAll } from 'tinyld';
import { wordsOf } from '@pm/tenant-triage';

/** The languages replies are written in (the fallback text exists in each); detection chooses among these only. */
export const REPLY_LANGUAGES = ['en', 'es', 'fr', 'de', 'pt', 'it', 'zh', 'vi'] as const;
export type ReplyLanguage = (typeof REPLY_LANGUAGES)[number];

export interface DetectedLanguage {
  /** A BCP-47 language tag (a bare ISO 639-1 subtag: `en`, `es`, ...). */
  language: string;
  /** `fallback` when the text was too short or too ambiguous to tell: the caller's fallback (English by default). */
  source: 'detected' | 'fallback';
}

export interface DetectLanguageOptions {
  /** What a text that cannot be told answers: the tenant's earlier language when known, else English. */
  fallback?: string;
  languages?: readonly string[];
}

/**
 * Very short texts ("no heat!!", "gas smel", "ok") are guessed badly by any n-gram detector (tinyld calls
 * "plz call me asap" German), so below this many words the fallback answers unless the script settles it.
 */
const MIN_WORDS = 3;

/**
 * Frequent short words (and SMS shorthand) per language. tinyld's n-grams are unreliable on SMS-length texts; a
 * clear majority of these words is a better signal there, and tinyld decides when they do not.
 */
const FUNCTION_WORDS: Record<string, ReadonlySet<string>> = {
  en: new Set('the a an is are was were my me i you your it its to of and in on for with not can do does did when what where how there this that have has please pls plz u ur im asap thx thanks hi hello we our will be been just sorry'.split(' ')),
  es: new Set('el la los las un una es está esta en de del que y no mi me por para con hay cuando cuándo dónde donde qué como cómo hola gracias se su lo muy pero tengo puede favor ya este estos'.split(' ')),
  fr: new Set('le la les un une est et de du des je mon ma mes il y a pas ne dans pour avec quand où bonjour merci svp c est qui que nous vous ça sur'.split(' ')),
  de: new Set('der die das ist und nicht ich mein meine ein eine es im wann wo wie was bitte danke hallo mit von zu auf für haben gibt kein keine geht sind wir'.split(' ')),
  // SMS questions are mostly verbs and question words ("Oi, posso ter gatos no apartamento? Quantos?"), so those too.
  pt: new Set('o a os as um uma é está e de do da em no na não meu minha eu que para com tem quando onde olá oi obrigado obrigada você por isso posso pode podemos ter tenho preciso quanto quanta quantos quantas custa'.split(' ')),
  it: new Set('il lo la gli le è e di del della che non mio mia un una per con quando dove ciao grazie c sono ho'.split(' ')),
};

/**
 * Each language's function words that no other language lists ("el", "con" are Spanish; "de", "está" are Spanish and
 * Portuguese alike and so tell neither): what the first, majority vote counts, so that two languages sharing their
 * commonest words do not split a text's votes between them.
 */
const DISTINCTIVE_WORDS: Record<string, ReadonlySet<string>> = Object.fromEntries(
  Object.entries(FUNCTION_WORDS).map(([language, words]) => [
    language,
    new Set([...words].filter((word) => Object.entries(FUNCTION_WORDS).every(([other, otherWords]) => other === language || !otherWords.has(word)))),
  ]),
);

/** Scripts that name their language outright among the reply languages. */
const SCRIPT_LANGUAGES: [RegExp, string][] = [[/\p{Script=Han}/u, 'zh']];

/**
 * The language of a tenant's message as a BCP-47 tag, chosen among the reply languages. Uses tinyld, a function-word
 * majority for SMS-length texts, and the fallback (English unless told) for texts too short or too mixed to tell.
 */
export function detectLanguage(text: string, options: DetectLanguageOptions = {}): DetectedLanguage {
  const fallback = canonicalLanguage(options.fallback ?? 'en');
  const languages = options.languages ?? REPLY_LANGUAGES;
  for (const [script, language] of SCRIPT_LANGUAGES) {
    if (script.test(text) && languages.includes(language)) return { language, source: 'detected' };
  }
  const words = wordsOf(text);
  if (words.length < MIN_WORDS) return { language: fallback, source: 'fallback' };

  const votesBy = (lists: Record<string, ReadonlySet<string>>) =>
    languages.map((language) => ({ language, hits: words.filter((word) => lists[language]?.has(word)).length })).sort((a, b) => b.hits - a.hits);
  const [topDistinct, nextDistinct] = votesBy(DISTINCTIVE_WORDS);
  const [topVote, nextVote] = votesBy(FUNCTION_WORDS);
  const nextHits = nextVote?.hits ?? 0;
  // A clear majority of a language's own function words first (an English loanword such as "self-service" in a Spanish
  // sentence turned tinyld to English), then of all its function words, then tinyld when it is clear, then a narrower
  // lead of all function words.
  if (topDistinct && topDistinct.hits >= 2 && topDistinct.hits >= 2 * (nextDistinct?.hits ?? 0)) return { language: topDistinct.language, source: 'detected' };
  if (topVote && topVote.hits >= 2 && topVote.hits >= 2 * nextHits) return { language: topVote.language, source: 'detected' };
  const [top, next] = detectAll(text, { only: [...languages] });
  if (top && top.accuracy >= 0.1 && top.accuracy >= 2 * (next?.accuracy ?? 0)) return { language: canonicalLanguage(top.lang), source: 'detected' };
  if (topVote && topVote.hits >= 2 && topVote.hits > nextHits) return { language: topVote.language, source: 'detected' };
  return { language: fallback, source: 'fallback' };
}

/** `es-MX` → `es-MX` (canonical case), `EN` → `en`; anything that is not a language tag → `en`. */
export function canonicalLanguage(tag: string): string {
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? 'en';
  } catch {
    return 'en';
  }
}

/** The primary language subtag: `es-MX` → `es`. */
export function baseLanguage(tag: string): string {
  return canonicalLanguage(tag).split('-')[0]!.toLowerCase();
}

/** The reply language the assistant's fixed texts are written in for a tag: `es-MX` → `es`; one it has none for → `en`. */
export function replyLanguageOf(tag: string): ReplyLanguage {
  const base = baseLanguage(tag);
  return (REPLY_LANGUAGES as readonly string[]).includes(base) ? (base as ReplyLanguage) : 'en';
}
