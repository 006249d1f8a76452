import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Question as QuestionView, RequestOf, UpdateQuestion } from '@pm/contracts';
import type { Principal } from '@pm/nest-kit';
import { CallerResolver } from '../../../accounts/caller.js';
import { Question } from '../../question.entity.js';
import { QUESTION_NOT_FOUND, toQuestionView } from '../../question.view.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

@Injectable()
export class UpdateQuestionHandler {
  constructor(
    private readonly em: EntityManager,
    private readonly callers: CallerResolver,
    private readonly access: PortfolioAccess,
  ) {}

  async execute(principal: Principal, input: RequestOf<typeof UpdateQuestion>): Promise<QuestionView> {
    return this.em.fork().transactional(async (em) => {
      const caller = await this.callers.resolve(em, principal);
      const row = await this.access.requireRow(em, caller, Question, input.id, 'knowledge:write', QUESTION_NOT_FOUND);
      row.question = input.question;
      row.answer = input.answer;
      row.updatedAt = new Date();
      await em.flush();
      return toQuestionView(row);
    });
  }
}
