import { Injectable } from '@nestjs/common';
import { ListQuestions, type Question as QuestionView, type RequestOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { Question } from '../../question.entity.js';
import { toQuestionView } from '../../question.view.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

@Injectable()
@UseCase(ListQuestions)
export class ListQuestionsHandler implements UseCaseHandler<typeof ListQuestions> {
  constructor(private readonly access: PortfolioAccess) {}

  async handle({ location_id: locationId }: RequestOf<typeof ListQuestions>, { em, caller }: UseCaseContext): Promise<QuestionView[]> {
    const { location } = await this.access.require(em, caller, locationId, 'knowledge:read');
    const rows = await em.find(Question, { propertyLocationId: location.id }, { orderBy: { id: 'asc' } });
    return rows.map(toQuestionView);
  }
}
