import { PM_WORKFLOWS_TASK_QUEUE } from '@pm/workflow-contracts';
import { z } from 'zod';

const LogLevelSchema = z
  .string()
  .transform((value) => value.toLowerCase())
  .pipe(z.enum(['trace', 'debug', 'info', 'warn', 'error']));

/** Every setting the worker process reads from its environment; nothing else in the process touches process.env. */
export const WorkerConfigSchema = z.object({
  TEMPORAL_ADDRESS: z
    .string({ error: 'is required (host:port of the Temporal frontend)' })
    .regex(/^[^\s:/]+:\d{1,5}$/, 'must be host:port, for example 127.0.0.1:7233'),
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  TEMPORAL_TASK_QUEUE: z.string().min(1).default(PM_WORKFLOWS_TASK_QUEUE),
  HTTP_PORT: z
    .string({ error: 'is required (port of the health endpoints)' })
    .regex(/^\d+$/, 'must be a port number')
    .transform(Number)
    .pipe(z.number().min(1, 'must be between 1 and 65535').max(65535, 'must be between 1 and 65535')),
  LOG_LEVEL: LogLevelSchema.default('info'),
  /** The platform's NATS: activities ask services over it (the rent clock asks payments). */
  NATS_URL: z.string().regex(/^nats:\/\/[^\s]+$/, 'must be a nats:// URL').optional(),
  /**
   * The worker's client credentials with identity: activities that call services do so with service tokens
   * (ServiceTokenProvider in @pm/messaging), never a user's token: the rent clock's activity asks payments.
   */
  SERVICE_CLIENT_ID: z.string().regex(/^[a-z][a-z0-9-]{0,62}$/, 'must be a lower-case name').optional(),
  SERVICE_CLIENT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
}).refine((env) => Boolean(env.SERVICE_CLIENT_ID) === Boolean(env.SERVICE_CLIENT_SECRET), {
  path: ['SERVICE_CLIENT_SECRET'],
  message: 'SERVICE_CLIENT_ID and SERVICE_CLIENT_SECRET go together',
});
export type WorkerConfig = z.infer<typeof WorkerConfigSchema>;

/**
 * Parses the environment and fails with one message naming every bad variable, so an operator fixes a broken
 * deployment in one round instead of one variable per restart.
 */
export function loadWorkerConfig(env: NodeJS.ProcessEnv): WorkerConfig {
  // `HTTP_PORT=` in a shell or manifest means "not set": it gets the default, or is reported missing if required.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = WorkerConfigSchema.safeParse(present);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'} ${issue.message}`);
  throw new Error(`Invalid worker configuration:\n  - ${problems.join('\n  - ')}`);
}
