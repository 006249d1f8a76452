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

/** The question the address fact answers: every asker with a home may ask it. */
export const ADDRESS_QUESTION = 'What address do you have for my home?';

/**
 * What Terri knows about the asker, as facts written by code or loaded from the area packs (each naming its public
 * source): their address; the facts of their area's packs (`areaFacts`, for the home's city and state: trash
 * collection, transit, animal control, property taxes, tenant law); and only when portfolio vouched that they are a
 * registered tenant of a managed location at that address, the location and its manager's Q&A items and rules.
 * Everything else ("is there a farmers market nearby?") is not covered, and Terri says so.
 */
export function terriFacts(context: ChatAskerContext | null, knowledge: readonly KnowledgeItem[], areaFacts: readonly AnswerFact[] = []): AnswerFact[] {
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
  if (property) facts.push(...areaFacts);
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

/**
 * The starter questions for an asker (spec 000 §9: four), each one a fact Terri has answers: their manager's Q&A
 * questions (a vouched resident), the questions the area's facts answer, and the address question.
 */
export function starterQuestions(context: ChatAskerContext | null, knowledge: readonly KnowledgeItem[], areaQuestions: readonly string[], count: number): string[] {
  if (!context?.property) return [];
  const managed = context.residence ? knowledge.filter((item) => item.kind === 'question').map((item) => item.title) : [];
  const picked = [...managed.slice(0, 2), ...areaQuestions];
  return [...new Set([...picked.slice(0, count - 1), ADDRESS_QUESTION])];
}
