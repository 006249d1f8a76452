import type { Sentence } from '../sentences.js';
import { stated, type StatedFact } from './fact.js';

const PREMISES_MARKER =
  /(?:\b(?:premises|property|dwelling|unit|apartment|residence|house|home|townhome|townhouse|condo(?:minium)?|duplex|suite)\s+(?:(?:located|situated)\s+)?at|\bpremises\s+(?:is|are)\s+(?:(?:located|situated)\s+at\s+)?|\b(?:ubicad[oa]|situad[oa])\s+en\s+(?:la\s+|el\s+)?(?:calle\s+)?(?=\d)|\b(?:commonly\s+)?known\s+as|\bdescribed\s+as\s*:?|\b(?:Leased\s+Premises|Premises|Property|Rental\s+Property|Rental\s+Unit|Premises\s+Address|Property\s+Address|Rental\s+Address|Address\s+of\s+(?:the\s+)?(?:Premises|Property)|Unit\s+Address)\s*:)\s*/giu;
/** "…, which is located at 45 Oak St": an address after "located at" in a sentence about the premises. */
const LOCATED_AT = /\b(?:located|situated)\s+at\s*:?\s*/giu;
const PREMISES_CONTEXT = /\b(?:premises|property|dwelling|unit|apartment|residence|house|home|townhome|townhouse|condo(?:minium)?|duplex|rent\w*|leases?)\b/iu;
/** `(the "Premises")` after the address it names. */
const PREMISES_DEFINED_AFTER = /\s*\(\s*(?:the\s+|hereinafter\s+(?:referred\s+to\s+as\s+)?(?:the\s+)?)?["“]?(?:Leased\s+)?(?:Premises|Property|Unit)["”]?\s*\)/giu;

const UNIT_PREFIX = String.raw`(?:Unit|Apartment|Apt\.?|Suite|Ste\.?)\s+(?:No\.\s*)?#?[\w-]+(?:,|\s+(?:at|of))?\s+`;
/** A sentence that rents a dwelling ("You are leasing Apartment No. 210 at …"), not one that says where to send notices or pay. */
const RENTS_A_DWELLING = /\b(?:leas(?:e|es|ed|ing)|rent(?:s|ed|ing)?)\b.*\b(?:premises|dwelling|unit|apartment|residence|house|home|townhome|townhouse|condo(?:minium)?|duplex)\b|\b(?:premises|dwelling|unit|apartment|residence|house|home|townhome|townhouse|condo(?:minium)?|duplex)\b.*\b(?:leas(?:e|es|ed|ing)|rent(?:s|ed|ing)?)\b/iu;
const NOT_THE_PREMISES = /\b(?:notices?|mail\w*|send|sent|payments?|pay|paid|office|remit\w*)\b/iu;
/**
 * An address ending in a state and ZIP code ("123 Main St., Apt. 4B, Springfield, IL 62701") is taken whole, over a
 * line break too (the sentence has none that ends a paragraph or a form line).
 */
const ADDRESS_WITH_ZIP = new RegExp(String.raw`^(?:${UNIT_PREFIX})?\d+[A-Za-z]?\s+[^;()“”"]{0,120}?\b(?:[A-Z]{2}|\p{Lu}\p{Ll}+(?:\s\p{Lu}\p{Ll}+)?),?\s+\d{5}(?:-\d{4})?\b`, 'u');
/** Without one, the address ends where the sentence or clause does. */
const ADDRESS_PLAIN = new RegExp(
  String.raw`^(?:${UNIT_PREFIX})?\d+[A-Za-z]?\s+[^;()“”"\n]*?(?=[;()“”"\n]|,?\s+(?:for|to be|together|including|hereinafter|and\s+(?:the|all)|is|shall|which|as|with|along|consisting|plus|in\s+the\s+(?:city|town|village|county|state))\b|\.\s|\.?$)`,
  'u',
);
const STREET =
  /\b(?:Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Drive|Dr|Lane|Ln|Court|Ct|Way|Place|Pl|Terrace|Ter|Circle|Cir|Parkway|Pkwy|Highway|Hwy|Trail|Trl|Square|Sq|Loop|Row|Alley|Plaza|Crescent|Point|Pike|Run|Path|Walk)\b\.?/i;

/** "Apt. 4B", "Unit 12", "Suite 300", "Apartment 5C", "# 7": the unit as written. */
const UNIT_IN_ADDRESS = /\b(?:Unit|Apartment|Apt\.?|Suite|Ste\.?)\s*(?:No\.?\s*|#\s*)?[A-Z]?\d+[A-Z]?(?:-\d+)?\b|\b(?:Unit|Apartment|Apt\.?)\s+[A-Z]\b|#\s?\d+[A-Z]?\b|\b(?:Upper|Lower|Front|Rear|Basement|Garden)\s+(?:Unit|Apartment|Level)\b/u;
const UNIT_LABEL = /^(?:Unit|Unit\s+(?:No\.?|Number|#)|Apartment(?:\s+(?:No\.?|Number))?|Apt\.?(?:\s+No\.?)?)\s*:\s*(#?\s*[A-Z]?\d+[A-Z]?(?:-\d+)?|[A-Z])\s*$/u;

/** Whether text reads as a street address: a house number (maybe after the unit), a street word or a ZIP code, no amounts. */
export function isAddress(text: string): boolean {
  if (text.length < 6 || text.length > 160 || /\$/.test(text)) return false;
  return (STREET.test(text) || /\b\d{5}(?:-\d{4})?$/.test(text)) && new RegExp(String.raw`^(?:${UNIT_PREFIX})?\d`, 'u').test(text);
}

/** The rented premises' address as written, and its unit when the address or a "Unit:" line names one. */
export function leasePremises(sentences: readonly Sentence[]): { premises?: StatedFact<string>; unit?: StatedFact<string> } {
  let premises: StatedFact<string> | undefined;
  for (const sentence of sentences) {
    premises = afterMarker(sentence) ?? beforeDefinition(sentence);
    if (premises) break;
  }
  // Without a marker: a whole address (to its ZIP code) in a sentence that rents a dwelling and says nothing of notices or payments.
  for (const sentence of sentences) {
    if (premises) break;
    if (RENTS_A_DWELLING.test(sentence.text) && !NOT_THE_PREMISES.test(sentence.text)) premises = wholeAddressIn(sentence);
  }
  let unit: StatedFact<string> | undefined;
  if (premises) {
    const found = UNIT_IN_ADDRESS.exec(premises.text);
    if (found) {
      // The premises' text is its page text exactly, so the unit's offset in the page follows from its offset in it.
      const from = premises.source.start + found.index;
      unit = { value: found[0].replace(/\s+/g, ' '), text: found[0], source: { ...premises.source, start: from, end: from + found[0].length }, derived: false };
    }
  }
  for (const sentence of sentences) {
    if (unit) break;
    const label = UNIT_LABEL.exec(sentence.text);
    if (label) {
      const from = sentence.text.indexOf(label[1]!, label[0].indexOf(':'));
      unit = stated(label[1]!, sentence, from, from + label[1]!.length);
    }
  }
  return { ...(premises ? { premises } : {}), ...(unit ? { unit } : {}) };
}

function afterMarker(sentence: Sentence): StatedFact<string> | undefined {
  const markers = [...sentence.text.matchAll(PREMISES_MARKER), ...(PREMISES_CONTEXT.test(sentence.text) ? sentence.text.matchAll(LOCATED_AT) : [])].sort((a, b) => a.index - b.index);
  for (const marker of markers) {
    const from = marker.index + marker[0].length;
    const rest = sentence.text.slice(from);
    const address = ADDRESS_WITH_ZIP.exec(rest) ?? ADDRESS_PLAIN.exec(rest);
    if (!address) continue;
    const written = address[0].replace(/[\s,.]+$/, '');
    if (!isAddress(written)) continue;
    return asWritten(sentence, from, written);
  }
  return undefined;
}

function wholeAddressIn(sentence: Sentence): StatedFact<string> | undefined {
  for (const start of sentence.text.matchAll(new RegExp(String.raw`(?<![\w-])(?:${UNIT_PREFIX})?\d+[A-Za-z]?\s+\S`, 'gu'))) {
    const address = ADDRESS_WITH_ZIP.exec(sentence.text.slice(start.index));
    if (address && isAddress(address[0])) return asWritten(sentence, start.index, address[0]);
  }
  return undefined;
}

/** "… rents to Tenant 45 Elm Street, Unit 2, Salem, OR 97301 (the "Premises")": the address just before its definition. */
function beforeDefinition(sentence: Sentence): StatedFact<string> | undefined {
  PREMISES_DEFINED_AFTER.lastIndex = 0;
  for (let marker = PREMISES_DEFINED_AFTER.exec(sentence.text); marker; marker = PREMISES_DEFINED_AFTER.exec(sentence.text)) {
    const before = sentence.text.slice(Math.max(0, marker.index - 160), marker.index);
    const offset = marker.index - before.length;
    // The earliest house number (or unit) from which the rest up to the definition is one address.
    const starts = [...before.matchAll(new RegExp(String.raw`(?<![\w-])(?:${UNIT_PREFIX})?\d+[A-Za-z]?\s+\S`, 'gu'))].map((match) => match.index);
    for (const start of starts) {
      const written = before.slice(start).replace(/[\s,.]+$/, '');
      if (/[;()“”"]/.test(written) || !isAddress(written)) continue;
      return asWritten(sentence, offset + start, written);
    }
  }
  return undefined;
}

/** An address as written, its line breaks read as spaces. */
function asWritten(sentence: Sentence, from: number, written: string): StatedFact<string> {
  return { ...stated(written, sentence, from, from + written.length), value: written.replace(/\s+/g, ' ') };
}
