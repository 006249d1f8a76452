import type { TenantIntent } from '@pm/contracts';
import { intentByRules } from './intent-rules.js';
import { detectUrgency, type UrgencyMatch } from './urgency-rules.js';

/** Intents that need someone to act, not only an answer: they open a ticket whether or not the message is urgent. */
export const TICKET_INTENTS: ReadonlySet<TenantIntent> = new Set(['emergency', 'maintenance_request']);

export interface Triage {
  urgent: boolean;
  /** The emergency rules that fired, for the manager's "why urgent". */
  urgency: UrgencyMatch[];
  /** `emergency` when urgent, else what the intent rules settle, or null when they settle nothing. */
  intent: TenantIntent | null;
  /** Urgent, or an intent of TICKET_INTENTS. */
  opensTicket: boolean;
}

/**
 * What a tenant's words settle the moment they arrive, before any model reads them: an emergency must reach the
 * people who handle it at once, and must not wait behind the model's queue or depend on the model working at all.
 * The intent rules read English; a message in another language gets its intent from the draft later (its urgency
 * rules read five languages).
 */
export function triageMessage(text: string): Triage {
  const { urgent, matches } = detectUrgency(text);
  const intent = urgent ? 'emergency' : intentByRules(text);
  return { urgent, urgency: matches, intent, opensTicket: intent !== null && TICKET_INTENTS.has(intent) };
}
