export { AiRuntime, type StructuredCallOptions } from './ai-runtime.js';
export { type AiStatus, type AiUnavailableReason, AiUnavailableError } from './ai-status.js';
export { type AiConfig, type AiProvider, AiProviderSchema, defaultModelsDir, readAiConfig } from './config/ai-config.js';
export { DeterministicTestChatModel } from './deterministic/deterministic-test-chat-model.js';
export { type LocalLlamaChatCallOptions, LocalLlamaChatModel, type LocalModelActivity, type ReplyJsonSchema } from './local/local-llama-chat-model.js';
export { LocalMiniLmEmbeddings } from './local/local-minilm-embeddings.js';
export { verifiedModelStatus } from './local/model-verification.js';
export { type QueuePriority } from './local/serial-queue.js';
