export { AiRuntime, type StreamedCallOptions, type StreamedStructured, type StructuredCallOptions } from './ai-runtime.js';
export { type AiStatus, type AiUnavailableReason, AiUnavailableError } from './ai-status.js';
export { type AiConfig, type AiProvider, AiProviderSchema, defaultModelsDir, readAiConfig } from './config/ai-config.js';
export { DeterministicTestChatModel } from './deterministic/deterministic-test-chat-model.js';
export { type LocalGeneration, type LocalGenerationOptions, type LocalLlamaChatCallOptions, LocalLlamaChatModel, type LocalModelActivity, type ReplyJsonSchema } from './local/local-llama-chat-model.js';
export { LocalMiniLmEmbeddings } from './local/local-minilm-embeddings.js';
export { verifiedModelStatus } from './local/model-verification.js';
export { QUEUE_PRIORITIES, type QueuePriority } from './local/serial-queue.js';
