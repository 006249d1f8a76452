import { type z } from 'zod';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration — fix these environment variables:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses the environment once at boot. On failure it lists EVERY bad variable, so an operator fixes a
 * deployment in one round instead of one crash per variable.
 */
export function loadConfig<S extends z.ZodObject>(schema: S, env: NodeJS.ProcessEnv = process.env): z.output<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(environment)';
    const value = env[String(issue.path[0])];
    return value === undefined ? `${name}: missing (${issue.message})` : `${name}: ${issue.message}`;
  });
  throw new ConfigError(problems);
}
