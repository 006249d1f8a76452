import { foldText } from '@pm/tenant-triage';
import type { Claim } from './grounding-check.js';

/**
 * Checks in code on a reply the model composed, beside the grounding check (which compares its facts with the cited
 * items): the kinds of wrong an external evaluation found in sent drafts. Each returns what it refused, empty when
 * the reply passes.
 */

/** Folded words, a window of which a rule's text and a reply may share. */
const LEAK_WINDOW = 6;

/**
 * Words only an instruction to the assistant uses: "mark the draft URGENT for the owner", "give the immediate safety
 * steps from the knowledge base". A reply to a tenant has no draft, owner or knowledge base to speak of.
 */
const META = /(?<= )(the draft|this draft|draft (as|urgent)|mark (it|this|the (draft|message|reply))|for the owner|the owner s|knowledge base|the (tenant|resident|caler)s?|escalate|flag (it|this|the)|urgent for)(?= )/g;

/**
 * A rule is the manager's instruction to the assistant, never text for the tenant: a reply that shares six words in a
 * row with a rule's description or expected output, or speaks of drafts, owners and knowledge bases, quotes it.
 */
export function leakedRuleText(reply: string, rules: readonly { title: string; body: string }[]): Claim[] {
  const folded = foldText(reply);
  const leaks: Claim[] = [...folded.matchAll(META)].map((match) => ({ kind: 'instruction' as const, text: match[0].trim() }));
  for (const rule of rules) {
    for (const text of [rule.title, rule.body]) {
      const words = foldText(text).trim().split(' ');
      for (let i = 0; i + LEAK_WINDOW <= words.length; i += 1) {
        const window = ` ${words.slice(i, i + LEAK_WINDOW).join(' ')} `;
        if (folded.includes(window)) {
          leaks.push({ kind: 'instruction', text: window.trim() });
          break;
        }
      }
    }
  }
  return leaks;
}

/**
 * Output that loops or runs on: a sentence said twice, three words repeated three times, or longer than a few SMS.
 * A 1.5B model under a token budget sometimes repeats one sentence until the budget ends.
 */
export function repetition(reply: string, maxLength = 700): Claim[] {
  const problems: Claim[] = [];
  if (reply.length > maxLength) problems.push({ kind: 'echo', text: `${reply.length} characters` });
  const sentences = reply.split(/(?<=[.!?。!?])\s*/u).map((sentence) => foldText(sentence).trim()).filter((sentence) => sentence.split(' ').length >= 3);
  const seen = new Set<string>();
  for (const sentence of sentences) {
    if (seen.has(sentence)) problems.push({ kind: 'echo', text: sentence });
    seen.add(sentence);
  }
  const words = foldText(reply).trim().split(' ');
  const counts = new Map<string, number>();
  for (let i = 0; i + 3 <= words.length; i += 1) {
    const gram = words.slice(i, i + 3).join(' ');
    counts.set(gram, (counts.get(gram) ?? 0) + 1);
  }
  for (const [gram, count] of counts) if (count >= 3) problems.push({ kind: 'echo', text: gram });
  return problems;
}

/** A permission granted, in the reply languages (folded). "Yes" alone grants what was asked. */
const GRANTS = /(?<= )(yes|yeah|sure|of course|you may|you can|you are (welcome|alowed|permited)|(is|are) (alowed|permited|fine|ok|okay|welcome)|fel fre|no problem|si|claro|puede|puedes|pueden|esta permitid[oa]|estan permitid[oa]s|se permite|oui|vous pouvez|est autorise|sont autorises|ja|sie durfen|ist erlaubt|sind erlaubt|sim|pode|podem|e permitido|sao permitidos)(?= )/;
/** A permission refused. */
const REFUSES = /(?<= )(no|not|never|canot|can t|may not|not alowed|not permited|prohibited|forbidden|banned|no se permite|no esta permitido|no puede|interdit|pas autorise|nicht erlaubt|verboten|nao e permitido|proibido|nao pode)(?= )/;
/** What an item says when it grants or refuses: the same concepts in the knowledge base's English (folded). */
const SOURCE_GRANTS = /(?<= )(alowed|permited|may|can|welcome|ok|okay|up to|with (written )?aproval|are fine|is fine)(?= )/;
const SOURCE_REFUSES = /(?<= )(no|not|never|canot|can t|may not|prohibited|forbidden|banned|only)(?= )/;

/**
 * An offer or a promise to do something for the tenant: "I can provide a storage room", "we'll waive the fee",
 * "let me arrange…". The verb must be one an item uses: the knowledge makes offers, the model never does.
 */
const OFFER = /(?<= )(?:i|we) (?:can|could|wil|l|would be happy to|are happy to|am happy to) (provide|ofer|give|arange|send|waive|set up|get you|schedule|book|reserve|lend|add|extend|refund|credit|replace|instal|upgrade|move)(?= )|(?<= )let me (arange|send|get|schedule|book|set up)(?= )|(?<= )(?:puedo|podemos|le podemos|le puedo) (ofrecer|dar|darle|proporcionar|enviar|enviarle|arreglar|programar|reservar)(?= )/g;

export function inventedPermissionsOrOffers(input: { reply: string; sources: readonly string[]; question: 'permission' | string }): Claim[] {
  const reply = foldText(input.reply);
  const sources = input.sources.map((source) => foldText(source)).join(' ');
  const problems: Claim[] = [];
  if (input.question === 'permission') {
    const grant = GRANTS.exec(reply);
    const refusal = REFUSES.exec(reply);
    if (grant && !refusal && !SOURCE_GRANTS.test(sources)) problems.push({ kind: 'promise', text: grant[0] });
    if (refusal && !SOURCE_REFUSES.test(sources)) problems.push({ kind: 'promise', text: refusal[0] });
  }
  for (const offer of reply.matchAll(OFFER)) {
    const verb = offer[1] ?? offer[2] ?? offer[3] ?? '';
    if (!sources.includes(` ${verb.split(' ')[0]}`)) problems.push({ kind: 'promise', text: offer[0].trim() });
  }
  return problems;
}
