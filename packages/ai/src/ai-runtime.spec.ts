import { ChatAnthropic } from '@langchain/anthropic';
import { ChatOllama, OllamaEmbeddings } from '@langchain/ollama';
import { ChatOpenAI, OpenAIEmbeddings } from '@langchain/openai';
import { describe, expect, it } from '@jest/globals';
import { mkdtempSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { AiRuntime, boundedForGrammar } from './ai-runtime.js';
import { AiUnavailableError } from './ai-status.js';
import { readAiConfig } from './config/ai-config.js';
import { LocalLlamaChatModel } from './local/local-llama-chat-model.js';
import { LocalMiniLmEmbeddings } from './local/local-minilm-embeddings.js';

// Constructing a remote adapter calls nothing: these tests stay offline.
describe('AiRuntime provider selection', () => {
  const emptyModelsDir = mkdtempSync(join(tmpdir(), 'pm-ai-none-'));

  it('defaults to the local models, one thread per core up to 4, and takes AI_THREADS over it', () => {
    const config = readAiConfig({ AI_MODELS_DIR: emptyModelsDir });
    expect(config).toMatchObject({ provider: 'local', embeddingsProvider: 'local', threads: Math.min(availableParallelism(), 4), modelsDir: emptyModelsDir });
    expect(readAiConfig({ AI_MODELS_DIR: emptyModelsDir, AI_THREADS: '1' }).threads).toBe(1);
    const runtime = new AiRuntime(config);
    expect(runtime.chatModel).toBeInstanceOf(LocalLlamaChatModel);
    expect(runtime.embeddings).toBeInstanceOf(LocalMiniLmEmbeddings);
  });

  it('reports the local models unavailable when they are not installed, and refuses to run them', async () => {
    const runtime = new AiRuntime(readAiConfig({ AI_MODELS_DIR: emptyModelsDir }));
    expect(runtime.status()).toMatchObject({ chat: { available: false, reason: 'model-missing' }, embeddings: { available: false, reason: 'model-missing' } });
    await expect(runtime.chatModel.invoke('hello')).rejects.toBeInstanceOf(AiUnavailableError);
    await expect(runtime.embeddings.embedQuery('hello')).rejects.toBeInstanceOf(AiUnavailableError);
  });

  it('picks OpenAI for chat and embeddings', () => {
    const runtime = new AiRuntime(
      readAiConfig({ AI_PROVIDER: 'openai', AI_CHAT_MODEL: 'gpt-test', AI_EMBEDDING_MODEL: 'embed-test', OPENAI_API_KEY: 'sk-test' }),
    );
    expect(runtime.chatModel).toBeInstanceOf(ChatOpenAI);
    expect((runtime.chatModel as ChatOpenAI).model).toBe('gpt-test');
    expect(runtime.embeddings).toBeInstanceOf(OpenAIEmbeddings);
    expect(runtime.status().chat).toEqual({ available: true, provider: 'openai' });
  });

  it('picks Anthropic for chat and keeps embeddings local (Anthropic has no embedding API)', () => {
    const runtime = new AiRuntime(readAiConfig({ AI_PROVIDER: 'anthropic', AI_CHAT_MODEL: 'claude-test', ANTHROPIC_API_KEY: 'key', AI_MODELS_DIR: emptyModelsDir }));
    expect(runtime.chatModel).toBeInstanceOf(ChatAnthropic);
    expect(runtime.embeddings).toBeInstanceOf(LocalMiniLmEmbeddings);
  });

  it('picks Ollama at the configured URL', () => {
    const runtime = new AiRuntime(
      readAiConfig({ AI_PROVIDER: 'ollama', AI_CHAT_MODEL: 'qwen2.5', AI_EMBEDDING_MODEL: 'nomic-embed-text', OLLAMA_BASE_URL: 'http://127.0.0.1:11500' }),
    );
    expect(runtime.chatModel).toBeInstanceOf(ChatOllama);
    expect((runtime.chatModel as ChatOllama).baseUrl).toBe('http://127.0.0.1:11500');
    expect(runtime.embeddings).toBeInstanceOf(OllamaEmbeddings);
  });

  it('refuses an incomplete configuration, naming every missing variable', () => {
    expect(() => readAiConfig({ AI_PROVIDER: 'openai' })).toThrow(
      'Invalid AI configuration: AI_CHAT_MODEL: required when AI_PROVIDER=openai; AI_EMBEDDING_MODEL: required when embeddings come from openai; OPENAI_API_KEY: required for the openai provider',
    );
    expect(() => readAiConfig({ AI_PROVIDER: 'gemini' })).toThrow(/AI_PROVIDER/);
    expect(() => readAiConfig({ AI_THREADS: '0' })).toThrow(/AI_THREADS/);
  });
});

describe('boundedForGrammar', () => {
  it('bounds every free string and list of a structured reply, keeping tighter bounds, enums and the rest', async () => {
    const { z } = await import('zod');
    const { $schema: _dialect, ...schema } = z.toJSONSchema(
      z.object({ intent: z.enum(['a', 'b']), sourceIds: z.array(z.enum(['q-1', 'q-2'])), reply: z.string(), title: z.string().max(40), nested: z.object({ note: z.string() }) }),
      { io: 'output' },
    );
    expect(boundedForGrammar(schema)).toMatchObject({
      properties: {
        intent: { type: 'string', enum: ['a', 'b'] },
        sourceIds: { type: 'array', maxItems: 10, items: { type: 'string', enum: ['q-1', 'q-2'] } },
        reply: { type: 'string', maxLength: 800 },
        title: { type: 'string', maxLength: 40 },
        nested: { properties: { note: { type: 'string', maxLength: 800 } } },
      },
    });
    expect((boundedForGrammar(schema) as { properties: { intent: object } }).properties.intent).not.toHaveProperty('maxLength');
  });
});
