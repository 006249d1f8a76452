import { Inject, Injectable } from '@nestjs/common';
import { GetAssistantStatus, type AssistantStatus, type RequestOf } from '@pm/contracts';
import { AiRuntime } from '@pm/ai';
import { UseCase, type UseCaseHandler } from '@pm/nest-kit';

/**
 * Whether drafts and chat answers can be made now, from the runtime's own status: the verification record of the local
 * models, or the configuration of a remote provider. Nothing is loaded to answer it (a model that fails to load on
 * first use is reported by the call that used it).
 */
@Injectable()
@UseCase(GetAssistantStatus)
export class GetAssistantStatusHandler implements UseCaseHandler<typeof GetAssistantStatus> {
  constructor(@Inject(AiRuntime) private readonly ai: AiRuntime) {}

  async handle(_request: RequestOf<typeof GetAssistantStatus>): Promise<AssistantStatus> {
    const { chat, embeddings } = this.ai.status();
    const missing = [chat, embeddings].find((status) => !status.available);
    return {
      drafts: missing && !missing.available ? { available: false, message: missing.message.slice(0, 1000) } : { available: true, message: null },
      provider: chat.provider,
    };
  }
}
