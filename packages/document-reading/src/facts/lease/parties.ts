import { datesInSentence } from '../dates.js';
import type { Sentence } from '../sentences.js';
import { stated, type StatedFact } from './fact.js';

const LANDLORD = String.raw`Landlords?|Lessors?|Owners?|Arrendador(?:a|es)?`;
const TENANT = String.raw`Tenants?|Residents?|Lessees?|Co-Tenants?|Arrendatari[oa]s?|Inquilin[oa]s?`;

const NAME_WORD = String.raw`(?:\p{Lu}[\p{L}'’.-]*|&)`;
// Names never run over a line break: label-style parties ("Landlord: …" / "Tenant: …") sit on consecutive lines.
const NAME_JOIN = String.raw`(?:[,;][ \t]*|[ \t]+)(?:(?:[Aa]nd|AND|of|de|la|del|van|der|von)[ \t]+)*`;
const NAME_RUN = String.raw`${NAME_WORD}(?:${NAME_JOIN}${NAME_WORD})*`;
/** A run of capitalised words ending the text ("Oakwood Property Management, LLC", "John A. Smith and Jane Smith"). */
const NAME_BEFORE = new RegExp(String.raw`(${NAME_RUN})[\s,]*$`, 'u');
const NAME_AFTER = new RegExp(String.raw`^[ \t"“]*(${NAME_RUN})`, 'u');
/**
 * "…, a Delaware limited liability company", "…, as agent for the owner", "…, by its managing agent Brightline
 * Management Inc.", "…, husband and wife" between a name and its role: the party is the name before it.
 */
const DESCRIPTION_BEFORE_ROLE =
  /,\s+(?:(?:an?|as\s+(?:managing\s+)?agent\s+for|acting\s+(?:as|for)|on\s+behalf\s+of|(?:by|through)\s+its\s+(?:managing\s+|leasing\s+)?agent)\s+[^,()"“”]{3,80}|(?:\p{Ll}[\p{Ll}'’-]*\s*){1,8})$/u;
/** A company's legal form: a role word just before it is part of the name ("Lakeview Towers Owner LLC"). */
const COMPANY_FORM = /^(?:LLC|L\.L\.C\.?|Inc\.?|LP|L\.P\.?|LLP|Corp\.?|Co\.?|Company|Trust)$/u;

/**
 * Words that are never part of a party's name: roles, form labels, units. A run of capitalised words is cut at the
 * first of them ("John Smith Date" → "John Smith", the signature block's date label glued onto the name).
 */
const NOT_NAME_WORDS = new Set([
  'landlord', 'landlords', 'tenant', 'tenants', 'lessor', 'lessors', 'lessee', 'lessees', 'resident', 'residents', 'owner', 'owners',
  'co-tenant', 'co-tenants', 'occupant', 'occupants', 'guarantor', 'agent', 'manager', 'date', 'dated', 'signature', 'signatures',
  'signed', 'sign', 'print', 'printed', 'name', 'names', 'by', 'its', 'title', 'witness', 'phone', 'tel', 'telephone', 'email', 'e-mail',
  'address', 'initials', 'initial', 'unit', 'apt', 'apartment', 'suite', 'ste', 'premises', 'lease', 'agreement', 'rent', 'deposit',
  'section', 'exhibit', 'addendum', 'page', 'day', 'month', 'year', 'between', 'agrees', 'arrendador', 'arrendadora',
  'arrendatario', 'arrendataria', 'inquilino', 'inquilina', 'fecha', 'firma',
]);
const JOINERS = new Set(['and', 'of', 'de', 'la', 'del', 'van', 'der', 'von', '&']);
/** Where a list of names is split; not before a suffix that belongs to the name before it ("Smith, Jr.", "Acme, LLC"). */
const NAME_SEPARATOR = /\s*[,;]\s*(?:and\s+)?(?!(?:Jr|Sr|LLC|L\.L\.C|Inc|Ltd|LLP|LP|Corp|II|III|IV)\b)|\s+and\s+|\s*&\s*/giu;

/**
 * Whether a run of words is a person's or a company's name: at least two words, none a role, a form label or a unit,
 * no figures. "Unit A", "John Smith Date", "Tenant" and "Smith" are not; "John A. Smith", "Oakwood Property
 * Management, LLC" and "MARIA LOPEZ" are.
 */
export function isPartyName(text: string): boolean {
  if (text.length < 4 || text.length > 120 || /[\d_@$/\\()"“”:;]/.test(text)) return false;
  const words = text.split(/[\s,]+/u).filter((word) => word !== '' && !JOINERS.has(word.toLowerCase()));
  if (words.length < 2 || words.length > 10) return false;
  if (words.some((word, index) => NOT_NAME_WORDS.has(bare(word)) && !COMPANY_FORM.test(words[index + 1] ?? ''))) return false;
  if (words.some((word) => !/^\p{Lu}/u.test(word))) return false;
  return words.some((word) => /\p{L}{2}/u.test(word) && !/^\p{Lu}\.$/u.test(word));
}

function bare(word: string): string {
  return word.toLowerCase().replace(/['’]s$/, '').replace(/[.,]+$/, '');
}

/** The landlord and the tenants a lease names, each as written; a party it does not name plainly is left out. */
export function leaseParties(sentences: readonly Sentence[]): { landlord?: StatedFact<string>; tenants: StatedFact<string>[] } {
  let landlord: StatedFact<string> | undefined;
  for (const sentence of sentences) {
    landlord = definedParties(sentence, LANDLORD, false)[0];
    if (landlord) break;
  }
  for (const sentence of sentences) {
    if (landlord) break;
    landlord = labelledParties(sentence, LANDLORD, false)[0];
  }

  // Tenants: the opening clause's, and every "Tenant: …" line (a second tenant often appears only where they sign).
  const tenants: StatedFact<string>[] = [];
  for (const sentence of sentences) {
    const found = definedParties(sentence, TENANT, true);
    if (found.length > 0) {
      tenants.push(...found);
      break;
    }
  }
  for (const sentence of sentences) tenants.push(...labelledParties(sentence, TENANT, true));
  return { ...(landlord ? { landlord } : {}), tenants: distinctNames(tenants) };
}

/** John Smith ("Tenant") · John Smith, hereinafter referred to as "Tenant" · John Smith, as Tenant · Acme LLC, Landlord, and… */
function definedParties(sentence: Sentence, role: string, several: boolean): StatedFact<string>[] {
  const text = sentence.text;
  const marker = new RegExp(
    String.raw`(?:\(\s*(?:hereinafter\s+(?:referred\s+to\s+as\s+|called\s+)?)?(?:(?:individually\s+and\s+)?(?:collectively|together|jointly(?:\s+and\s+severally)?),?\s+)?(?:the\s+)?["“”']?(?:${role})(?:\s+\d)?["“”']?\s*\)|,?\s+(?:as|hereinafter\s+(?:referred\s+to\s+as|called))\s+(?:the\s+)?["“”']?(?:${role})\b|,\s+(?:the\s+)?["“]?(?:${role})["”]?(?=\s*(?:,|\.|;|and\b|$)))`,
    'gu',
  );
  const found: StatedFact<string>[] = [];
  for (let match = marker.exec(text); match; match = marker.exec(text)) {
    let before = text.slice(0, match.index);
    const description = DESCRIPTION_BEFORE_ROLE.exec(before);
    if (description) before = before.slice(0, description.index);
    const run = NAME_BEFORE.exec(before);
    if (!run) continue;
    const names = namesIn(sentence, run[1]!, run.index, several, 'after-last-stop');
    if (names.length === 0) continue;
    found.push(...names);
    if (!several) break;
  }
  return found;
}

/**
 * Landlord: Oakwood Properties LLC · Tenant(s): John Smith and Jane Smith · between Landlord Acme LLC and Tenant Jo Lee
 * · a form's "TENANT(S):" with one name per line below it.
 */
function labelledParties(sentence: Sentence, role: string, several: boolean): StatedFact<string>[] {
  const text = sentence.text;
  const label = new RegExp(
    String.raw`(?:\b(?:${role})(?:\s*\(s\))?(?:\s*\d)?(?:\s*\/\s*(?:Agent|Manager|Owner))?(?:['’]s)?(?:\s+(?:full\s+)?names?(?:\s*\(s\))?)?\s*:|\b(?:between|and)\s+(?:the\s+)?(?:${role})(?:\s*\(s\))?,?[ \t]+)`,
    'giu',
  );
  const found: StatedFact<string>[] = [];
  for (let marker = label.exec(text); marker; marker = label.exec(text)) {
    const after = text.slice(marker.index + marker[0].length);
    const run = NAME_AFTER.exec(after);
    if (run) {
      const offset = marker.index + marker[0].length + run[0].length - run[1]!.length;
      found.push(...namesIn(sentence, run[1]!, offset, several, 'before-first-stop'));
    } else if (marker[0].endsWith(':')) {
      found.push(...namesBelow(sentence, marker.index + marker[0].length, several));
    }
    if (found.length > 0 && !several) break;
  }
  return found;
}

/** The lines right below a label that ends its line, each one name alone ("TENANT(S):" / "John Smith" / "Mary Smith"). */
function namesBelow(sentence: Sentence, from: number, several: boolean): StatedFact<string>[] {
  const found: StatedFact<string>[] = [];
  const lines = /^[ \t]*\n/.exec(sentence.text.slice(from));
  if (!lines) return found;
  let at = from + lines[0].length;
  for (const line of sentence.text.slice(at).split('\n')) {
    const name = new RegExp(String.raw`^[ \t]*(${NAME_RUN})[ \t]*$`, 'u').exec(line);
    const names = name ? namesIn(sentence, name[1]!, at + name[0].indexOf(name[1]!), several, 'before-first-stop') : [];
    if (names.length === 0) break;
    found.push(...names);
    if (!several) break;
    at += line.length + 1;
  }
  return found;
}

/**
 * The names in a run of capitalised words at `offset` of the sentence, each with its exact span: the run is cut at
 * role and form words (keeping the part next to its marker), then split into names when `several`. A list with one
 * part that is not a name ("John and Jane Smith": "John") gives nothing rather than a wrong list.
 */
function namesIn(sentence: Sentence, run: string, offset: number, several: boolean, keep: 'after-last-stop' | 'before-first-stop'): StatedFact<string>[] {
  // Where the run stops being a name: a role or form word, or a date ("Mai Thi Nguyen   June 2, 2026").
  const stops = [
    ...[...run.matchAll(/[^\s,]+/gu)]
      .filter((word, index, words) => NOT_NAME_WORDS.has(bare(word[0])) && !COMPANY_FORM.test(words[index + 1]?.[0] ?? ''))
      .map((word) => ({ start: word.index, end: word.index + word[0].length })),
    ...datesInSentence(sentence).map((date) => ({ start: date.source.start - sentence.start - offset, end: date.source.end - sentence.start - offset })),
  ].filter((stop) => stop.end > 0 && stop.start < run.length);
  let from = 0;
  let to = run.length;
  if (stops.length > 0) {
    if (keep === 'after-last-stop') from = Math.min(run.length, Math.max(...stops.map((stop) => stop.end)));
    else to = Math.max(0, Math.min(...stops.map((stop) => stop.start)));
  }
  let text = run.slice(from, to);
  const lead = /^[\s,]*(?:(?:and|AND|&)\s+)?/u.exec(text)![0].length;
  text = text.slice(lead).replace(/(?:[\s,]+(?:and|AND|&))*[\s,]*$/u, '');
  const start = offset + from + lead;
  if (text === '') return [];
  const parts = several ? splitNames(text) : [{ name: text, at: 0 }];
  if (parts.length === 0 || parts.some(({ name }) => !isPartyName(name))) return [];
  return parts.map(({ name, at }) => stated(name, sentence, start + at, start + at + name.length));
}

/** "John Smith, Mary Jones and Ann Lee" → three names; "Smith, Jr." and "Acme, LLC" stay whole. */
function splitNames(text: string): { name: string; at: number }[] {
  const parts: { name: string; at: number }[] = [];
  let at = 0;
  NAME_SEPARATOR.lastIndex = 0;
  for (let match = NAME_SEPARATOR.exec(text); match; match = NAME_SEPARATOR.exec(text)) {
    parts.push({ name: text.slice(at, match.index), at });
    at = match.index + match[0].length;
  }
  parts.push({ name: text.slice(at), at });
  return parts.filter(({ name }) => name.trim() !== '');
}

/** The same person named twice (the opening clause and the signature block, "John A. Smith" and "JOHN SMITH") once. */
function distinctNames(facts: readonly StatedFact<string>[]): StatedFact<string>[] {
  const key = (name: string): string => {
    const words = name.toLowerCase().replace(/[^\p{L}\s-]/gu, ' ').split(/\s+/).filter((word) => word.length > 1);
    return `${words[0] ?? ''} ${words.at(-1) ?? ''}`;
  };
  const seen = new Set<string>();
  return facts.filter((fact) => {
    const k = key(fact.value);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
