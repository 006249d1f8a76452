import { addDays, addMonths, datesInSentence, type FoundDate, type SourceSpan } from './dates.js';
import { moneyInSentence, type Money } from './money.js';
import { splitSentences, type Sentence } from './sentences.js';

/** A value read from one sentence; `text` is the value as written, `source` where. */
export interface StatedFact<T> {
  value: T;
  text: string;
  source: SourceSpan;
  derived: false;
}

/** A value computed in code from other statements (e.g. the end date from the start and "a term of 12 months"). */
export interface DerivedFact<T> {
  value: T;
  derived: true;
  /** The statement the value was computed from (the term sentence for an end date). */
  source: SourceSpan;
  /** Every statement used, in document order. */
  sources: SourceSpan[];
}

export type Fact<T> = StatedFact<T> | DerivedFact<T>;

export interface KeyDate {
  /** What the date is, in words ("Renewal notice deadline", "Move-in inspection"…). */
  label: string;
  /** YYYY-MM-DD. */
  date: string;
}

/** What a lease says. A field is absent when the lease does not say it plainly: nothing is guessed. */
export interface LeaseFacts {
  landlord?: StatedFact<string>;
  tenants: StatedFact<string>[];
  /** The unit / premises address. */
  premises?: StatedFact<string>;
  /** YYYY-MM-DD. */
  startDate?: StatedFact<string>;
  /** YYYY-MM-DD; derived from the start date and the term when the lease states no end date. */
  endDate?: Fact<string>;
  monthlyRent?: StatedFact<Money>;
  securityDeposit?: StatedFact<Money>;
  /** Day of the month rent is due, 1–31. */
  rentDueDay?: StatedFact<number>;
  noticePeriodDays?: StatedFact<number>;
  otherKeyDates: StatedFact<KeyDate>[];
}

const NUMBER_WORDS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19, twenty: 20,
  'twenty-four': 24, thirty: 30, 'thirty-six': 36, forty: 40, 'forty-five': 45, sixty: 60, ninety: 90, 'one hundred twenty': 120,
};
const ORDINAL_WORDS: Record<string, number> = {
  first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, ninth: 9, tenth: 10, eleventh: 11,
  twelfth: 12, thirteenth: 13, fourteenth: 14, fifteenth: 15, twentieth: 20, 'twenty-fifth': 25, 'last': 0,
};
/** "sixty (60)", "60", "sixty": the parenthesised figure wins when both are written. */
const COUNT = String.raw`(?:([a-z]+(?:-[a-z]+)?)\s*\((\d{1,3})\)|(\d{1,3})|(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|eighteen|twenty|twenty-four|thirty|thirty-six|forty-five|sixty|ninety))`;

function count(match: RegExpExecArray, first: number): number | undefined {
  const figure = match[first + 2] ?? match[first + 3];
  if (figure) return Number(figure);
  const word = match[first + 4];
  return word ? NUMBER_WORDS[word.toLowerCase()] : undefined;
}

function span(sentence: Sentence, from: number, to: number): SourceSpan {
  return { page: sentence.page, sentence: sentence.text, start: sentence.start + from, end: sentence.start + to };
}

function stated<T>(value: T, sentence: Sentence, from: number, to: number): StatedFact<T> {
  return { value, text: sentence.text.slice(from, to), source: span(sentence, from, to), derived: false };
}

function statedDate(found: FoundDate): StatedFact<string> {
  return { value: found.date, text: found.text, source: found.source, derived: false };
}

/**
 * Reads the key facts of a residential lease from its pages of text, deterministically: sentence splitting, US date
 * and money formats and the usual lease phrasings, each value with the page, sentence and offsets it came from.
 * The AI step checks and completes these; this never invents a value the text does not state.
 */
export function extractLeaseFacts(pages: readonly string[]): LeaseFacts {
  const sentences = splitSentences(pages);
  const dated = sentences.map((sentence) => ({ sentence, dates: datesInSentence(sentence) }));
  const facts: LeaseFacts = { tenants: [], otherKeyDates: [] };

  for (const sentence of sentences) {
    facts.landlord ??= party(sentence, LANDLORD)[0];
    if (facts.tenants.length === 0) facts.tenants = party(sentence, TENANT, true);
    facts.premises ??= premises(sentence);
    facts.monthlyRent ??= monthlyRent(sentence);
    facts.securityDeposit ??= securityDeposit(sentence);
    facts.rentDueDay ??= rentDueDay(sentence);
  }
  facts.noticePeriodDays = noticePeriod(sentences);

  const used = new Set<FoundDate>();
  for (const { sentence, dates } of dated) {
    if (!facts.startDate) {
      const start = dateAfter(sentence, dates, START_MARKER);
      if (start) {
        facts.startDate = statedDate(start);
        used.add(start);
      }
    }
    if (!facts.endDate) {
      const end = dateAfter(sentence, dates, END_MARKER, facts.startDate ? undefined : START_MARKER);
      if (end && (!facts.startDate || end.date > facts.startDate.value)) {
        facts.endDate = statedDate(end);
        used.add(end);
      }
    }
  }
  if (!facts.endDate && facts.startDate) facts.endDate = derivedEnd(sentences, facts.startDate);

  for (const { sentence, dates } of dated) {
    for (const found of dates) {
      if (used.has(found) || found.date === facts.startDate?.value || found.date === facts.endDate?.value) continue;
      const label = keyDateLabel(sentence.text);
      if (label) facts.otherKeyDates.push({ value: { label, date: found.date }, text: found.text, source: found.source, derived: false });
    }
  }
  return facts;
}

// ── Parties ────────────────────────────────────────────────────────────────────────────────────────────────────────

const LANDLORD = String.raw`Landlords?|Lessors?|Owners?`;
const TENANT = String.raw`Tenants?|Residents?|Lessees?`;
const NAME_WORD = String.raw`(?:\p{Lu}[\p{L}'’&.-]*|&)`;
// Names never run over a line break: label-style parties ("Landlord: …" / "Tenant: …") sit on consecutive lines.
const NAME_JOIN = String.raw`(?:,[ \t]*|[ \t]+)(?:(?:and|of|de|la|van|der)[ \t]+)*`;
/** A run of capitalised words ("Oakwood Property Management, LLC", "John A. Smith and Jane Smith") ending the text. */
const NAME_BEFORE = new RegExp(String.raw`(${NAME_WORD}(?:${NAME_JOIN}${NAME_WORD})*)[\s,]*$`, 'u');
const NAME_AFTER = new RegExp(String.raw`^[\s"“]*(${NAME_WORD}(?:${NAME_JOIN}${NAME_WORD})*)`, 'u');
const NOT_NAMES = /^(?:This|The|Lease|Agreement|Residential|Rental|And|Between|By)$/;

function party(sentence: Sentence, role: string, several = false): StatedFact<string>[] {
  const text = sentence.text;
  // John Smith ("Tenant") · John Smith, hereinafter referred to as "Tenant" · John Smith, as Tenant
  const defined = new RegExp(
    String.raw`(?:\(\s*(?:hereinafter\s+(?:referred\s+to\s+as\s+|called\s+)?)?(?:(?:individually\s+and\s+)?collectively,?\s+)?(?:the\s+)?["“”']?(?:${role})["“”']?\s*\)|,?\s+(?:as|hereinafter\s+(?:referred\s+to\s+as|called))\s+(?:the\s+)?["“”']?(?:${role})\b)`,
    'gu',
  );
  for (let marker = defined.exec(text); marker; marker = defined.exec(text)) {
    const before = text.slice(0, marker.index);
    const name = NAME_BEFORE.exec(before);
    if (!name) continue;
    const found = names(sentence, name[1]!, name.index, several);
    if (found.length > 0) return found;
  }
  // Landlord: Oakwood Properties LLC · Tenant(s): John Smith and Jane Smith
  const label = new RegExp(String.raw`\b(?:${role})(?:\s*\(s\))?(?:['’]s)?(?:\s+(?:name|names))?\s*:`, 'gu');
  for (let marker = label.exec(text); marker; marker = label.exec(text)) {
    const after = text.slice(marker.index + marker[0].length);
    const name = NAME_AFTER.exec(after);
    if (!name) continue;
    const offset = marker.index + marker[0].length + name[0].length - name[1]!.length;
    const found = names(sentence, name[1]!, offset, several);
    if (found.length > 0) return found;
  }
  return [];
}

function names(sentence: Sentence, run: string, offset: number, several: boolean): StatedFact<string>[] {
  // The run may start with the sentence's own capitalised words ("This Lease is made between…" stops at "between",
  // but "Between Oakwood…" does not): drop leading non-name words.
  let text = run;
  let start = offset;
  for (;;) {
    const first = /^(\S+)(\s+(?:and\s+)?)/.exec(text);
    if (!first || !NOT_NAMES.test(first[1]!)) break;
    text = text.slice(first[0].length);
    start += first[0].length;
  }
  const lead = /^(?:and\s+)/.exec(text);
  if (lead) {
    text = text.slice(lead[0].length);
    start += lead[0].length;
  }
  text = text.replace(/[\s,]+$/, '');
  if (!/\p{L}{2}/u.test(text)) return [];
  const parts = several ? splitNames(text) : [{ name: text, at: 0 }];
  return parts.map(({ name, at }) => stated(name, sentence, start + at, start + at + name.length));
}

/** "John Smith, Mary Jones and Ann Lee" → three names; "Smith, Jr." and "Acme, LLC" stay whole. */
function splitNames(text: string): { name: string; at: number }[] {
  const parts: { name: string; at: number }[] = [];
  const separator = /\s*,\s*(?:and\s+)?(?!(?:Jr|Sr|LLC|Inc|Ltd|II|III)\b)|\s+and\s+|\s*&\s*/g;
  let at = 0;
  for (let match = separator.exec(text); match; match = separator.exec(text)) {
    parts.push({ name: text.slice(at, match.index), at });
    at = match.index + match[0].length;
  }
  parts.push({ name: text.slice(at), at });
  return parts.filter(({ name }) => /\p{L}{2}/u.test(name));
}

// ── Premises ───────────────────────────────────────────────────────────────────────────────────────────────────────

const PREMISES_MARKER =
  /(?:\b(?:premises|property|dwelling|unit|apartment|residence|house|home)\s+(?:located|situated)\s+at|\b(?:commonly\s+)?known\s+as|\b(?:Premises|Property|Rental\s+Property|Premises\s+Address|Property\s+Address|Address\s+of\s+(?:the\s+)?Premises|Unit\s+Address)\s*:)\s*/gi;
/** An address ending in a state and ZIP code ("123 Main St., Apt. 4B, Springfield, IL 62701") is taken whole. */
const ADDRESS_WITH_ZIP = /^(?:(?:Unit|Apartment|Apt\.?|Suite)\s+[\w-]+,?\s+)?\d+[A-Za-z]?\s+[^;()“”"\n]{0,120}?\b[A-Z]{2}\s+\d{5}(?:-\d{4})?\b/;
/** Without one, the address ends where the sentence or clause does. */
const ADDRESS_PLAIN = /^(?:(?:Unit|Apartment|Apt\.?|Suite)\s+[\w-]+,?\s+)?\d+[A-Za-z]?\s+[^;()“”"\n]*?(?=[;()“”"\n]|,?\s+(?:for|to be|together|including|hereinafter|and\s+(?:the|all)|is|shall)\b|\.\s|\.?$)/;

function premises(sentence: Sentence): StatedFact<string> | undefined {
  PREMISES_MARKER.lastIndex = 0;
  for (let marker = PREMISES_MARKER.exec(sentence.text); marker; marker = PREMISES_MARKER.exec(sentence.text)) {
    const from = marker.index + marker[0].length;
    const rest = sentence.text.slice(from);
    const address = ADDRESS_WITH_ZIP.exec(rest) ?? ADDRESS_PLAIN.exec(rest);
    if (!address) continue;
    const value = address[0].replace(/[\s,.]+$/, '');
    if (value.length < 6) continue;
    return stated(value, sentence, from, from + value.length);
  }
  return undefined;
}

// ── Money ──────────────────────────────────────────────────────────────────────────────────────────────────────────

const NOT_RENT = /\b(?:late|fee|fees|deposit|charge|penalty|returned|NSF|pet|utilities|prorated|pro-rated)\b/i;

function monthlyRent(sentence: Sentence): StatedFact<Money> | undefined {
  const text = sentence.text;
  const monthly = /\b(?:month|monthly|per mo)\b/i.test(text);
  const keyword = /\b(monthly\s+(?:rent|installments?)|rent)\b/gi;
  const amounts = moneyInSentence(sentence);
  for (let match = keyword.exec(text); match; match = keyword.exec(text)) {
    if (!monthly) continue;
    if (/^rent$/i.test(match[1]!) && /\b(?:annual|yearly|per year|total)\b/i.test(text.slice(Math.max(0, match.index - 30), match.index + 40))) continue;
    const after = match.index + match[0].length;
    const amount = amounts.find((found) => found.start >= after && found.start - after <= 80 && !NOT_RENT.test(text.slice(after, found.start)));
    if (amount) return stated({ amountCents: amount.amountCents, currency: amount.currency }, sentence, amount.start, amount.end);
  }
  return undefined;
}

function securityDeposit(sentence: Sentence): StatedFact<Money> | undefined {
  const text = sentence.text;
  const keyword = /\b(?:security\s+deposit|damage\s+deposit|deposit)\b/gi;
  const amounts = moneyInSentence(sentence);
  for (let match = keyword.exec(text); match; match = keyword.exec(text)) {
    if (/\bpet\s+$/i.test(text.slice(0, match.index))) continue;
    const after = match.index + match[0].length;
    const amount = amounts.find((found) => found.start >= after && found.start - after <= 80 && !/\b(?:rent|fee)\b/i.test(text.slice(after, found.start)));
    if (amount) return stated({ amountCents: amount.amountCents, currency: amount.currency }, sentence, amount.start, amount.end);
  }
  return undefined;
}

// ── Due day and notice ─────────────────────────────────────────────────────────────────────────────────────────────

const ORDINAL = String.raw`(?:(\d{1,2})(?:st|nd|rd|th)|(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|fifteenth|twentieth|twenty-fifth)(?:\s*\((\d{1,2})(?:st|nd|rd|th)?\))?)`;
/** Up to n characters of the same clause: a period inside an amount ("$2,200.00") does not end it. */
const CLAUSE = (n: number): string => String.raw`(?:[^.;]|\.(?=\d)){0,${n}}?`;
const DUE_DAY = new RegExp(String.raw`\b(?:due|payable|paid)\b${CLAUSE(80)}\bthe\s+${ORDINAL}(?:\s+day)?`, 'gi');
const DUE_DAY_LABEL = new RegExp(String.raw`\b(?:rent\s+)?due\s+(?:day|date)\s*:\s*(?:the\s+)?(?:(\d{1,2})(?:st|nd|rd|th)?\b|${ORDINAL})`, 'gi');

function rentDueDay(sentence: Sentence): StatedFact<number> | undefined {
  const text = sentence.text;
  if (!/\brent\b/i.test(text) && !/\b(?:each|every)\s+(?:calendar\s+)?month\b/i.test(text)) return undefined;
  const dates = datesInSentence(sentence).map((found) => [found.source.start - sentence.start, found.source.end - sentence.start] as const);
  for (const regex of [DUE_DAY_LABEL, DUE_DAY]) {
    regex.lastIndex = 0;
    for (let match = regex.exec(text); match; match = regex.exec(text)) {
      const groups = regex === DUE_DAY_LABEL ? [match[1], match[2], match[3], match[4]] : [undefined, match[1], match[2], match[3]];
      const day = Number(groups[0] ?? groups[1] ?? groups[3] ?? ORDINAL_WORDS[groups[2]?.toLowerCase() ?? ''] ?? NaN);
      const dayStart = match.index + match[0].search(/(?:\d{1,2}(?:st|nd|rd|th)?|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|fifteenth|twentieth|twenty-fifth)\b/i);
      // "due on the 1st day of January, 2026" names a date, not a day of every month.
      if (dates.some(([start, end]) => dayStart >= start && dayStart < end)) continue;
      if (!Number.isInteger(day) || day < 1 || day > 31) continue;
      return stated(day, sentence, dayStart, match.index + match[0].length);
    }
  }
  return undefined;
}

const NOTICE_BEFORE_DAYS = new RegExp(String.raw`\b${COUNT}\s*(?:calendar\s+)?days['’]?\s+(?:(?:prior|advance)\s+)?(?:written\s+)?notice\b`, 'gi');
const NOTICE_THEN_DAYS = new RegExp(
  String.raw`\bnotice\b${CLAUSE(60)}\b(?:at\s+least|not\s+less\s+than|no\s+less\s+than|a\s+minimum\s+of|minimum)\s+${COUNT}\s*(?:calendar\s+)?days\b`,
  'gi',
);
/** Notice to end or not renew the tenancy, not notice of entry or of a rent change. */
const ENDING_CONTEXT = /\b(?:terminat\w*|vacat\w*|renew\w*|non-renewal|end\s+of\s+the\s+(?:lease|term)|move\s+out|moving\s+out|intent\w*|expir\w*)\b/i;

function noticePeriod(sentences: readonly Sentence[]): StatedFact<number> | undefined {
  let fallback: StatedFact<number> | undefined;
  for (const sentence of sentences) {
    for (const regex of [NOTICE_BEFORE_DAYS, NOTICE_THEN_DAYS]) {
      regex.lastIndex = 0;
      const match = regex.exec(sentence.text);
      if (!match) continue;
      const days = count(match, 0);
      if (days === undefined || days < 1 || days > 365) continue;
      const figure = match.index + match[0].search(/[a-z]+(?:-[a-z]+)?\s*\(\d|\d|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|eighteen|twenty|thirty|forty|sixty|ninety/i);
      const dayWord = sentence.text.slice(figure).search(/days/i);
      const fact = stated(days, sentence, figure, figure + dayWord + 4);
      if (ENDING_CONTEXT.test(sentence.text)) return fact;
      fallback ??= fact;
    }
  }
  return fallback;
}

// ── Dates ──────────────────────────────────────────────────────────────────────────────────────────────────────────

const TERM_CONTEXT = /\b(?:term|lease|tenancy|rental\s+period|occupancy|agreement)\b/i;
const START_MARKER = /\b(?:commenc\w*|begin\w*|start(?:s|ing)?|start\s+date|from)\b/gi;
const END_MARKER = /\b(?:end(?:s|ing)?|end\s+date|terminat\w*|expir\w*|through|thru|until|to)\b/gi;

/**
 * The first date that follows one of the markers closely (nothing but a few words between), so "commencing on
 * January 1, 2026 and ending on December 31, 2026" gives each marker its own date. `after`: for END_MARKER's bare
 * "to"/"through", a start marker must come first ("from … to …").
 */
function dateAfter(sentence: Sentence, dates: FoundDate[], marker: RegExp, after?: RegExp): FoundDate | undefined {
  if (dates.length === 0 || !TERM_CONTEXT.test(sentence.text)) return undefined;
  const text = sentence.text;
  marker.lastIndex = 0;
  for (let match = marker.exec(text); match; match = marker.exec(text)) {
    const word = match[0].toLowerCase();
    if ((word === 'to' || word === 'through' || word === 'thru' || word === 'until') && !/\b(?:from|commenc\w*|begin\w*|start\w*)\b/i.test(text.slice(0, match.index))) {
      continue;
    }
    if (after && (word === 'to' || word === 'through' || word === 'thru') && !after.test(text)) continue;
    const end = match.index + match[0].length;
    const next = dates.find((found) => found.source.start - sentence.start >= end);
    if (!next) continue;
    const between = text.slice(end, next.source.start - sentence.start);
    if (between.length <= 40 && !/[;]/.test(between) && !/\b(?:and|but|or)\b/i.test(between)) return next;
  }
  return undefined;
}

const TERM_LENGTH = new RegExp(String.raw`\bterm\b[^.;]{0,40}?\b(?:of\s+)?${COUNT}\s*(?:\(\d{1,3}\)\s*)?(months?|years?)\b`, 'gi');

/** "for a term of twelve (12) months" from the start date: the day before the same date N months later. */
function derivedEnd(sentences: readonly Sentence[], start: StatedFact<string>): DerivedFact<string> | undefined {
  for (const sentence of sentences) {
    TERM_LENGTH.lastIndex = 0;
    const match = TERM_LENGTH.exec(sentence.text);
    if (!match) continue;
    const n = count(match, 0);
    const unit = match[5]!.toLowerCase();
    if (n === undefined || n < 1 || n > 120) continue;
    const months = unit.startsWith('year') ? n * 12 : n;
    const value = addDays(addMonths(start.value, months), -1);
    const termStart = match.index + match[0].search(new RegExp(String.raw`${COUNT}`, 'i'));
    const source = span(sentence, termStart, match.index + match[0].length);
    const sources = [source, start.source].sort((a, b) => a.page - b.page || a.start - b.start);
    return { value, derived: true, source, sources };
  }
  return undefined;
}

const KEY_DATE_LABELS: readonly [RegExp, string][] = [
  [/\brenew\w*\b[^.]*\b(?:notice|notify|deadline|no later than|on or before|by)\b|\b(?:notice|notify)\b[^.]*\brenew\w*/i, 'Renewal notice deadline'],
  [/\bmove[- ]in\s+inspection|\binspection\b[^.]*\bmove[- ]in\b/i, 'Move-in inspection'],
  [/\bmove[- ]out\s+inspection|\binspection\b[^.]*\bmove[- ]out\b/i, 'Move-out inspection'],
  [/\binspection\b/i, 'Inspection'],
  [/\bmove[- ]in\b|\bpossession\b|\bkeys?\b/i, 'Move-in date'],
  [/\bmove[- ]out\b|\bvacate\b|\bsurrender\b/i, 'Move-out date'],
  [/\b(?:first|initial)\s+(?:month['’]s\s+)?rent\b|\bprorat\w*|\bpro-rat\w*/i, 'First rent payment'],
  [/\brent\b[^.]*\b(?:increase|adjust)\w*|\b(?:increase|adjust)\w*\b[^.]*\brent\b/i, 'Rent change'],
  [/\brenew\w*\b/i, 'Renewal date'],
  [/\b(?:signed|executed|entered\s+into|made\s+(?:and\s+entered\s+)?(?:on|this|as\s+of)|dated|effective)\b/i, 'Agreement date'],
];

function keyDateLabel(sentence: string): string | undefined {
  return KEY_DATE_LABELS.find(([pattern]) => pattern.test(sentence))?.[1];
}
