import { Injectable } from '@nestjs/common';
import { CreateQuestion, QuestionCreated, type Question as QuestionView, type RequestOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { v7 as uuidv7 } from 'uuid';
import { Question } from '../../question.entity.js';
import { questionEventDetails, toQuestionView } from '../../question.view.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

@Injectable()
@UseCase(CreateQuestion)
export class CreateQuestionHandler implements UseCaseHandler<typeof CreateQuestion> {
  constructor(private readonly access: PortfolioAccess) {}

  async handle(input: RequestOf<typeof CreateQuestion>, { em, caller, record }: UseCaseContext): Promise<QuestionView> {
    const { location } = await this.access.require(em, caller, input.location_id, 'knowledge:write');
    const now = new Date();
    const row = em.create(Question, {
      id: uuidv7(),
      accountId: location.accountId,
      propertyLocationId: location.id,
      question: input.question,
      answer: input.answer,
      createdAt: now,
      updatedAt: now,
    });
    await record(QuestionCreated, { ...location.scope(), ...questionEventDetails(row) });
    await em.flush();
    return toQuestionView(row);
  }
}
