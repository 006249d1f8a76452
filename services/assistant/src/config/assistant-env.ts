import { serviceEnv } from '@pm/nest-kit';
import type { z } from 'zod';

/** The assistant service's environment: the platform's service variables (its own follow with the model settings). */
export const assistantEnv = serviceEnv;
export type AssistantEnv = z.output<typeof assistantEnv>;

/** The assistant configuration plus the schema its tables live in (the service name, or a test schema). */
export type AssistantConfig = AssistantEnv & { DATABASE_SCHEMA: string };
