import type { AnswerFact } from '../answering/index.js';
import type { KnowledgeItem } from '../knowledge/knowledge-item.entity.js';
import type { ChatAskerContext } from './chat-message.entity.js';

/** The main time zone of each state: dates in Terri's answers are the asker's local ones. */
const STATE_TIME_ZONES: Record<string, string> = {
  AK: 'America/Anchorage', AL: 'America/Chicago', AR: 'America/Chicago', AZ: 'America/Phoenix', CA: 'America/Los_Angeles',
  CO: 'America/Denver', CT: 'America/New_York', DC: 'America/New_York', DE: 'America/New_York', FL: 'America/New_York',
  GA: 'America/New_York', HI: 'Pacific/Honolulu', IA: 'America/Chicago', ID: 'America/Boise', IL: 'America/Chicago',
  IN: 'America/Indiana/Indianapolis', KS: 'America/Chicago', KY: 'America/New_York', LA: 'America/Chicago', MA: 'America/New_York',
  MD: 'America/New_York', ME: 'America/New_York', MI: 'America/Detroit', MN: 'America/Chicago', MO: 'America/Chicago',
  MS: 'America/Chicago', MT: 'America/Denver', NC: 'America/New_York', ND: 'America/Chicago', NE: 'America/Chicago',
  NH: 'America/New_York', NJ: 'America/New_York', NM: 'America/Denver', NV: 'America/Los_Angeles', NY: 'America/New_York',
  OH: 'America/New_York', OK: 'America/Chicago', OR: 'America/Los_Angeles', PA: 'America/New_York', PR: 'America/Puerto_Rico',
  RI: 'America/New_York', SC: 'America/New_York', SD: 'America/Chicago', TN: 'America/Chicago', TX: 'America/Chicago',
  UT: 'America/Denver', VA: 'America/New_York', VT: 'America/New_York', WA: 'America/Los_Angeles', WI: 'America/Chicago',
  WV: 'America/New_York', WY: 'America/Denver',
};

export function timeZoneOf(context: ChatAskerContext | null): string {
  return STATE_TIME_ZONES[context?.property?.state ?? ''] ?? 'America/New_York';
}

/** "harbor view DR" → "Harbor View Dr": spec 000 §3.6 shows addresses title-cased. */
function titleCase(text: string): string {
  return text.toLowerCase().replace(/(^|[\s-])(\p{L})/gu, (_all, before: string, letter: string) => before + letter.toUpperCase());
}

/**
 * What Terri knows about the asker, as facts written by code (true by construction): their address, and only when
 * portfolio vouched that they are a registered tenant of a managed location at that address, the location and its
 * manager's Q&A items and rules. Everything else ("which bus goes downtown?") is not covered, and Terri says so.
 */
export function terriFacts(context: ChatAskerContext | null, knowledge: readonly KnowledgeItem[]): AnswerFact[] {
  const facts: AnswerFact[] = [];
  const property = context?.property;
  if (property) {
    const street = titleCase(property.street);
    const city = titleCase(property.city);
    const county = property.county ? ` It is in ${titleCase(property.county)}.` : '';
    facts.push({
      id: 'address:home',
      kind: 'address',
      title: 'Your address',
      text: `Your address is ${street}, ${city}, ${property.state} ${property.zipcode}: street ${street}, city ${city}, state ${property.state}, ZIP code ${property.zipcode}.${county}`,
    });
  }
  const residence = context?.residence;
  if (residence) {
    const unit = residence.unit_name ? `unit ${residence.unit_name} of ` : '';
    facts.push({
      id: `location:${residence.location_id}`,
      kind: 'location',
      title: residence.name,
      text: `You live in ${unit}${residence.name} (${residence.address_text}), which its property manager runs on this platform.`,
    });
    for (const item of knowledge) {
      facts.push({ id: `knowledge:${item.kind}:${item.sourceId}`, kind: 'knowledge', title: item.title, text: item.body });
    }
  }
  return facts;
}
