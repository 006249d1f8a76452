import { z } from 'zod';

/**
 * What a tenant's message is about, in the granularity drafting acts on: emergencies escalate, maintenance opens a
 * ticket, the rest are answered from knowledge. The definitions are part of the list: the drafting model reads them
 * in its prompt, and the assistant's evaluation set labels its messages with the same words.
 */
export const TENANT_INTENTS = {
  emergency: 'danger to people or the building right now: gas, smoke, fire, flood, major leak, no heat in winter, carbon monoxide, break-in, injury, someone trapped',
  maintenance_request: 'something broken or needing repair that is not an emergency, or the status of such a repair',
  payment_question: 'rent amount, due date, payment methods, late fees, deposits, receipts',
  lease_question: 'lease terms, renewal, notice to leave, subletting, adding or removing occupants',
  amenity_question: 'shared facilities and services: parking, laundry, gym, pool, storage, packages, bike room, party room',
  policy_question: 'house rules: pets, guests, quiet hours, smoking, grills, trash and recycling, alterations',
  neighbor_complaint: 'a complaint about another resident: noise, smells, parking in their space, pets',
  move_in_out: 'moving in or out: booking the elevator, move hours, keys, walk-through, deposit return',
  general: 'anything else about living at the property: contacts, office hours, utilities, mail',
  other: 'not about the tenancy: thanks, wrong number, spam',
} as const satisfies Record<string, string>;

export type TenantIntent = keyof typeof TENANT_INTENTS;
export const TENANT_INTENT_NAMES = Object.keys(TENANT_INTENTS) as [TenantIntent, ...TenantIntent[]];
export const TenantIntentSchema = z.enum(TENANT_INTENT_NAMES);
