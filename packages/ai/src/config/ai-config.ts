import { availableParallelism, homedir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';

export const AiProviderSchema = z.enum(['local', 'openai', 'anthropic', 'ollama']);
export type AiProvider = z.infer<typeof AiProviderSchema>;

/**
 * Where infra/src/install.ts puts the models: `<cache>/models`, the cache being `$PM_CACHE` or
 * `$XDG_CACHE_HOME/pm-platform` (infra/src/cache-paths.ts computes the same path; AI_MODELS_DIR overrides both).
 */
export function defaultModelsDir(env: NodeJS.ProcessEnv = process.env): string {
  const cache = env['PM_CACHE'] ?? join(env['XDG_CACHE_HOME'] ?? join(homedir(), '.cache'), 'pm-platform');
  return join(cache, 'models');
}

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const AiEnvSchema = z
  .object({
    AI_PROVIDER: AiProviderSchema.default('local'),
    /** Embeddings have their own provider: Anthropic has no embedding API, and a local index may outlive a chat switch. */
    AI_EMBEDDINGS_PROVIDER: z.enum(['local', 'openai', 'ollama']).optional(),
    AI_MODELS_DIR: optionalText,
    /**
     * One thread per core, at most 4 (more threads than cores stalls llama.cpp; past 4 a small model gains little).
     * On a 2-core machine two threads draft about 1.7 times as fast as one (packages/ai's local-model test: a
     * structured reply 9.8 s -> 5.7 s), and the platform's other services are mostly idle while the model works.
     * Kubernetes sets 1 to match the one core the assistant requests there.
     */
    AI_THREADS: z.coerce.number().int().min(1).max(64).default(Math.min(availableParallelism(), 4)),
    AI_CONTEXT_SIZE: z.coerce.number().int().min(512).max(32768).default(4096),
    AI_CHAT_MODEL: optionalText,
    AI_EMBEDDING_MODEL: optionalText,
    OPENAI_API_KEY: optionalText,
    OPENAI_BASE_URL: z.url().optional(),
    ANTHROPIC_API_KEY: optionalText,
    OLLAMA_BASE_URL: z.url().default('http://127.0.0.1:11434'),
  })
  .superRefine((env, ctx) => {
    const chatProvider = env.AI_PROVIDER;
    const embeddingsProvider = env.AI_EMBEDDINGS_PROVIDER ?? (chatProvider === 'anthropic' ? 'local' : chatProvider);
    // Remote model names are not defaulted: a silently chosen model would change answers and costs on its own.
    if (chatProvider !== 'local' && env.AI_CHAT_MODEL === undefined) {
      ctx.addIssue({ code: 'custom', path: ['AI_CHAT_MODEL'], message: `required when AI_PROVIDER=${chatProvider}` });
    }
    if (embeddingsProvider !== 'local' && env.AI_EMBEDDING_MODEL === undefined) {
      ctx.addIssue({ code: 'custom', path: ['AI_EMBEDDING_MODEL'], message: `required when embeddings come from ${embeddingsProvider}` });
    }
    if ((chatProvider === 'openai' || embeddingsProvider === 'openai') && env.OPENAI_API_KEY === undefined) {
      ctx.addIssue({ code: 'custom', path: ['OPENAI_API_KEY'], message: 'required for the openai provider' });
    }
    if (chatProvider === 'anthropic' && env.ANTHROPIC_API_KEY === undefined) {
      ctx.addIssue({ code: 'custom', path: ['ANTHROPIC_API_KEY'], message: 'required when AI_PROVIDER=anthropic' });
    }
  });

export interface AiConfig {
  provider: AiProvider;
  embeddingsProvider: 'local' | 'openai' | 'ollama';
  modelsDir: string;
  threads: number;
  contextSize: number;
  chatModel: string | undefined;
  embeddingModel: string | undefined;
  openAiApiKey: string | undefined;
  openAiBaseUrl: string | undefined;
  anthropicApiKey: string | undefined;
  ollamaBaseUrl: string;
}

/** Parses the AI_* variables (and the providers' keys); throws one error listing every bad variable. */
export function readAiConfig(env: NodeJS.ProcessEnv = process.env): AiConfig {
  const parsed = AiEnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid AI configuration: ${problems.join('; ')}`);
  }
  const value = parsed.data;
  return {
    provider: value.AI_PROVIDER,
    embeddingsProvider: value.AI_EMBEDDINGS_PROVIDER ?? (value.AI_PROVIDER === 'anthropic' ? 'local' : value.AI_PROVIDER),
    modelsDir: value.AI_MODELS_DIR ?? defaultModelsDir(env),
    threads: value.AI_THREADS,
    contextSize: value.AI_CONTEXT_SIZE,
    chatModel: value.AI_CHAT_MODEL,
    embeddingModel: value.AI_EMBEDDING_MODEL,
    openAiApiKey: value.OPENAI_API_KEY,
    openAiBaseUrl: value.OPENAI_BASE_URL,
    anthropicApiKey: value.ANTHROPIC_API_KEY,
    ollamaBaseUrl: value.OLLAMA_BASE_URL,
  };
}
