import { z } from 'zod';
import { defineRpc } from '../../define.js';

const AiCapabilitySchema = z.object({
  available: z.boolean(),
  /** Why not, and what to do, in words to show as they are; null while available. */
  message: z.string().max(1000).nullable(),
});

export const AssistantStatusSchema = z.object({
  /** Drafted replies and chat answers: they need both the chat model and the embedding model. */
  drafts: AiCapabilitySchema,
  /** `local` (the models on this machine), `openai`, `anthropic` or `ollama`. */
  provider: z.string().max(50),
});
export type AssistantStatus = z.infer<typeof AssistantStatusSchema>;

/**
 * GET assistant/status: whether the AI can draft and answer now. The platform runs without its models (not installed,
 * refused by verification, failed to load); the web shows this instead of failing.
 */
export const GetAssistantStatus = defineRpc({
  subject: 'pm.rpc.assistant.status.get.v1',
  http: { method: 'GET', path: 'assistant/status' },
  request: z.object({}),
  response: AssistantStatusSchema,
  fixture: {
    request: {},
    response: {
      drafts: { available: false, message: 'The local AI model is not installed (/home/me/.cache/pm-platform/models): drafts are unavailable. Run npm start to install it.' },
      provider: 'local',
    },
  },
});
