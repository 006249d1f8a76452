import { Injectable } from '@nestjs/common';
import { UpdateQuestion, QuestionUpdated, type Question as QuestionView, type RequestOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { Question } from '../../question.entity.js';
import { QUESTION_NOT_FOUND, questionEventDetails, toQuestionView } from '../../question.view.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

@Injectable()
@UseCase(UpdateQuestion)
export class UpdateQuestionHandler implements UseCaseHandler<typeof UpdateQuestion> {
  constructor(private readonly access: PortfolioAccess) {}

  async handle(input: RequestOf<typeof UpdateQuestion>, { em, caller, record }: UseCaseContext): Promise<QuestionView> {
    const row = await this.access.requireRow(em, caller, Question, input.id, 'knowledge:write', QUESTION_NOT_FOUND);
    row.question = input.question;
    row.answer = input.answer;
    row.updatedAt = new Date();
    await record(QuestionUpdated, { ...row.grant.location.scope(), ...questionEventDetails(row) });
    await em.flush();
    return toQuestionView(row);
  }
}
