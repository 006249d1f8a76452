import type { TenantIntent } from '@pm/contracts';
import { foldText } from './folded-text.js';

/**
 * The intents the words of a message settle, written from the intents' own definitions (`TENANT_INTENTS` in
 * @pm/contracts: "rent amount, due date, payment methods, late fees, deposits, receipts"…). The 1.5B model picks
 * among ten labels poorly (0.38 on the evaluation set, half of it the emergencies the urgency rules decide), and the
 * not-covered path asks it nothing; the model keeps the messages these rules leave open.
 *
 * First match wins, so the more specific intent comes first: "the guy in 2 keeps leaving his bike in the hallway" is
 * a complaint before it is about the bike room, "move out, is that enough notice?" a move before a lease question.
 * Patterns read the English search text (a message in another language is translated first), folded (foldText: no
 * accents, doubled letters single, so "parked" reads "parked" and "hallway" reads "halway").
 */
const RULES: [Exclude<TenantIntent, 'emergency'>, RegExp][] = [
  ['move_in_out', /\b(mov(e|es|ing|ed) (in|out|into)|move in|move out|moving day|walk ?through|freight elevator|moving truck|return (the |my |our |al )?keys|moved (out|on|yesterday|last))\b/],
  ['neighbor_complaint', /\b(neighbou?rs?|upstairs|downstairs|(unit|apartment|apt) (above|below|next to)|the (guy|people|lady|woman|man|kids|family) (in|from|upstairs|next)|parked in my (spot|space)|(in|taking) my (parking )?(spot|space))\b/],
  ['lease_question', /\b(lease|leases|sublet|sublease|subleting|renewal|renew|renews|notice to vacate|give notice|short term rental|airbnb|ocupants?|rom ?mate|add (my|a) (partner|roomate|roommate))\b/],
  ['payment_question', /\b(rent (is )?due|pay (the |my )?rent|rent payment|paying rent|late (fe|fes|charge|payment)|pay (it |the rent |rent )?late|fine if|penalty|receipts?|pay (online|by|with)|payment methods?|credit card|money order|ach)\b/],
  ['maintenance_request', /\b(repair|repairs|repaired|fix|fixed|fixing|broken|jamed|cloged|not working|doesn ?t work|won ?t (turn on|start|work|open|close|drain|flush)|stoped working|keps runing|technician|plumber|electrician|handyman|maintenance|mouse|mice|rats?|roaches|cockroaches|pests?|bugs)\b/],
  // Changing the home is a house rule (alterations) before it is about a facility: "install my own washer and dryer".
  ['policy_question', /\b(instal|instaling|paint|painting|nails|satelite|antena|trampoline|wallpaper)\b/],
  ['amenity_question', /\b(gym|fitnes|pol|laundry|washers?|dryers?|packages?|parcels?|lockers?|parking (spot|space|garage|permit)|storage|bike rom|bike|bikes|bicycles?|party rom|rof ?deck|lounge|chargers?|charging)\b/],
  ['policy_question', /\b(pets?|dogs?|cats?|pupy|kitens?|guests?|visiting|visitors?|stay over|quiet hours|smoke|smoking|vape|vaping|grils?|barbecue|bq|trash|garbage|recycling|cardboard|compost|bins?|shovel|snow|lawn)\b/],
  ['general', /\b(locked out|lock out|lost (my )?(key|keys|fob)|key fob|fob|wifi|internet|utilities|electricity|water bil|bils|filter|contact|phone number|ofice hours|mail|mailbox)\b/],
];

/** The intent a message's words settle, or null when they settle none (the model decides, else `general`). */
export function intentByRules(englishText: string): Exclude<TenantIntent, 'emergency'> | null {
  const text = foldText(englishText);
  return RULES.find(([, pattern]) => pattern.test(text))?.[0] ?? null;
}
