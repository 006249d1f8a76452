import { serviceEnv } from '@pm/nest-kit';
import { z } from 'zod';

/**
 * The assistant service's environment: the platform's service variables, how long a draft may take (under the draft
 * consumer's 180 s ack wait, so a slow draft is answered failed before JetStream redelivers it), how long one
 * document's reading may take once started (then the vault gets the keyword category and the document's opening),
 * the chats' deadlines, and where Terri's area facts are.
 */
export const assistantEnv = serviceEnv.extend({
  DRAFT_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(170_000).default(120_000),
  DOCUMENT_READ_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(1_800_000).default(240_000),
  // The chats' deadlines (see ChatDeadlines): POST simulation/communicate's under the BFF's 55 s; a streamed answer's
  // under Terri's reply consumer's 180 s ack wait and the manager chat stream's 200 s.
  CHAT_ANSWER_TIMEOUT_MS: z.coerce.number().int().min(2_000).max(54_000).default(45_000),
  CHAT_STREAM_TIMEOUT_MS: z.coerce.number().int().min(2_000).max(170_000).default(150_000),
  CHAT_GENERATION_MS: z.coerce.number().int().min(1_000).max(120_000).default(30_000),
  // Terri's area facts (city services, tenant law) that an operator loads: YAML packs, see the service README.
  TERRI_AREA_FACTS_DIR: z.string().min(1).optional(),
});
export type AssistantEnv = z.output<typeof assistantEnv>;

/** The assistant configuration plus the schema its tables live in (the service name, or a test schema). */
export type AssistantConfig = AssistantEnv & { DATABASE_SCHEMA: string };
