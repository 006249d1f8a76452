import { serviceEnv } from '@pm/nest-kit';
import { z } from 'zod';

/**
 * The assistant service's environment: the platform's service variables, how long a draft may take (under the draft
 * consumer's 180 s ack wait, so a slow draft is answered failed before JetStream redelivers it), and how long one
 * document's reading may take once started (then the vault gets the keyword category and the document's opening).
 */
export const assistantEnv = serviceEnv.extend({
  DRAFT_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(170_000).default(120_000),
  DOCUMENT_READ_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(1_800_000).default(240_000),
});
export type AssistantEnv = z.output<typeof assistantEnv>;

/** The assistant configuration plus the schema its tables live in (the service name, or a test schema). */
export type AssistantConfig = AssistantEnv & { DATABASE_SCHEMA: string };
