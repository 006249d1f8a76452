import { serviceEnv } from '@pm/nest-kit';
import { z } from 'zod';

/**
 * The assistant service's environment: the platform's service variables, and how long a draft may take. The limit
 * stays under the draft consumer's 180 s ack wait, so a slow draft is answered failed before JetStream redelivers it.
 */
export const assistantEnv = serviceEnv.extend({
  DRAFT_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(170_000).default(120_000),
});
export type AssistantEnv = z.output<typeof assistantEnv>;

/** The assistant configuration plus the schema its tables live in (the service name, or a test schema). */
export type AssistantConfig = AssistantEnv & { DATABASE_SCHEMA: string };
