import type { CallbackManagerForLLMRun } from '@langchain/core/callbacks/manager';
import { BaseChatModel, type BaseChatModelCallOptions, type BaseChatModelParams } from '@langchain/core/language_models/chat_models';
import { AIMessage, type BaseMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import type { ChatHistoryItem, GbnfJsonSchema, Llama, LlamaChat, LlamaGrammar, LlamaModel } from 'node-llama-cpp';
import { type AiStatus, AiUnavailableError } from '../ai-status.js';
import { localModelPath, verifiedModelStatus } from './model-verification.js';
import { PreemptedError, QUEUE_PRIORITIES, SerialQueue, type QueuePriority } from './serial-queue.js';

/** A JSON schema the reply must match; node-llama-cpp turns it into a GBNF grammar that constrains every token. */
export type ReplyJsonSchema = GbnfJsonSchema;

export interface LocalLlamaChatCallOptions extends BaseChatModelCallOptions {
  jsonSchema?: ReplyJsonSchema;
  maxTokens?: number;
  /**
   * Less urgent requests (reading documents) wait while a more urgent one (a draft, a chat answer) is queued, and one
   * running is stopped for it and run again after (see SerialQueue).
   */
  priority?: QueuePriority;
  temperature?: number;
}

export interface LocalGenerationOptions {
  jsonSchema?: ReplyJsonSchema;
  maxTokens?: number;
  priority?: QueuePriority;
  temperature?: number;
  /** The caller's deadline: generation stops there and keeps what it wrote (`generateText`). */
  signal?: AbortSignal;
  /** The reply's text so far, each time it grows. */
  onText?: (textSoFar: string) => void;
}

/** A generated reply and how it ended: the model ended it, the token budget did, or the caller's signal did. */
export interface LocalGeneration {
  text: string;
  end: 'complete' | 'max-tokens' | 'stopped';
}

export interface LocalLlamaChatModelOptions extends BaseChatModelParams {
  modelsDir: string;
  threads: number;
  contextSize: number;
}

export interface LocalModelActivity {
  running: number;
  /** The most requests ever generating at once: 1 while the queue holds. */
  peakRunning: number;
  completed: number;
  /** Prompt tokens llama.cpp actually evaluated, over all requests: a prefix it reuses is not evaluated again. */
  evaluatedInputTokens: number;
  /** Requests stopped for a more urgent one (each then ran again). */
  preemptions: number;
}

interface Loaded {
  llama: Llama;
  model: LlamaModel;
  /** One chat per priority, each on its own sequence of the one context (see the class comment). */
  chats: Record<QueuePriority, LlamaChat>;
}

/**
 * The local default chat model: a verified GGUF run by node-llama-cpp on the CPU, as a LangChain chat model.
 *
 * One model and one context stay loaded for the process; requests queue and run one at a time (`SerialQueue`).
 * The context has one sequence per priority: llama.cpp keeps the tokens a sequence already holds up to the first
 * difference, so a system prompt (the location's knowledge) shared by consecutive drafts is evaluated once even when
 * a document was read between them, and a reading stopped for a draft (preempted) finds its prompt still evaluated
 * when it runs again. Each sequence costs its KV cache only (about 115 MB at 4,096 tokens for the 1.5B model).
 * Not `ChatLlamaCpp` of @langchain/community: it keeps a chat session's history per model instance and sets neither
 * threads nor a build policy, where the assistant needs stateless requests on a shared, explicitly limited context.
 */
export class LocalLlamaChatModel extends BaseChatModel<LocalLlamaChatCallOptions> {
  private readonly modelsDir: string;
  private readonly threads: number;
  private readonly contextSize: number;
  private readonly queue = new SerialQueue();
  private readonly grammars = new Map<string, Promise<LlamaGrammar>>();
  private loading: Promise<Loaded> | undefined;
  private loadFailure: AiStatus | undefined;
  private readonly counters: Omit<LocalModelActivity, 'preemptions'> = { running: 0, peakRunning: 0, completed: 0, evaluatedInputTokens: 0 };

  constructor(options: LocalLlamaChatModelOptions) {
    super(options);
    this.modelsDir = options.modelsDir;
    this.threads = options.threads;
    this.contextSize = options.contextSize;
  }

  static override lc_name(): string {
    return 'LocalLlamaChatModel';
  }

  _llmType(): string {
    return 'node-llama-cpp';
  }

  get activity(): LocalModelActivity {
    return { ...this.counters, preemptions: this.queue.preemptions };
  }

  /** Available once the install verified the model and (if it was loaded) loading it worked; never throws. */
  status(): AiStatus {
    return this.loadFailure ?? verifiedModelStatus(this.modelsDir, 'chat');
  }

  /** Loads the model now rather than on the first request; rejects with AiUnavailableError when it cannot. */
  async load(): Promise<void> {
    await this.loaded();
  }

  async close(): Promise<void> {
    const loading = this.loading;
    this.loading = undefined;
    this.grammars.clear();
    if (loading !== undefined) await (await loading.catch(() => undefined))?.llama.dispose();
  }

  private loaded(): Promise<Loaded> {
    const status = this.status();
    if (!status.available) return Promise.reject(new AiUnavailableError(status));
    this.loading ??= this.loadModel().catch((error: unknown) => {
      const path = localModelPath(this.modelsDir, 'chat');
      const detail = error instanceof Error ? error.message : String(error);
      const failure: Extract<AiStatus, { available: false }> = {
        available: false,
        provider: 'local',
        reason: 'load-failure',
        message: `The local AI model could not be loaded (${detail}): drafts are unavailable. Check ${path}, or delete it and run npm start again.`,
      };
      this.loadFailure = failure;
      throw new AiUnavailableError(failure);
    });
    return this.loading;
  }

  private async loadModel(): Promise<Loaded> {
    const { getLlama, LlamaChat, LlamaLogLevel } = await import('node-llama-cpp');
    // build 'never' and no GPU: only the prebuilt CPU binary of @node-llama-cpp/linux-x64 is ever used; nothing is
    // downloaded or compiled at run time.
    const llama = await getLlama({ gpu: false, build: 'never', maxThreads: this.threads, logLevel: LlamaLogLevel.error, progressLogs: false });
    try {
      const model = await llama.loadModel({ modelPath: localModelPath(this.modelsDir, 'chat') });
      const context = await model.createContext({ contextSize: this.contextSize, threads: this.threads, sequences: QUEUE_PRIORITIES.length });
      const chats = Object.fromEntries(QUEUE_PRIORITIES.map((priority) => [priority, new LlamaChat({ contextSequence: context.getSequence() })])) as Record<QueuePriority, LlamaChat>;
      return { llama, model, chats };
    } catch (error) {
      await llama.dispose();
      throw error;
    }
  }

  private grammarFor(llama: Llama, schema: ReplyJsonSchema): Promise<LlamaGrammar> {
    const key = JSON.stringify(schema);
    let grammar = this.grammars.get(key);
    if (grammar === undefined) {
      // The schema is built at run time (from zod), so its literal type cannot drive the grammar's inferred output type.
      grammar = llama.createGrammarForJsonSchema(schema as Parameters<Llama['createGrammarForJsonSchema']>[0]);
      this.grammars.set(key, grammar);
    }
    return grammar;
  }

  async _generate(messages: BaseMessage[], options: this['ParsedCallOptions'], runManager?: CallbackManagerForLLMRun): Promise<ChatResult> {
    const { text } = await this.runGeneration(messages, {
      ...(options.jsonSchema === undefined ? {} : { jsonSchema: options.jsonSchema }),
      ...(options.maxTokens === undefined ? {} : { maxTokens: options.maxTokens }),
      ...(options.priority === undefined ? {} : { priority: options.priority }),
      ...(options.temperature === undefined ? {} : { temperature: options.temperature }),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
      onChunk: (chunk) => void runManager?.handleLLMNewToken(chunk),
      keepOnAbort: false,
    });
    return { generations: [{ text, message: new AIMessage(text) }] };
  }

  /**
   * A reply generated the way `invoke` does, for a caller that shows it while it is written (a chat answer): `onText`
   * gets the reply's text so far each time it grows, from the first token on. When the token budget or the caller's
   * signal (its deadline) ends the generation, the text written by then is returned with how it ended, not an error,
   * so the caller can end it at a sentence; the signal firing while the request still waits in the queue returns an
   * empty text. A run stopped for a more urgent request (a preemption) runs again later and repeats the words already
   * shown (greedy sampling), so `onText` hears only of text longer than it was given before.
   */
  async generateText(messages: BaseMessage[], options: LocalGenerationOptions = {}): Promise<LocalGeneration> {
    const { onText, ...rest } = options;
    let shown = 0;
    return this.runGeneration(messages, {
      ...rest,
      keepOnAbort: true,
      onText: (text) => {
        if (text.length <= shown) return;
        shown = text.length;
        onText?.(text);
      },
    }).catch((error: unknown) => {
      // Given up while it waited for its turn: nothing was written.
      if (options.signal?.aborted) return { text: '', end: 'stopped' as const };
      throw error;
    });
  }

  private async runGeneration(
    messages: BaseMessage[],
    options: LocalGenerationOptions & { keepOnAbort: boolean; onChunk?: (chunk: string) => void },
  ): Promise<LocalGeneration> {
    const { llama, chats } = await this.loaded();
    const history = toChatHistory(messages);
    const grammar = options.jsonSchema === undefined ? undefined : await this.grammarFor(llama, options.jsonSchema);
    const priority = options.priority ?? 'interactive';
    const chat = chats[priority];
    const caller = options.signal;
    // `signal`: the caller's, and for preemptible work the queue's preemption too; either stops the generation.
    return this.queue.run(async (signal): Promise<LocalGeneration> => {
      this.counters.running += 1;
      this.counters.peakRunning = Math.max(this.counters.peakRunning, this.counters.running);
      let text = '';
      try {
        if (priority !== 'interactive') await evaluatePromptInSteps(chat, history, signal);
        const generated = await chat.generateResponse(history, {
          ...(grammar === undefined ? {} : { grammar }),
          maxTokens: options.maxTokens ?? 512,
          // Greedy by default: drafts and JSON must be reproducible, not creative.
          temperature: options.temperature ?? 0,
          ...(signal === undefined ? {} : { signal, stopOnAbortSignal: options.keepOnAbort }),
          onTextChunk: (chunk) => {
            text += chunk;
            options.onChunk?.(chunk);
            options.onText?.(text);
          },
        });
        const { stopReason } = generated.metadata;
        if (stopReason === 'abort') {
          // Stopped for a more urgent request: thrown, so the queue runs it again; stopped by its caller: what it wrote.
          if (!caller?.aborted) throw signal?.reason instanceof Error ? signal.reason : new PreemptedError();
          return { text: generated.response, end: 'stopped' };
        }
        return { text: generated.response, end: stopReason === 'maxTokens' ? 'max-tokens' : 'complete' };
      } catch (error) {
        // The caller's deadline fired before the first token (during the prompt): what was written, if anything.
        if (options.keepOnAbort && caller?.aborted) return { text, end: 'stopped' };
        throw error;
      } finally {
        this.counters.running -= 1;
        this.counters.completed += 1;
        this.counters.evaluatedInputTokens = Object.values(chats).reduce((sum, each) => sum + each.sequence.tokenMeter.usedInputTokens, 0);
      }
    }, priority, caller);
  }
}

/**
 * Prompt tokens a preemptible request evaluates per step. llama.cpp evaluates a prompt in one call that nothing
 * interrupts, so a reading's 1,000-token prompt would hold a tenant's draft back for its whole evaluation (about 10 s
 * on two cores); in steps of this size the draft waits for one step at most, and the steps already done stay on the
 * sequence for when the reading runs again.
 */
const PROMPT_STEP_TOKENS = 96;
/** The prompt's last tokens are left to generateResponse, which needs their logits to start generating. */
const PROMPT_TAIL_TOKENS = 8;

/**
 * Evaluates the prompt `chat.generateResponse(history)` will send onto the chat's sequence, a step at a time, checking
 * `signal` between steps. The tokens are the chat wrapper's rendering of the history, as generateResponse renders it;
 * should they ever differ, generateResponse keeps the common prefix and evaluates the rest itself, so this only ever
 * saves work.
 */
async function evaluatePromptInSteps(chat: LlamaChat, history: ChatHistoryItem[], signal: AbortSignal | undefined): Promise<void> {
  const sequence = chat.sequence;
  const tokens = chat.chatWrapper.generateContextState({ chatHistory: history }).contextText.tokenize(chat.model.tokenizer);
  const end = tokens.length - PROMPT_TAIL_TOKENS;
  if (end <= 0 || tokens.length >= sequence.contextSize) return;
  let next = sequence.compareContextTokens(tokens).firstDifferentIndex;
  if (next < sequence.nextTokenIndex) await sequence.eraseContextTokenRanges([{ start: next, end: sequence.nextTokenIndex }]);
  while (next < end) {
    signal?.throwIfAborted();
    const step = tokens.slice(next, Math.min(next + PROMPT_STEP_TOKENS, end));
    await sequence.evaluateWithoutGeneratingNewTokens(step);
    next += step.length;
  }
}

function textOf(message: BaseMessage): string {
  return typeof message.content === 'string' ? message.content : message.text;
}

function toChatHistory(messages: BaseMessage[]): ChatHistoryItem[] {
  const history: ChatHistoryItem[] = messages.map((message): ChatHistoryItem => {
    switch (message.type) {
      case 'system':
        return { type: 'system', text: textOf(message) };
      case 'ai':
        return { type: 'model', response: [textOf(message)] };
      case 'human':
        return { type: 'user', text: textOf(message) };
      default:
        throw new Error(`LocalLlamaChatModel takes system, human and ai messages, not ${message.type}`);
    }
  });
  // node-llama-cpp continues the last model turn: an empty one asks for a new reply.
  history.push({ type: 'model', response: [] });
  return history;
}
