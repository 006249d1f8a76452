import { timeZoneOfUsState } from '@pm/geo/time-zones';
import type { AnswerFact } from '../answering/index.js';
import type { KnowledgeItem } from '../knowledge/knowledge-item.entity.js';
import type { ChatAskerContext } from './chat-message.entity.js';

/** Dates in Terri's answers are the asker's local ones: the zone of their property's state. */
export function timeZoneOf(context: ChatAskerContext | null): string {
  return timeZoneOfUsState(context?.property?.state);
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
