import { ChatAnthropic } from '@langchain/anthropic';
import type { Embeddings } from '@langchain/core/embeddings';
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { BaseMessage } from '@langchain/core/messages';
import { ChatOllama, OllamaEmbeddings } from '@langchain/ollama';
import { ChatOpenAI, OpenAIEmbeddings } from '@langchain/openai';
import { z } from 'zod';
import type { AiStatus } from './ai-status.js';
import type { AiConfig } from './config/ai-config.js';
import { LocalLlamaChatModel, type ReplyJsonSchema } from './local/local-llama-chat-model.js';
import type { QueuePriority } from './local/serial-queue.js';
import { LocalMiniLmEmbeddings } from './local/local-minilm-embeddings.js';

/** How a structured request is run: its urgency on the local model's one queue (remote providers ignore it). */
export interface StructuredCallOptions {
  priority?: QueuePriority;
  /** The caller gave up (a timeout): the request leaves the local model's queue, or its generation stops. */
  signal?: AbortSignal;
}

export interface StreamedCallOptions extends StructuredCallOptions {
  /** Tokens the reply may take at most (the local model); the budget ends a longer one. */
  maxTokens?: number;
  /** The reply's raw text so far, each time it grows. */
  onText?: (textSoFar: string) => void;
}

/** A streamed structured reply: parsed when complete; otherwise what was written before the budget or deadline ended it. */
export type StreamedStructured<T> = { text: string; end: 'complete'; value: T } | { text: string; end: 'max-tokens' | 'stopped'; value: undefined };

/**
 * The one entry point to AI for the services: a LangChain chat model and LangChain embeddings, chosen by AI_PROVIDER /
 * AI_EMBEDDINGS_PROVIDER, with health and structured output that work the same for every provider.
 */
export class AiRuntime {
  readonly chatModel: BaseChatModel;
  readonly embeddings: Embeddings;

  constructor(readonly config: AiConfig) {
    this.chatModel = createChatModel(config);
    this.embeddings = createEmbeddings(config);
  }

  /** Remote providers are reported available when configured: reachability shows on the first call, not at boot. */
  status(): { chat: AiStatus; embeddings: AiStatus } {
    const configured = (provider: string): AiStatus => ({ available: true, provider });
    return {
      chat: this.chatModel instanceof LocalLlamaChatModel ? this.chatModel.status() : configured(this.config.provider),
      embeddings: this.embeddings instanceof LocalMiniLmEmbeddings ? this.embeddings.status() : configured(this.config.embeddingsProvider),
    };
  }

  /**
   * A reply that must match `schema`: the local model is constrained token by token by a grammar built from the
   * schema's JSON schema; remote models use LangChain's structured output. Either way the result is parsed by `schema`.
   * `priority: 'background'` (reading documents) lets the local model answer any waiting interactive request first.
   */
  async invokeStructured<Schema extends z.ZodType<Record<string, unknown>>>(messages: BaseMessage[], schema: Schema, options: StructuredCallOptions = {}): Promise<z.infer<Schema>> {
    if (this.chatModel instanceof LocalLlamaChatModel) {
      const { $schema: _dialect, ...jsonSchema } = z.toJSONSchema(schema, { io: 'output' });
      const reply = await this.chatModel.invoke(messages, {
        jsonSchema: boundedForGrammar(jsonSchema) as ReplyJsonSchema,
        maxTokens: STRUCTURED_MAX_TOKENS,
        priority: options.priority ?? 'interactive',
        ...(options.signal === undefined ? {} : { signal: options.signal }),
      });
      return schema.parse(JSON.parse(reply.text));
    }
    return schema.parse(await this.chatModel.withStructuredOutput(schema).invoke(messages, options.signal === undefined ? {} : { signal: options.signal }));
  }

  /**
   * A reply that must match `schema`, shown while it is written: `onText` gets the reply's raw JSON text so far as it
   * grows (the local model, token by token; a remote provider, once, whole). The token budget (`maxTokens`) or the
   * caller's signal (a deadline) may end it first: then `value` is undefined and `text` is the JSON written by then,
   * for the caller to salvage (`end` says which); a local reply never fails for either. `priority` as for
   * `invokeStructured`; the grammar bounds apply, so a string cannot outgrow its schema's `max`.
   */
  async streamStructured<Schema extends z.ZodType<Record<string, unknown>>>(
    messages: BaseMessage[],
    schema: Schema,
    options: StreamedCallOptions = {},
  ): Promise<StreamedStructured<z.infer<Schema>>> {
    if (this.chatModel instanceof LocalLlamaChatModel) {
      const { $schema: _dialect, ...jsonSchema } = z.toJSONSchema(schema, { io: 'output' });
      const generation = await this.chatModel.generateText(messages, {
        jsonSchema: boundedForGrammar(jsonSchema) as ReplyJsonSchema,
        maxTokens: options.maxTokens ?? STRUCTURED_MAX_TOKENS,
        priority: options.priority ?? 'interactive',
        ...(options.signal === undefined ? {} : { signal: options.signal }),
        ...(options.onText === undefined ? {} : { onText: options.onText }),
      });
      if (generation.end === 'complete') return { text: generation.text, end: 'complete', value: schema.parse(JSON.parse(generation.text)) };
      // Stopped just after the reply's last token (before the model's end of turn): the reply is whole.
      const whole = schema.safeParse(parseJson(generation.text));
      if (whole.success) return { text: generation.text, end: 'complete', value: whole.data };
      return { text: generation.text, end: generation.end, value: undefined };
    }
    const value = await this.invokeStructured(messages, schema, options);
    const text = JSON.stringify(value);
    options.onText?.(text);
    return { text, end: 'complete', value };
  }

  async close(): Promise<void> {
    if (this.chatModel instanceof LocalLlamaChatModel) await this.chatModel.close();
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function required(value: string | undefined, name: string): string {
  // readAiConfig already refuses a configuration without it; this narrows the type.
  if (value === undefined) throw new Error(`${name} is required for this AI provider`);
  return value;
}

function createChatModel(config: AiConfig): BaseChatModel {
  switch (config.provider) {
    case 'local':
      return new LocalLlamaChatModel({ modelsDir: config.modelsDir, threads: config.threads, contextSize: config.contextSize });
    case 'openai':
      return new ChatOpenAI({
        model: required(config.chatModel, 'AI_CHAT_MODEL'),
        apiKey: required(config.openAiApiKey, 'OPENAI_API_KEY'),
        ...(config.openAiBaseUrl === undefined ? {} : { configuration: { baseURL: config.openAiBaseUrl } }),
      });
    case 'anthropic':
      return new ChatAnthropic({ model: required(config.chatModel, 'AI_CHAT_MODEL'), apiKey: required(config.anthropicApiKey, 'ANTHROPIC_API_KEY') });
    case 'ollama':
      return new ChatOllama({ model: required(config.chatModel, 'AI_CHAT_MODEL'), baseUrl: config.ollamaBaseUrl });
  }
}

function createEmbeddings(config: AiConfig): Embeddings {
  switch (config.embeddingsProvider) {
    case 'local':
      return new LocalMiniLmEmbeddings({ modelsDir: config.modelsDir, threads: config.threads });
    case 'openai':
      return new OpenAIEmbeddings({
        model: required(config.embeddingModel, 'AI_EMBEDDING_MODEL'),
        apiKey: required(config.openAiApiKey, 'OPENAI_API_KEY'),
        ...(config.openAiBaseUrl === undefined ? {} : { configuration: { baseURL: config.openAiBaseUrl } }),
      });
    case 'ollama':
      return new OllamaEmbeddings({ model: required(config.embeddingModel, 'AI_EMBEDDING_MODEL'), baseUrl: config.ollamaBaseUrl });
  }
}

/**
 * Every string and list of a grammar-constrained reply gets a bound, so the JSON always closes within the token budget:
 * unbounded, a small model that rambles (it happens, greedy or not) is cut off at the budget mid-string, and the
 * reply is not JSON at all. 800 characters is more than any reply, answer or translation the services ask for; a
 * schema's own tighter bound is kept. The budget covers 800 characters of Chinese, about a token each.
 */
const GRAMMAR_MAX_STRING = 800;
const GRAMMAR_MAX_ITEMS = 10;
const STRUCTURED_MAX_TOKENS = 1_200;

export function boundedForGrammar(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(boundedForGrammar);
  if (typeof schema !== 'object' || schema === null) return schema;
  const bounded: Record<string, unknown> = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, boundedForGrammar(value)]));
  if (bounded['type'] === 'string' && bounded['enum'] === undefined && bounded['const'] === undefined) {
    bounded['maxLength'] = Math.min(Number(bounded['maxLength'] ?? GRAMMAR_MAX_STRING), GRAMMAR_MAX_STRING);
  }
  if (bounded['type'] === 'array') bounded['maxItems'] = Math.min(Number(bounded['maxItems'] ?? GRAMMAR_MAX_ITEMS), GRAMMAR_MAX_ITEMS);
  return bounded;
}
