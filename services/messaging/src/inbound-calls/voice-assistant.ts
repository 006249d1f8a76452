import { Inject, Injectable, Logger } from '@nestjs/common';
import { AnswerVoiceTurn, type RequestOf, type ResponseOf } from '@pm/contracts';
import { RpcClient } from '@pm/messaging';
import { MESSAGING_CONFIG, type MessagingConfig } from '../config/messaging-env.js';

/**
 * The assistant's spoken answer to a caller's turn, asked over NATS with messaging's service token. Null when it does
 * not answer within `VOICE_ANSWER_TIMEOUT_MS` or answers with a failure: the caller then hears the holding line, and
 * the team gets their words as a message.
 */
@Injectable()
export class VoiceAssistant {
  private readonly logger = new Logger(VoiceAssistant.name);

  constructor(
    private readonly rpc: RpcClient,
    @Inject(MESSAGING_CONFIG) private readonly config: MessagingConfig,
  ) {}

  async answer(request: RequestOf<typeof AnswerVoiceTurn>): Promise<ResponseOf<typeof AnswerVoiceTurn> | null> {
    try {
      return await this.rpc.request(AnswerVoiceTurn, request, { asService: true, timeoutMs: this.config.VOICE_ANSWER_TIMEOUT_MS });
    } catch (error) {
      this.logger.warn({ locationId: request.locationId, reason: error instanceof Error ? error.message : String(error) }, 'no spoken answer from the assistant: the caller hears the holding line');
      return null;
    }
  }
}
