import { Injectable } from '@nestjs/common';
import { DeleteQuestion, QuestionDeleted, type RequestOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { Question } from '../../question.entity.js';
import { QUESTION_NOT_FOUND } from '../../question.view.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

@Injectable()
@UseCase(DeleteQuestion)
export class DeleteQuestionHandler implements UseCaseHandler<typeof DeleteQuestion> {
  constructor(private readonly access: PortfolioAccess) {}

  async handle({ id }: RequestOf<typeof DeleteQuestion>, { em, caller, record }: UseCaseContext): Promise<{ deleted: true }> {
    const row = await this.access.requireRow(em, caller, Question, id, 'knowledge:write', QUESTION_NOT_FOUND);
    em.remove(row);
    await record(QuestionDeleted, { ...row.grant.location.scope(), questionId: row.id, changedAt: new Date().toISOString() });
    await em.flush();
    return { deleted: true as const };
  }
}
