import { Injectable } from '@nestjs/common';
import { CHAT_STARTER_QUESTIONS, GetChatStarterQuestions, GetUserResidence, type RequestOf, type ResponseOf } from '@pm/contracts';
import { RpcClient } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { KnowledgeCopy } from '../../../knowledge/knowledge-copy.js';
import { AreaFacts } from '../../area-facts.js';
import { starterQuestions } from '../../terri-facts.js';

/**
 * The caller's starter questions, from what Terri would have to answer them with: portfolio says (with the caller's
 * own token, as when they send) where they live and whether they are a vouched tenant of a managed location.
 */
@Injectable()
@UseCase(GetChatStarterQuestions)
export class GetChatStarterQuestionsHandler implements UseCaseHandler<typeof GetChatStarterQuestions> {
  constructor(
    private readonly rpc: RpcClient,
    private readonly knowledge: KnowledgeCopy,
    private readonly areaFacts: AreaFacts,
  ) {}

  async handle(_request: RequestOf<typeof GetChatStarterQuestions>, { em }: UseCaseContext): Promise<ResponseOf<typeof GetChatStarterQuestions>> {
    const context = await this.rpc.request(GetUserResidence, {});
    const knowledge = context.residence ? await this.knowledge.live(em, context.residence.location_id) : [];
    return { questions: starterQuestions(context, knowledge, this.areaFacts.questionsFor(context.property), CHAT_STARTER_QUESTIONS) };
  }
}
