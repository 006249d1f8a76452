import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Question as QuestionView, RequestOf, UpdateQuestion } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import type { Principal } from '@pm/nest-kit';
import { CallerResolver } from '../../../accounts/caller.js';
import { Question } from '../../question.entity.js';
import { QUESTION_NOT_FOUND, toQuestionView, validateQuestion } from '../../question.view.js';
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
      const valid = validateQuestion(input);
      if (!valid.ok) throw RpcFailure.badRequest(valid.message);
      row.question = valid.question;
      row.answer = valid.answer;
      row.updatedAt = new Date();
      await em.flush();
      return toQuestionView(row);
    });
  }
}
