import { TENANT_INTENT_NAMES, TENANT_INTENTS, type DraftOutcome, type TenantIntent } from '@pm/contracts';
import type { Claim } from './guards/grounding-check.js';
import type { ResolvedDate } from './guards/date-resolver.js';
import type { UrgencyMatch } from '@pm/tenant-triage';
import type { KnowledgeKind } from '../knowledge/knowledge-copy.js';

/** What a tenant's message is about, with the definitions the model reads (`@pm/contracts`' one closed list). */
export const DRAFT_INTENT_DEFINITIONS = TENANT_INTENTS;
export const DRAFT_INTENTS = TENANT_INTENT_NAMES;
export type DraftIntent = TenantIntent;

export interface DraftRequest {
  message: string;
  location: { id: string; name?: string; timeZone: string };
  tenant?: { name?: string; language?: string };
  /** Earlier messages of the conversation, oldest first: the model reads them, a short message inherits their language. */
  thread?: { from: 'tenant' | 'manager'; text: string }[];
  /** When the message arrived (relative dates count from it); now by default. */
  receivedAt?: Date;
}

export interface DraftSource {
  kind: KnowledgeKind;
  id: string;
  title: string;
  /** The retrieval score the item was found with. */
  score: number;
}

export interface Draft {
  reply: string;
  language: string;
  urgent: boolean;
  /** The urgency rules that fired, for the manager's "why urgent". */
  urgency: UrgencyMatch[];
  intent: DraftIntent;
  /** 0..1: the retrieval score of the best cited item, lowered when the model's wording was replaced; 0 for a holding reply. */
  confidence: number;
  /** The knowledge items the reply rests on (none when not covered). */
  sources: DraftSource[];
  /**
   * Items retrieval found near the message that were not judged to answer it: for a deferral, what the manager may
   * want to extend or correct ("Add as Q&A item" starts from the message instead). Empty when the reply answers.
   */
  nearMisses: DraftSource[];
  /**
   * `model-reply`: the model's grounded words; `cited-answer`: the model said something its sources do not, so the
   * first cited Q&A answer is sent (translated into the tenant's language and checked again when it is not English);
   * `holding-reply`: the model's reply failed the check and no cited Q&A answer could take its place (only a rule was
   * cited, whose text is an instruction to the assistant, or the translation failed the check): the fixed holding
   * reply, flagged; `not-covered`: the fixed holding reply, nothing relevant was found or cited.
   */
  outcome: DraftOutcome;
  /** The manager must answer (not covered) or act (urgent). */
  flaggedForManager: boolean;
  /** The message's dates, computed in code in the location's time zone (never by the model). */
  dates: ResolvedDate[];
  /** What the grounding check refused in the model's reply (empty when it was sent as written). */
  unsupported: Claim[];
}

/** Drafts cannot be made now (model missing, unverified, failed to load): `message` is what the caller shows. */
export class DraftsUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DraftsUnavailableError';
  }
}
