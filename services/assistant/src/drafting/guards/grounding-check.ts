import { foldText } from '@pm/tenant-triage';
import { baseLanguage } from './language-detector.js';

/**
 * `instruction`: the reply repeats a rule's instruction to the assistant ("Tell the tenant to…") instead of following
 * it; `echo`: the reply repeats the tenant's own message back instead of answering it.
 */
export type ClaimKind = 'email' | 'url' | 'phone' | 'price' | 'time' | 'date' | 'number' | 'name' | 'promise' | 'instruction' | 'echo';

/** A checkable fact of a reply: what the reply says, in its own words. */
export interface Claim {
  kind: ClaimKind;
  text: string;
}

export interface GroundingInput {
  reply: string;
  /** The texts of the knowledge items the reply cites. */
  sources: readonly string[];
  /**
   * Facts the system itself put into the reply and vouches for (dates and deadlines computed in code, the tenant's
   * and the location's names): they count as sources. Never the tenant's message: echoing a tenant's claim
   * ("you promised a $100 credit") would make it the landlord's.
   */
  known?: readonly string[];
  /** The reply's language (BCP-47), which decides how proper names are told from other capitalised words. */
  language?: string;
}

/**
 * Every number, time, date, price, phone number, e-mail address, link, proper name and promise of a reply that no
 * cited source (nor a known fact) states. A small model contradicts its sources; a reply with any such claim is not
 * sent as written. Numbers, prices and times compare by value ("7 am" = "7:00 AM" = "07:00"; "$1,200" = "1200
 * dollars"; "two" = "2"), weekdays, months and promises by meaning across English, Spanish, French, German and
 * Portuguese (a Spanish reply to an English knowledge base says "martes" for "Tuesday").
 */
export function findUnsupportedClaims({ reply, sources, known = [], language = 'en' }: GroundingInput): Claim[] {
  // Each text is read on its own: joined, the end of one ("… (208) 555-0135.") and the start of the next ("88 Juniper
  // Court") read as one long number, and the source no longer grounds its own phone number.
  const evidence = factsOf([...sources, ...known], language);
  const claims = claimsOf(reply, language);
  const unsupported = claims.filter((claim) => !supports(evidence, claim));
  const seen = new Set<string>();
  return unsupported.flatMap(({ kind, text }) => {
    const key = `${kind}:${text.toLowerCase()}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return [{ kind, text }];
  });
}

export type GroundedReply =
  | { outcome: 'model-reply'; reply: string; unsupported: [] }
  /** The reply said something no cited source says: the first cited Q&A answer is sent instead, word for word. */
  | { outcome: 'cited-answer'; reply: string; unsupported: Claim[] }
  /** The reply failed the check and no cited Q&A answer can take its place: the caller sends the holding reply. */
  | { outcome: 'no-answer'; reply: null; unsupported: Claim[] };

export interface GroundReplyInput {
  reply: string;
  /** Every cited item's text, in citation order: Q&A answers and rules' instructions both state facts the reply may use. */
  citedAnswers: readonly string[];
  /**
   * Of those, what may be sent in place of a reply that fails the check (all of them unless told). The drafter passes
   * the Q&A answers only: a rule's text is an instruction to the assistant ("Treat it as urgent. Tell the tenant
   * to…"), never a reply.
   */
  sendable?: readonly string[];
  known?: readonly string[];
  language?: string;
  /** The tenant's message, which the reply must answer, not repeat. */
  message?: string;
}

/**
 * The reply to send: the model's when every claim in it is grounded and it does not repeat an instruction meant for
 * the assistant, else the first cited Q&A answer itself (the one the model relied on most), else nothing.
 */
export function groundReply(input: GroundReplyInput): GroundedReply {
  const unsupported = [
    ...findUnsupportedClaims({ reply: input.reply, sources: input.citedAnswers, known: input.known, language: input.language }),
    ...echoedInstructions(input.reply),
    ...echoedMessage(input.reply, input.message ?? ''),
  ];
  if (unsupported.length === 0) return { outcome: 'model-reply', reply: input.reply, unsupported: [] };
  const [first] = input.sendable ?? input.citedAnswers;
  return first === undefined ? { outcome: 'no-answer', reply: null, unsupported } : { outcome: 'cited-answer', reply: first, unsupported };
}

/**
 * What is wrong with a translation of a cited answer before it is sent in its place: a claim the answer does not
 * make (the grounding check, in the translation's language), or a value of the answer the translation lost or
 * changed (an e-mail, link, phone number, price, time, date or number: "call (208) 555-0135" must survive).
 */
export function translationProblems(input: { translation: string; original: string; known?: readonly string[]; language: string }): Claim[] {
  const added = findUnsupportedClaims({ reply: input.translation, sources: [input.original], known: input.known, language: input.language });
  const kept = factsOf([input.translation], input.language);
  const lost = claimsOf(input.original, input.language, { everyCapitalised: false })
    .filter((claim) => VALUE_KINDS.has(claim.kind) && !supports(kept, claim))
    .map(({ kind, text }) => ({ kind, text }));
  return [...added, ...lost];
}

const VALUE_KINDS = new Set<ClaimKind>(['email', 'url', 'phone', 'price', 'time', 'date', 'number']);

/**
 * A reply to a tenant never speaks of "the tenant" or tells itself how to treat the message: such words are a rule's
 * instruction copied instead of followed. Folded (see foldText), the rules being written in English.
 */
const INSTRUCTION = /(?<= )((tel|ask|remind|notify|inform|advise|direct) (the |any )?(tenant|resident|caler|occupant)s?|treat (it|this|them) as|escalate (it|this|repeated|the)|the (tenant|resident)s? (should|must|needs? to) be)(?= )/g;

/** A sentence of the tenant's message (4 words or more) that the reply repeats word for word. */
function echoedMessage(reply: string, message: string): Claim[] {
  const folded = foldText(reply);
  return message
    .split(/(?<=[.!?¡¿;\n])\s*/u)
    .filter((sentence) => foldText(sentence).trim().split(' ').length >= 4 && folded.includes(foldText(sentence)))
    .map((sentence) => ({ kind: 'echo' as const, text: sentence.trim() }));
}

function echoedInstructions(reply: string): Claim[] {
  return [...foldText(reply).matchAll(INSTRUCTION)].map((match) => ({ kind: 'instruction' as const, text: match[0].trim() }));
}

interface Claimed extends Claim {
  /** The value compared: digits of a phone, a number, `HH:MM`, a weekday/month/promise concept, a folded word. */
  value: string;
}

interface Evidence {
  values: Map<ClaimKind, Set<string>>;
  /** Folded text of every source, for names. */
  folded: string;
}

function supports(evidence: Evidence, claim: Claimed): boolean {
  switch (claim.kind) {
    case 'phone':
      // By value: the national number (the last 10 digits, a country code aside), or its local part alone; never an area
      // code the source does not give.
      return [...(evidence.values.get('phone') ?? [])].some((digits) => digits.endsWith(claim.value.slice(-10)));
    case 'price':
    case 'number':
      // A number is grounded by the same value anywhere in a source: as a price, a plain number, or part of a time.
      return ['price', 'number'].some((kind) => evidence.values.get(kind as ClaimKind)?.has(claim.value));
    case 'name':
      // The number's removal leaves the letter of "level P1" or "unit B2" alone; the source spells it with the digits.
      // (Folded text holds only letters, digits and spaces, so the value is safe inside a pattern.)
      return evidence.folded.includes(` ${claim.value} `) || new RegExp(` ${claim.value}\\d`, 'u').test(evidence.folded);
    default:
      return evidence.values.get(claim.kind)?.has(claim.value) ?? false;
  }
}

function factsOf(texts: readonly string[], language: string): Evidence {
  const values = new Map<ClaimKind, Set<string>>();
  const add = (kind: ClaimKind, value: string): void => {
    if (!values.has(kind)) values.set(kind, new Set());
    values.get(kind)!.add(value);
  };
  for (const claim of texts.flatMap((text) => claimsOf(text, language, { everyCapitalised: false }))) {
    add(claim.kind, claim.value);
    // "bins out by 7" is grounded by "7:00 am": a time's hour (either clock) and minutes count as numbers.
    if (claim.kind === 'time') {
      const [hour, minute] = claim.value.split(':').map(Number) as [number, number];
      add('number', String(hour));
      add('number', String(hour % 12 || 12));
      if (minute !== 0) add('number', String(minute));
    }
  }
  return { values, folded: texts.map(foldText).join('') };
}

/**
 * The values of a text a translation must carry over as written (e-mail addresses, links, phone numbers, prices and
 * clock times), each replaced by a numbered placeholder `{1}`, `{2}`…: the model translates the words around them and
 * cannot change a value it never sees. A small model translating "7 AM" into Vietnamese wrote another hour, and
 * "$75 late fee" came back as "$75 late" in a Spanish sentence; a Spanish tenant reads "7 AM" and "$75" as written.
 */
export function maskValues(text: string): { masked: string; values: string[] } {
  const spans: [number, number][] = [];
  for (const pattern of [EMAIL, URL, PRICE, TIME_12H, TIME_24H, PHONE]) {
    for (const match of text.matchAll(pattern)) {
      const start = match.index;
      // A time's pattern takes the period after "7 AM"; it ends the sentence (the "." of "a.m." is the time's).
      const value = match[0].trimEnd();
      const end = start + (/^[^.]*\.$/.test(value) ? value.length - 1 : value.length);
      if (pattern === PHONE && match[0].replace(/\D/g, '').length < 7) continue;
      if (!spans.some(([from, to]) => start < to && end > from)) spans.push([start, end]);
    }
  }
  spans.sort((a, b) => a[0] - b[0]);
  const values = spans.map(([start, end]) => text.slice(start, end));
  let masked = text;
  for (const [i, [start, end]] of [...spans.entries()].reverse()) masked = `${masked.slice(0, start)}{${i + 1}}${masked.slice(end)}`;
  return { masked, values };
}

/** `{1}`, and `{ 1 }` as the model sometimes spaces it. */
const PLACEHOLDER = /\{\s*(\d+)\s*\}/g;

/** The translation with its placeholders back to their values; null when one is missing, repeated or unknown. */
export function unmaskValues(translation: string, values: readonly string[]): string | null {
  const found = [...translation.matchAll(PLACEHOLDER)].map((match) => Number(match[1]));
  if (found.length !== values.length || new Set(found).size !== values.length || found.some((n) => n < 1 || n > values.length)) return null;
  return translation.replace(PLACEHOLDER, (_placeholder, n: string) => values[Number(n) - 1]!);
}

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;
const URL = /\b(?:https?:\/\/|www\.)[^\s<>()]+[^\s<>().,;:!?'"]/giu;
/**
 * A phone number: groups of digits joined by one separator each (space, dot, hyphen, an area code in parentheses),
 * optionally after a country code, or one run of 7 to 15 digits. Never across a sentence's end or a line ("call
 * (208) 555-0135. 24 hours a day" holds the number 2085550135, not 208555013524); at least 7 digits (see claimsOf).
 */
const PHONE = /(?<![\p{N}$€£.,])(?:\+\d{1,3}[ .-]?|\b1[ .-])?(?:\(\d{2,5}\)[ .-]?|\d{2,5}[ .-])(?:\d{2,5}[ .-]){0,3}\d{2,5}(?![\p{N}]|[.,]\d)|(?<![\p{N}$€£.,])\+?\d{7,15}(?![\p{N}]|[.,]\d)/gu;
const PRICE = /(?:[$€£]\s?\d[\d.,]*\d|[$€£]\s?\d)(?:\s?(?:dollars|usd|euros?|eur))?|\b\d[\d.,]*\s?(?:dollars|dólares|dolares|usd|euros?|eur|€|\$)(?!\p{L})/giu;
const TIME_12H = /\b(\d{1,2})(?:[:.](\d{2}))?\s*([ap])\.?\s?m\b\.?/giu;
const TIME_24H = /\b([01]?\d|2[0-3])(?::|h)([0-5]\d)\b|\b([01]?\d|2[0-3])\s?(?:h|uhr)(?!\p{L})/giu;
const NOON = /\b(noon|midday|mediod[ií]a|mittag|midi|meio-dia)\b/giu;
const MIDNIGHT = /\b(midnight|medianoche|mitternacht|minuit|meia-noite)\b/giu;
/** `2026-12-05` and US `12/5` (month first), as month and day. */
const DATE_NUMERIC = /\b(\d{4})-(\d{2})-(\d{2})\b|\b(\d{1,2})\/(\d{1,2})(?:\/\d{2,4})?\b/gu;
/**
 * A number, with the ordinal endings of the reply languages: "1st", Spanish "1ero", "1ro", "2do", "4to", "7mo", "8vo",
 * "9no", French "1er", "1re", "3ème", Portuguese "1º", "1ª", "1o" (a translated "the 1st" keeps its day).
 */
const NUMBER = /\b\d+(?:[.,]\d+)*(?:st|nd|rd|th|ero|ro|do|to|mo|vo|no|ème|eme|er|re|º|ª|°|e|o|a)?(?!\p{L})/gu;

/** Weekdays and months of five languages to a shared concept (a Spanish reply may cite an English item). */
const WEEKDAYS = conceptTable({
  mon: 'monday mondays mon lunes montag montags lundi segunda',
  tue: 'tuesday tuesdays tue tues martes dienstag dienstags mardi terça',
  wed: 'wednesday wednesdays wed miércoles mittwoch mittwochs mercredi quarta',
  thu: 'thursday thursdays thu thurs jueves donnerstag donnerstags jeudi quinta',
  fri: 'friday fridays fri viernes freitag freitags vendredi sexta',
  sat: 'saturday saturdays sábado sábados samstag samstags samedi',
  sun: 'sunday sundays domingo domingos sonntag sonntags dimanche',
});
/** "may" and "mar" are months only beside a day number (see claimsOf). */
const MONTHS = conceptTable({
  '01': 'january jan enero januar janvier janeiro',
  '02': 'february feb febrero februar février fevereiro',
  '03': 'march marzo märz mars março',
  '04': 'april apr abril avril',
  '05': 'mayo mai maio',
  '06': 'june jun junio juni juin junho',
  '07': 'july jul julio juli juillet julho',
  '08': 'august aug agosto août',
  '09': 'september sep septiembre septembre setembro',
  '10': 'october oct octubre oktober octobre outubro',
  '11': 'november nov noviembre novembre novembro',
  '12': 'december dec diciembre dezember décembre dezembro',
});
/**
 * Small numbers written as words. Left out where the word is mostly something else: articles ("un", "ein"), English
 * "one" and "once", French "très" (folds to Spanish "tres").
 */
const NUMBER_WORDS = conceptTable({
  '2': 'two dos zwei deux dois duas',
  '4': 'four cuatro vier quatre quatro',
  '5': 'five cinco fünf cinq',
  '6': 'six seis sechs',
  '7': 'seven siete sieben sept sete',
  '8': 'eight ocho acht huit oito',
  '9': 'nine nueve neun neuf nove',
  '10': 'ten diez zehn dix dez',
  '12': 'twelve doce zwölf douze doze',
  '24': 'veinticuatro vierundzwanzig',
  '3': 'three drei trois',
});
/** Number words of one language that are other words in another: Portuguese "dos" is "of the", French "dos" a back. */
const NOT_NUMBER_WORDS: Record<string, ReadonlySet<string>> = { pt: new Set(['dos']), fr: new Set(['dos']) };
const NUMBER_PHRASES: Record<string, string> = Object.fromEntries(
  Object.entries({ 'twenty four': '24', 'twenty-four': '24', 'vingt-quatre': '24', 'vinte e quatro': '24', 'forty eight': '48', 'forty-eight': '48' }).map(
    ([phrase, value]) => [foldText(phrase).trim(), value],
  ),
);
/** Promises and commitments to a shared concept, in five languages. */
const PROMISES: [string, RegExp][] = Object.entries({
  commitment: [
    'we will', "we'll", 'i will', "i'll", 'we are going to', "we're going to", 'someone will', 'somebody will',
    'a technician will', 'a plumber will', 'an electrician will', 'a contractor will', 'will be fixed', 'will be repaired',
    'will be replaced', 'will be sent', 'will be there', 'will be done', 'will be resolved', 'will be taken care of',
    'will be handled', 'will be scheduled', 'vamos a', 'le enviaremos', 'enviaremos', 'arreglaremos', 'haremos',
    'repararemos', 'wir werden', 'ich werde', 'werden wir', 'nous allons', 'nous enverrons', 'je vais', 'on va',
    'iremos', 'faremos', 'consertaremos', 'vamos enviar', 'vamos consertar',
  ],
  guarantee: ['guarantee', 'guaranteed', 'promise', 'promised', 'garantizamos', 'prometemos', 'garantieren', 'versprechen', 'garantissons', 'promettons', 'garantimos'],
  today: ['today', 'hoy', 'heute', "aujourd'hui", 'hoje'],
  tonight: ['tonight', 'esta noche', 'heute abend', 'ce soir', 'hoje à noite', 'esta noite'],
  tomorrow: ['tomorrow', 'mañana', 'morgen', 'demain', 'amanhã'],
  'this-week': ['this week', 'esta semana', 'diese woche', 'dieser woche', 'cette semaine'],
  'next-week': ['next week', 'la semana que viene', 'la próxima semana', 'nächste woche', 'nächsten woche', 'la semaine prochaine', 'semana que vem', 'próxima semana'],
  immediately: [
    'right away', 'immediately', 'asap', 'as soon as possible', 'de inmediato', 'inmediatamente', 'enseguida', 'sofort',
    'umgehend', 'imediatamente', 'tout de suite', 'immédiatement', 'agora mesmo',
  ],
  within: ['within', 'en menos de', 'dentro de', 'innerhalb', "d'ici", 'em até', 'no prazo de'],
  refund: ['refund', 'refunded', 'reimburse', 'reimbursed', 'reembolso', 'reembolsar', 'reembolsaremos', 'erstatten', 'erstattung', 'rembourser', 'remboursement', 'remboursé'],
  credit: [
    'credit', 'discount', 'waive', 'waived', 'free', 'free of charge', 'no charge', 'descuento', 'crédito', 'sin costo', 'gratis',
    'rabatt', 'gutschrift', 'kostenlos', 'remise', 'gratuit', 'gratuite', 'desconto', 'gratuito', 'gratuita', 'miễn phí',
  ],
}).map(([concept, phrases]) => [concept, new RegExp(`(?<= )(${phrases.map((p) => escape(foldText(p).trim())).join('|')})(?= )`, 'g')]);
/** A credit card is a way to pay, not a credit granted, and "feel free to ask" gives nothing away: neither promises a credit (folded, see foldText). */
const CREDIT_CARDS = /(?<= )(fel fre|credit cards?|cards? de credito|tarjetas? de credito|cartes? de credit|cartao de credito|cartoes de credito|kreditkartes?|kreditkarten)(?= )/g;

/**
 * Capitalised words that are not names: greetings, closings, pronouns, titles, the words of a signature ("Your
 * Management Team"); weekdays and months are dates.
 */
const NOT_NAMES = new Set(
  (
    "i i'm i've i'll i'd hi hello hey dear thanks thank best regards kind sincerely cheers please ok okay asap sms fyi pm am " +
    'hola gracias saludos estimado estimada querido querida buenos buenas hallo danke grüße liebe lieber sehr bonjour ' +
    'merci cordialement salut bonsoir olá obrigado obrigada atenciosamente prezado prezada caro cara the a an we you our ' +
    'your yes no mr mrs ms dr sr sra herr frau mme mlle m team management office staff property manager leasing maintenance'
  )
    .split(' ')
    .map((word) => foldText(word).trim().replace(/ /g, '')),
);
const TITLES = /\b(?:Mr|Mrs|Ms|Dr|Sr|Sra|Srta|Herr|Frau|Mme|Mlle|M|Dona|Dom)\.?\s+(\p{Lu}[\p{L}'-]+)/gu;

function claimsOf(text: string, language: string, options: { everyCapitalised?: boolean } = {}): Claimed[] {
  const claims: Claimed[] = [];
  let rest = text;
  const take = (pattern: RegExp, kind: ClaimKind, value: (match: RegExpExecArray) => string | null): void => {
    rest = rest.replace(pattern, (...args: unknown[]) => {
      const match = Object.assign([...(args.slice(0, -2) as string[])], { index: 0, input: '' }) as unknown as RegExpExecArray;
      const found = value(match);
      if (found === null) return match[0];
      claims.push({ kind, text: match[0].trim(), value: found });
      // A value that ends its sentence ("until 10 PM.", the period read as "P.M.'s") leaves the sentence's end behind:
      // the next sentence's first word is no name.
      return /[.!?]\s*$/u.test(match[0]) ? ' . ' : ' ';
    });
  };
  take(EMAIL, 'email', (m) => m[0].toLowerCase());
  take(URL, 'url', (m) => m[0].toLowerCase().replace(/^https?:\/\//, '').replace(/^www\./, '').replace(/\/$/, ''));
  take(PRICE, 'price', (m) => amount(m[0]));
  take(TIME_12H, 'time', (m) => clock(Number(m[1]) % 12 + (m[3]!.toLowerCase() === 'p' ? 12 : 0), Number(m[2] ?? 0)));
  take(TIME_24H, 'time', (m) => clock(Number(m[1] ?? m[3]), Number(m[2] ?? 0)));
  take(NOON, 'time', () => '12:00');
  take(MIDNIGHT, 'time', () => '00:00');
  take(DATE_NUMERIC, 'date', (m) => (m[1] ? `md:${m[2]}-${m[3]}` : `md:${m[4]!.padStart(2, '0')}-${m[5]!.padStart(2, '0')}`));
  take(PHONE, 'phone', (m) => {
    const digits = m[0].replace(/\D/g, '');
    return digits.length >= 7 ? digits : null;
  });

  // "May" and "Mar" are months only beside a day number ("May 3"; Spanish "mayo" is always a month). The month word is
  // taken out (it is no name) and the day stays, to be checked as a number.
  rest = rest.replace(/\b(May|Mar)\.?(?=\s+\d{1,2}\b)|(?<=\b\d{1,2}\s+)(May|Mar)\b/g, (word: string) => {
    claims.push({ kind: 'date', text: word, value: `month:${word.startsWith('May') ? '05' : '03'}` });
    return ' ';
  });
  take(NUMBER, 'number', (m) => amount(m[0]));

  let folded = foldText(rest);
  for (const [phrase, value] of Object.entries(NUMBER_PHRASES)) {
    if (!folded.includes(` ${phrase} `)) continue;
    claims.push({ kind: 'number', text: phrase, value });
    folded = folded.replaceAll(` ${phrase} `, ' ');
  }
  const notNumbers = NOT_NUMBER_WORDS[baseLanguage(language)];
  for (const word of folded.trim().split(' ')) {
    if (NUMBER_WORDS[word] && !notNumbers?.has(word)) claims.push({ kind: 'number', text: word, value: NUMBER_WORDS[word] });
    if (WEEKDAYS[word]) claims.push({ kind: 'date', text: word, value: `weekday:${WEEKDAYS[word]}` });
    if (MONTHS[word]) claims.push({ kind: 'date', text: word, value: `month:${MONTHS[word]}` });
  }
  const withoutCards = folded.replace(CREDIT_CARDS, ' ');
  for (const [concept, pattern] of PROMISES) {
    for (const match of withoutCards.matchAll(pattern)) claims.push({ kind: 'promise', text: match[0].trim(), value: concept });
  }
  for (const name of namesOf(rest, language, options.everyCapitalised ?? true)) claims.push({ kind: 'name', text: name, value: foldText(name).trim() });
  return claims;
}

/**
 * Proper names: a name after a title in every language; elsewhere a capitalised word that does not open a sentence,
 * except in German, whose nouns are all capitalised.
 */
function namesOf(text: string, language: string, everyCapitalised: boolean): string[] {
  const names = [...text.matchAll(TITLES)].map((m) => m[1]!);
  if (!everyCapitalised || baseLanguage(language) === 'de') return names;
  for (const sentence of text.split(/(?<=[.!?¡¿:;\n])\s+|^\s*[-*•]\s+/mu)) {
    const words = [...sentence.matchAll(/(?<![\p{L}\p{N}])\p{L}[\p{L}'’-]*/gu)];
    words.forEach((word, index) => {
      const w = word[0];
      if (index === 0 || !/^\p{Lu}/u.test(w)) return;
      const plain = foldText(w).trim().replace(/ /g, '');
      if (NOT_NAMES.has(plain) || WEEKDAYS[plain] || MONTHS[plain]) return;
      names.push(w);
    });
  }
  return names;
}

/** "1,200.50" / "1.200,50" / "$45" / "3rd" → "1200.5" / "1200.5" / "45" / "3". */
function amount(text: string): string | null {
  const digits = text.replace(/[^\d.,]/g, '').replace(/[.,]$/, '');
  if (!digits) return null;
  const decimal = /[.,](\d{1,2})$/.exec(digits);
  const whole = (decimal ? digits.slice(0, -decimal[0].length) : digits).replace(/[.,]/g, '');
  const value = Number(`${whole}.${decimal?.[1] ?? '0'}`);
  return Number.isFinite(value) ? String(value) : null;
}

function clock(hour: number, minute: number): string {
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** Words (written naturally, folded here) to their concept. */
function conceptTable(table: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(table).flatMap(([concept, words]) => words.split(' ').map((word) => [foldText(word).trim(), concept])));
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
