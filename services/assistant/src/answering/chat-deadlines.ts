import { Global, Module, type DynamicModule } from '@nestjs/common';

/**
 * How long the chats give the model, from the assistant's configuration. Measured on this 2-core machine (README,
 * "AI runtime"): a chat answer's prompt takes 2-8 s to evaluate and its one to four sentences 5-25 s to write while
 * other work shares the cores; a non-English question adds a translation. A tenant's draft goes first, so an answer
 * may also wait for the drafts in the queue.
 */
export interface ChatDeadlines {
  /** POST simulation/communicate, from the question's arrival: under the BFF's 55 s, so the web never times out. */
  answerTimeoutMs: number;
  /** A streamed answer (the manager's chat stream, Terri), from the question's arrival, waiting in the queue included. */
  streamTimeoutMs: number;
  /** From the model's first token: its answer then ends at its last sentence, however long it waited before. */
  generationMs: number;
}

export const CHAT_DEADLINES = Symbol('CHAT_DEADLINES');

@Global()
@Module({})
export class ChatDeadlinesModule {
  static forRoot(deadlines: ChatDeadlines): DynamicModule {
    return { module: ChatDeadlinesModule, providers: [{ provide: CHAT_DEADLINES, useValue: deadlines }], exports: [CHAT_DEADLINES] };
  }
}
