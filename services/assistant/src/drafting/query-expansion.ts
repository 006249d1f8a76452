import { foldText, type UrgencyCategory, type UrgencyMatch } from '@pm/tenant-triage';

/**
 * Tenants and knowledge bases name the same things differently: a tenant writes "the dishwasher is broken" or "my
 * husband fell and his head is bleeding", the manager's items say "How do I request maintenance?" and "A resident
 * reports an injury". MiniLM does not bridge that gap on its own (those pairs score 0.15–0.25, below unrelated
 * questions), so the search text gets the knowledge base's words for what the message is about: the emergency the
 * urgency rules found (in any language, before translation), and a broken thing's repair.
 */
const URGENCY_TERMS: Record<UrgencyCategory, string> = {
  gas: 'gas smell',
  'carbon-monoxide': 'carbon monoxide alarm',
  fire: 'fire smoke',
  flood: 'leak flooding burst pipe',
  'no-heat': 'no heat furnace',
  'break-in': 'break-in intruder',
  injury: 'injury medical emergency',
  electrical: 'electrical sparks outlet burning smell',
  sewage: 'sewage backup toilet drain',
  'no-cooling': 'air conditioning not working heat',
  medical: 'medical emergency ambulance',
  trapped: 'stuck in an elevator',
  // "Urgent!" says how, not what: no words to add.
  declared: '',
};

/**
 * Something broken or out of order, or pests (reported as repairs), in the English the search reads (messages in
 * other languages are translated first). Folded (see foldText): no accents, doubled letters single. Only the state of
 * a thing: "fix the sink yet?" asks about a repair under way, which no knowledge item answers.
 */
const BROKEN =
  /\b(broken|broke (down|of)|jamed|jams|cloged|blocked|cracked|not working|isn ?t working|doesn ?t work|don ?t work|won ?t (turn on|start|work|open|close|lock|drain|flush)|(stoped|quit) (working|draining|flushing|heating|cooling|running|spinning|closing|locking|opening|drying|responding)|driping|leaky|out of order|not turning on|not draining|keps tripping|mouse|mice|rats?|roaches|cockroaches|bugs|ants|termites|bedbugs|pests?)\b/;
const REPAIR_TERMS = 'repair maintenance request';

/** The search text for a message: its (English) text, and the knowledge base's words for what it is about. */
export function expandQuery(text: string, urgency: readonly UrgencyMatch[]): string {
  const terms = new Set(urgency.map((match) => URGENCY_TERMS[match.category]).filter(Boolean));
  if (BROKEN.test(foldText(text))) terms.add(REPAIR_TERMS);
  return terms.size === 0 ? text : `${text}\n${[...terms].join('\n')}`;
}
