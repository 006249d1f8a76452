import { Module } from '@nestjs/common';
import { AiRuntime } from '@pm/ai';
import { ChatAnswerer } from './chat-answerer.js';
import { FactRanker } from './fact-ranker.js';

/** Answers for the chats (the manager's AI chat, Terri) from facts their callers write: the process's one AiRuntime. */
@Module({
  providers: [
    {
      provide: ChatAnswerer,
      inject: [AiRuntime],
      useFactory: (ai: AiRuntime) => {
        const ranker = new FactRanker(ai.embeddings);
        return new ChatAnswerer(ai, (question, facts) => ranker.rank(question, facts));
      },
    },
  ],
  exports: [ChatAnswerer],
})
export class AnsweringModule {}
